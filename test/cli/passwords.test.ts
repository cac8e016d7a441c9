// Issue 32, item 2: one password policy for every output of the command line (RFC 3986 §7.5;
// docs/guide/cli.md "Passwords"): every command, with a password in its input, run with one
// input (text and --json) and in batch mode (JSON Lines), valid and invalid; no output stream
// holds the password, unless --show-password, which shows the command's product as it is. The
// table runs the program in this process (main(), its stdout and stderr caught; batch mode reads
// --input FILE); the issue's own cases run the built command as a user does.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { main } from "../../src/cli/main";
import { ensureBuilt, jsonLines, run, type Run } from "./helpers";

/** Runs the program in this process with `args` (and a file of `stdin` lines as --input): its exit status and what it wrote. */
async function runHere(args: readonly string[], stdin?: string): Promise<Run> {
  let stdout = "";
  let stderr = "";
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  const catcher = (add: (s: string) => void) => ((chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    add(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    const done = rest.find((x): x is () => void => typeof x === "function");
    done?.();
    return true;
  }) as typeof process.stdout.write;
  let file: string | undefined;
  const argv = [...args];
  if (stdin !== undefined) {
    file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "uri-grammar-pw-")), "lines.txt");
    fs.writeFileSync(file, stdin);
    argv.push("--input", file, "--jobs", "1", "--no-progress");
  }
  process.stdout.write = catcher((s) => (stdout += s));
  process.stderr.write = catcher((s) => (stderr += s));
  let status: number;
  try {
    status = await main(argv, "0.0.0-test");
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
    process.exitCode = undefined;
    if (file !== undefined) fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  return { status, stdout, stderr };
}

const SECRET = "Hunter2Secret";
const URI = `http://user:${SECRET}@host.example/p`;
const BAD = `http://user:${SECRET}@host.example/a b`; // invalid (a space), repairable
const BAD_IN_PASSWORD = `http://user:${SECRET} x@host.example/`; // invalid inside the password

interface Case {
  /** What the case is. */
  readonly name: string;
  /** The command and its options. */
  readonly command: readonly string[];
  /** Its inputs as arguments (one line of batch mode: these joined by a tab). */
  readonly inputs: readonly string[];
  /** With --show-password, stdout shows the password (the command's product holds it). */
  readonly product?: boolean;
  /** The inputs are given as options (expand's --var): no batch form. */
  readonly noBatch?: boolean;
}

