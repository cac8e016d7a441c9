// Fuzz round 12 (helper "fuzz"): `uri-grammar match` on a URI spelled as expansion never spells it
// (`%e2` for `%E2`, `%41` for `A`) said "match with { case: true } to accept such spellings" and
// had no flag to do so; now `--case` and `--percent-encoding` are the library's options (RFC 3986
// §6.2.2.1, §6.2.2.2). The rows are fixtures/cli/match-spellings.json; the four with flags failed
// first (an unknown option, exit 2), the one without is a control. A password stays masked.
import { readJson } from "../helpers/fixtures";
import { runHere } from "./helpers";

interface Row {
  readonly template: string;
  readonly uri: string;
  readonly flags: readonly string[];
  readonly value: Readonly<Record<string, string>> | null;
}
const { cases } = readJson<{ cases: readonly Row[] }>("cli", "match-spellings.json");

describe("match --case / --percent-encoding (fixtures/cli/match-spellings.json)", () => {
  it.each(cases.map((c) => [`${c.template} ${c.uri} ${c.flags.join(" ")}`, c] as const))("%s", async (_name, c) => {
    const r = await runHere(["match", ...c.flags, c.template, c.uri]);
    if (c.value === null) {
      expect(r.status).toBe(1);
      expect(r.stderr).toContain("triplet");
    } else {
      expect([r.status, r.stderr]).toEqual([0, ""]);
      expect(JSON.parse(r.stdout)).toEqual(c.value);
    }
  });

  it("reads the flags in batch mode too, and masks a password read with them", async () => {
    const r = await runHere(["match", "--case", "{+u}"], { stdin: "http://u:Zq9SECRETpw@h/%e2%82%ac\n" });
    expect(r.status).toBe(0);
    const line = JSON.parse(r.stdout.trim()) as { ok: boolean; value: Record<string, string> };
    expect(line.ok).toBe(true);
    expect(r.stdout).not.toContain("Zq9SECRETpw");
  });

  it("reads them with --all too (matchAll takes the same options since 25c4e87), and without them --all refuses the spelling", async () => {
    const r = await runHere(["match", "--all", "--case", "users://{id}/profile", "users://%e2%82%ac/profile"]);
    expect([r.status, r.stderr]).toEqual([0, ""]);
    // every reading (a one-member list too), the preferred one first
    expect((JSON.parse(r.stdout) as { readings: unknown[] }).readings[0]).toEqual({ id: "€" });
    const p = await runHere(["match", "--all", "--percent-encoding", "{x,y}", "%61,%61"]);
    expect([p.status, (JSON.parse(p.stdout) as { readings: unknown[] }).readings[0]]).toEqual([0, { x: "a", y: "a" }]);
    const exact = await runHere(["match", "--all", "users://{id}/profile", "users://%e2%82%ac/profile"]);
    expect(exact.status).toBe(1);
  });
});
