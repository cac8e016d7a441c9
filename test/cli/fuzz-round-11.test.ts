// Fuzz round 11 (helper "fuzz"): --max-length with one input given as an argument refuses it
// before any work (src/cli/dispatch.ts `checked`) with an InputTooLongError whose excerpt is the
// input; that error was made from the text as given and read as a URI reference (its rule is
// "input"), so an authority's or a userinfo's password (`--rule authority "u:pw@h"`, RFC 3986
// §3.2.1, §7.5) was printed whole, where the same input without --max-length, in batch mode, or
// through the library's maxLength shows "u:***@h".
import { runHere } from "./helpers";

const SECRET = "Zq9SECRETpw";

describe("--max-length with one input: the refusal masks the password as the command reads it", () => {
  it.each([
    [["validate", "--rule", "authority"], `u:${SECRET}@h`],
    [["parse", "--rule", "authority"], `u:${SECRET}@h`],
    [["validate", "--rule", "iauthority"], `ü:${SECRET}@h`],
    [["validate", "--rule", "userinfo"], `u:${SECRET}`],
    [["parse", "--rule", "userinfo"], `u:${SECRET}`],
    [["validate"], `http://u:${SECRET}@h/`], // (masked before too: a URI reference's reading)
  ] as const)("%j %s", async (command, input) => {
    for (const json of [[], ["--json"]]) {
      const r = await runHere([...command, ...json, "--max-length", "3", input]);
      expect(r.status).toBe(1);
      expect(r.stdout + r.stderr).toContain("more than the limit of 3");
      expect(r.stdout + r.stderr).not.toContain(SECRET);
    }
  });
});