const CASES: readonly Case[] = [
  { name: "parse", command: ["parse"], inputs: [URI], product: true },
  { name: "parse, invalid", command: ["parse"], inputs: [BAD] },
  { name: "parse, invalid in the password", command: ["parse"], inputs: [BAD_IN_PASSWORD] },
  { name: "parse --tree", command: ["parse", "--tree"], inputs: [URI], product: true, noBatch: true },
  { name: "parse --scheme", command: ["parse", "--scheme"], inputs: [URI], product: true },
  { name: "parse --rule authority (the issue)", command: ["parse", "--rule", "authority"], inputs: [`u:${SECRET}@h`], product: true },
  { name: "parse --rule authority, invalid", command: ["parse", "--rule", "authority"], inputs: [`u:${SECRET} x@h`] },
  { name: "parse --rule userinfo (the issue)", command: ["parse", "--rule", "userinfo"], inputs: [`u:${SECRET}`], product: true },
  { name: "parse --rule iauthority", command: ["parse", "--rule", "iauthority"], inputs: [`ü:${SECRET}@h`], product: true },
  { name: "parse --rule hier-part", command: ["parse", "--rule", "hier-part"], inputs: [`//u:${SECRET}@h/x`], product: true },
  { name: "validate", command: ["validate"], inputs: [BAD_IN_PASSWORD] },
  { name: "validate --rule authority", command: ["validate", "--rule", "authority"], inputs: [`u:${SECRET} x@h`] },
  { name: "validate --rule userinfo", command: ["validate", "--rule", "userinfo"], inputs: [`u:${SECRET}[`] },
  { name: "resolve", command: ["resolve"], inputs: [URI, "x"], product: true },
  { name: "resolve --base", command: ["resolve", "--base", URI], inputs: ["y"], product: true },
  { name: "resolve, invalid", command: ["resolve"], inputs: [BAD_IN_PASSWORD, "x"] },
  { name: "relativize", command: ["relativize"], inputs: ["http://other/", URI], product: true },
  { name: "normalize", command: ["normalize"], inputs: [URI.replace("host", "HOST")], product: true },
  { name: "normalize, invalid in the password", command: ["normalize"], inputs: [BAD_IN_PASSWORD] },
  { name: "equivalent", command: ["equivalent"], inputs: [URI, `${URI}x`] },
  { name: "equivalent, invalid", command: ["equivalent"], inputs: [BAD_IN_PASSWORD, URI] },
  { name: "to-uri", command: ["to-uri"], inputs: [`http://user:${SECRET}@hé.example/é`], product: true },
  { name: "to-iri", command: ["to-iri"], inputs: [`${URI}/%C3%A9`], product: true },
  { name: "repair", command: ["repair"], inputs: [BAD], product: true },
  { name: "repair, in the password", command: ["repair"], inputs: [BAD_IN_PASSWORD], product: true },
  { name: "expand (the issue)", command: ["expand", "--var", `pw=${SECRET}`], inputs: ["http://bob:{pw}@host/"], product: true },
  { name: "expand, a password in the template", command: ["expand"], inputs: [`http://bob:${SECRET}@host/{x}`], product: true },
  { name: "expand, an invalid template", command: ["expand"], inputs: [`http://bob:${SECRET}@host/{x`] },
  { name: "match (the issue)", command: ["match"], inputs: ["http://{user}:{pw}@host/", `http://bob:${SECRET}@host/`], product: true },
  { name: "match --all", command: ["match", "--all"], inputs: ["http://{user}:{pw}@host/", `http://bob:${SECRET}@host/`], product: true },
  { name: "match, the whole userinfo one variable", command: ["match"], inputs: ["http://{+auth}@host/", `http://bob:${SECRET}@host/`], product: true },
  { name: "match, a password in the template", command: ["match"], inputs: [`http://bob:${SECRET}@host/{x}`, `http://bob:${SECRET}@host/1`] },
  { name: "match, no match", command: ["match"], inputs: [`http://bob:${SECRET}@host/{x}`, `http://bob:${SECRET}x@host/1`] },
  { name: "rule, a URI for a name", command: ["rule"], inputs: [URI] },
  // fuzz round 15: no "@", so RFC 3986 reads host "user" and port SECRET (invalid): a userinfo whose "@host" is missing
  { name: "validate, no @ (a missing @host)", command: ["validate"], inputs: [`http://user:${SECRET}`] },
  { name: "parse, no @", command: ["parse"], inputs: [`http://user:${SECRET}/p`] },
  { name: "parse --rule authority, no @", command: ["parse", "--rule", "authority"], inputs: [`user:${SECRET}`] },
  { name: "normalize, no @", command: ["normalize"], inputs: [`//user:${SECRET}`] },
  { name: "to-uri, no @", command: ["to-uri"], inputs: [`http://user:${SECRET}`] },
  { name: "resolve, no @", command: ["resolve"], inputs: [`https://user:${SECRET}?q`, "x"] },
  { name: "equivalent, no @", command: ["equivalent"], inputs: [`http://user:${SECRET}`, URI] },
  // fuzz round 16: repair encoded that ":" into the host (http://user%3A<password>/a%20b), which no mask reads as a password
  { name: "repair, no @", command: ["repair"], inputs: [`http://user:${SECRET}/a b`], product: true },
  { name: "repair --iri, no @", command: ["repair", "--iri"], inputs: [`//user:${SECRET}`], product: true },
];

const streams = (r: Run): string => r.stdout + r.stderr;

describe.each(CASES.map((c) => [c.name, c] as const))("%s", (_name, c) => {
  it("with one input, in text and --json: no stream holds the password", async () => {
    for (const json of [[], ["--json"]]) {
      const r = await runHere([...c.command, ...json, ...c.inputs]);
      expect(r.status).not.toBe(3);
      expect(streams(r)).not.toContain(SECRET);
    }
  });
  if (c.noBatch !== true) {
    it("in batch mode: no record, summary or error holds it", async () => {
      // options first: "match TEMPLATE" reads URIs, without it "template<TAB>URI" lines
      const r = await runHere([...c.command], `${c.inputs.join("\t")}\n`);
      expect(r.status).not.toBe(3);
      const records = jsonLines(r.stdout);
      expect(records.length).toBe(1);
      expect(streams(r)).not.toContain(SECRET);
    });
  }
  if (c.product === true) {
    it("--show-password shows the product as it is", async () => {
      const r = await runHere(["--show-password", ...c.command, ...c.inputs]);
      expect(r.status).toBe(0);
      expect(r.stdout).toContain(SECRET);
    });
  }
});

describe("the issue's cases, exactly, as a user runs the command", () => {
  beforeAll(() => ensureBuilt());
  it("parse --rule authority u:pw14@h: the figure and --json show u:***@h", async () => {
    const figure = await run(["parse", "--rule", "authority", "u:pw14@h"]);
    expect(figure.stdout).toContain("u:***@h");
    expect(figure.stdout).not.toContain("pw14");
    const json = JSON.parse((await run(["parse", "--rule", "authority", "--json", "u:pw14@h"])).stdout) as { userinfo: string };
    expect(json.userinfo).toBe("u:***");
  });
  it("match prints the password variable as *** in single and batch mode, the same value", async () => {
    const single = JSON.parse((await run(["match", "http://{user}:{pw}@host/", "http://bob:secret@host/"])).stdout) as unknown;
    expect(single).toEqual({ user: "bob", pw: "***" });
    const batch = jsonLines((await run(["match", "http://{user}:{pw}@host/"], { stdin: "http://bob:secret@host/\n" })).stdout);
    expect(batch[0]).toMatchObject({ input: "http://bob:***@host/", value: { user: "bob", pw: "***" } });
  });
  it("expand prints the URI with its password masked; --show-password as it is", async () => {
    expect((await run(["expand", "http://bob:{pw}@host/", "--var", "pw=secret"])).stdout).toBe("http://bob:***@host/\n");
    expect((await run(["--show-password", "expand", "http://bob:{pw}@host/", "--var", "pw=secret"])).stdout).toBe("http://bob:secret@host/\n");
  });
  it("a batch line longer than --max-length whose @ lies past character 256: its \"input\" and error hold no password", async () => {
    const line = `http://user:SECRET${"x".repeat(300)}@host/`;
    for (const [limit, runner] of [["100", (a: string[]) => run(a, { stdin: `${line}\n` })], ["290", (a: string[]) => runHere(a, `${line}\n`)]] as const) {
      const r = await runner(["parse", "--max-length", limit]);
      const [record] = jsonLines(r.stdout) as { input: string; truncated?: boolean; error: { name: string } }[];
      expect(record?.truncated).toBe(true);
      expect(record?.error.name).toBe("InputTooLongError");
      expect(record?.input).toBe("http://user:***");
      expect(streams(r)).not.toContain("SECRET");
    }
  });
  it("validity is the input's own: a password no userinfo holds is invalid, though its mask would be valid", async () => {
    expect((await runHere(["parse", BAD_IN_PASSWORD])).status).toBe(1);
    expect((await runHere(["normalize", BAD_IN_PASSWORD])).status).toBe(1);
    expect((await runHere(["parse", "--rule", "authority", `u:${SECRET} x@h`])).status).toBe(1);
  });
  it("a rule name that is no rule is named, not echoed: 100,000 characters, or a URI with a password past the cut", async () => {
    for (const name of ["x".repeat(100_000), `http://user:${"p".repeat(70)}${SECRET}@host/`]) {
      const r = await runHere(["rule", name]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/^uri-grammar: rule: no rule "[^"]{1,64}…?" in RFC 3986 or RFC 3987/);
      expect(r.stderr.length).toBeLessThan(300);
      expect(streams(r)).not.toContain(SECRET);
    }
    expect((await runHere(["rule", "x".repeat(100_000)])).stderr).toContain(`"${"x".repeat(64)}…"`);
  });
});
