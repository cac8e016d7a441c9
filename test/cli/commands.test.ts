// The command line run as a user runs it: arguments, stdin, exit statuses, stdout compared to
// fixtures/cli, --json parsed back, batch mode's JSON Lines and summary. Most cases run the CLI's
// main in this process (runHere: a case in milliseconds); what needs the real process runs the
// built dist/cli.js (run): the version it reads, the modules it loads, a terminal, a closed pipe,
// peak memory, the help's examples in a shell, and a sample of the cases below (the same answers).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { spawn } from "node:child_process";
import { CLI, CLI_FIXTURES, ensureBuilt, jsonLines, readFixture, ROOT, run, runHere, stripAnsi, type Run } from "./helpers";

// at load, not in beforeAll: concurrent tests may start before hooks run
ensureBuilt();

interface FigureCase {
  readonly name: string;
  readonly args: readonly string[];
}
interface CommandCase {
  readonly name: string;
  readonly args: readonly string[];
  readonly status: number;
  readonly stdout?: string;
  readonly stderr?: string;
  /** A piece of stdout, when its whole text is not the point (a help text). */
  readonly stdoutContains?: string;
  /** Batch mode: the bytes of stdin, in hex (so that they need not be UTF-8). */
  readonly stdinHex?: string;
}

const figures = readFixture<{ cases: FigureCase[] }>("figures.json").cases;
const commands = readFixture<{ cases: CommandCase[] }>("commands.json").cases;
/** A terminal as the command sees one: process.stdout.isTTY (or stderr's) set before it starts. */
const tty = (stream: "stdout" | "stderr"): string[] => [`--import=data:text/javascript,Object.defineProperty(process.${stream},"isTTY",{value:true})`];
const figureText = (name: string): string => fs.readFileSync(path.join(CLI_FIXTURES, "figures", `${name}.txt`), "utf8");

describe("parse: the figure and the tree (fixtures/cli/figures)", () => {
  test.concurrent.each(figures.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const r = await runHere(c.args);
    expect(r).toEqual({ status: 0, stdout: figureText(c.name), stderr: "" });
  });

  test("the issue's figure: the same text, brackets over the same columns and the same labels in order", async () => {
    const issue = figureText("issue-figure").trimEnd().split("\n");
    const ours = (await runHere(figures.find((c) => c.name === "issue-example")?.args ?? [])).stdout.trimEnd().split("\n");
    const text = issue[2] as string;
    expect(ours[2]).toBe(text);
    const spans = (row: string): [number, number][] => [...row.matchAll(/[└┌][^┘┐]*[┘┐]/g)].map((m) => [m.index, m.index + m[0].length]);
    const labels = (rows: string[]): string[] => rows.join(" ").split(/[\s│]+/).filter((w) => w !== "");
    expect(spans(ours[1] as string)).toEqual(spans(issue[1] as string));
    expect(spans(ours[3] as string)).toEqual(spans(issue[3] as string));
    expect(labels(ours.slice(0, 1))).toEqual(labels(issue.slice(0, 1)));
    expect(labels(ours.slice(4))).toEqual(labels(issue.slice(4)));
  });

  const example = "https://john.doe@www.example.com:123/forum/questions/?tag=networking&order=newest#top";

  test("colours: on a terminal; none on a pipe, with NO_COLOR or TERM=dumb; FORCE_COLOR and --color force them", async () => {
    const expected = figureText("issue-example");
    const sgr = /\u001b\[3\dm/;
    const terminal = await runHere(["parse", example], { tty: "stdout" });
    // the real process: its stdout a terminal (a preload sets isTTY), and a pipe
    expect(await run(["parse", example], { node: tty("stdout") })).toEqual(terminal);
    expect((await run(["parse", example])).stdout).toBe(expected);
    expect(terminal.stdout).toMatch(sgr);
    expect(stripAnsi(terminal.stdout)).toBe(expected);
    expect((await runHere(["parse", example], { tty: "stdout", env: { NO_COLOR: "1" } })).stdout).toBe(expected);
    expect((await runHere(["parse", example], { tty: "stdout", env: { TERM: "dumb" } })).stdout).toBe(expected);
    expect((await runHere(["parse", example])).stdout).toBe(expected);
    const forced = await runHere(["parse", example], { env: { FORCE_COLOR: "1" } });
    expect(forced.stdout).toMatch(sgr);
    expect(stripAnsi(forced.stdout)).toBe(expected);
    expect((await runHere(["parse", "--no-color", example], { env: { FORCE_COLOR: "1" } })).stdout).toBe(expected);
    expect((await runHere(["parse", "--color", example])).stdout).toMatch(sgr);
  });

  test("--json: the AST parsed back, with spans", async () => {
    const r = await runHere(["parse", "--json", example]);
    expect(r.status).toBe(0);
    const ast = JSON.parse(r.stdout) as { kind: string; scheme: string; authority: { port: string; span: { start: number; end: number } }; query: string; fragment: string };
    expect(ast).toMatchObject({ kind: "URI", scheme: "https", query: "tag=networking&order=newest", fragment: "top" });
    expect(ast.authority.port).toBe("123");
    expect(example.slice(ast.authority.span.start, ast.authority.span.end)).toBe("john.doe@www.example.com:123");
  });

  test("--rule host x and --rule=host x: a rule of the grammar, the same answer", async () => {
    const a = await runHere(["parse", "--rule", "host", "x"]);
    const b = await runHere(["parse", "--rule=host", "x"]);
    expect(a).toEqual({ status: 0, stdout: 'host reg-name [0, 1) "x"\n', stderr: "" });
    expect(b).toEqual(a);
  });

  test("--scheme --json: the generic AST and the scheme's value; a scheme's rejection exits 1", async () => {
    const r = await runHere(["parse", "--scheme", "--json", "mailto:a@example.com?subject=hi"]);
    expect(r.status).toBe(0);
    const v = JSON.parse(r.stdout) as { generic: { scheme: string }; scheme: Record<string, unknown> };
    expect(v.generic.scheme).toBe("mailto");
    expect(JSON.stringify(v.scheme)).toContain("a@example.com");
    const bad = await runHere(["parse", "--scheme", "urn:x"]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).not.toBe("");
  });

  test("an invalid URI: nothing on stdout, the error with a caret on stderr, exit 1", async () => {
    const r = await runHere(["parse", "http://a/b c"]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^Invalid URI-reference at offset 10: .*\n {2}http:\/\/a\/b c\n {12}\^\n$/);
  });
});

describe("each command on arguments (fixtures/cli/commands.json)", () => {
  test.concurrent.each(commands.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const r = await runHere(c.args, c.stdinHex === undefined ? {} : { stdin: Buffer.from(c.stdinHex, "hex") });
    expect(r.status).toBe(c.status);
    if (c.stdout !== undefined) expect(r.stdout).toBe(c.stdout);
    if (c.stdoutContains !== undefined) expect(r.stdout.replace(/\s+/g, " ")).toContain(c.stdoutContains);
    if (c.stderr !== undefined) expect(r.stderr).toContain(c.stderr);
    if (c.status !== 0 && r.stdout === "") expect(r.stderr).not.toBe(""); // an error is said on stderr
  });
});

describe("the built dist/cli.js answers as the in-process runs above do", () => {
  // every eighth case of each fixture file, and those with stdin
  const sample: (FigureCase | CommandCase)[] = [...figures.filter((_, k) => k % 8 === 0), ...commands.filter((c, k) => k % 8 === 0 || c.stdinHex !== undefined)];
  test.concurrent.each(sample.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const options = "stdinHex" in c && c.stdinHex !== undefined ? { stdin: Buffer.from(c.stdinHex, "hex") } : {};
    // a batch summary's seconds differ from run to run
    const seconds = (r: Run): Run => ({ ...r, stderr: r.stderr.replace(/, \d+\.\d\d s\n/g, ", _ s\n") });
    expect(seconds(await run(c.args, options))).toEqual(seconds(await runHere(c.args, options)));
  });
  test("the sample holds figures, commands on arguments and on stdin", () => {
    expect(sample.filter((c) => figures.includes(c)).length).toBeGreaterThanOrEqual(2);
    expect(sample.filter((c) => "stdinHex" in c && c.stdinHex !== undefined).length).toBeGreaterThanOrEqual(1);
    expect(sample.length).toBeLessThanOrEqual(20);
  });
});

describe("expand: a variable given that the template does not name", () => {
  test("a note on stderr names it and the template's variables (a misspelt --var expands as undefined, to nothing), unless --quiet; the URI is printed as before", async () => {
    expect(await runHere(["expand", "/users/{id}{?page}", "--var", "ID=7", "--var", "page=2"])).toEqual({
      status: 0,
      stdout: "/users/?page=2\n",
      stderr: 'expand: (the template has no variable "ID": its variables are "id", "page")\n',
    });
    expect(await runHere(["expand", "--quiet", "/users/{id}", "--var", "ID=7"])).toEqual({ status: 0, stdout: "/users/\n", stderr: "" });
    expect(await runHere(["expand", "--json", "/users/{id}", "--var", "ID=7"])).toEqual({ status: 0, stdout: '"/users/"\n', stderr: "" });
    expect(await runHere(["expand", "/users/{id}", "--var", "id=7"])).toEqual({ status: 0, stdout: "/users/7\n", stderr: "" });
    expect((await runHere(["expand", "/static", "--var", "x=1", "--var", "y=2"])).stderr).toBe('expand: (the template has no variables "x", "y": it has none)\n');
  });
});

describe("relativize: the empty reference", () => {
  test("identical URIs: an empty line on stdout (the reference itself), a note on stderr unless --quiet; --json prints \"\"", async () => {
    expect(await runHere(["relativize", "http://a/b?q", "http://a/b?q"])).toEqual({
      status: 0,
      stdout: "\n",
      stderr: "relativize: (the empty reference: the target is the base without its fragment)\n",
    });
    expect(await runHere(["relativize", "--quiet", "http://a/b", "http://a/b"])).toEqual({ status: 0, stdout: "\n", stderr: "" });
    expect(await runHere(["relativize", "--json", "http://a/b", "http://a/b"])).toEqual({ status: 0, stdout: '""\n', stderr: "" });
    expect(await runHere(["relativize", "http://a/b", "http://a/b#x"])).toEqual({ status: 0, stdout: "#x\n", stderr: "" });
    const batch = await runHere(["relativize", "--quiet", "--base", "http://a/b"], { stdin: "http://a/b\n" });
    expect(jsonLines(batch.stdout)).toEqual([{ line: 1, input: "http://a/b", ok: true, value: "" }]);
  });

  test("validate and normalize take the same lines (issue 31: validate refused https://9m.no/拠傅, which normalize printed unchanged)", async () => {
    const lines = ["https://9m.no/拠傅", "http://a/#é", "http://a/#\u202e", "foo:é", "//é/x", "HTTP://a/%7e", "http://a/%zz", "http://a/ b", "http://[::1", "http://a/?x#y#z"];
    const okOf = async (command: string): Promise<boolean[]> =>
      jsonLines((await runHere([command, "--json", "--quiet"], { stdin: `${lines.join("\n")}\n` })).stdout).map((l) => (l as { ok: boolean }).ok);
    const validate = await okOf("validate");
    expect(validate).toEqual([true, true, true, true, true, true, false, false, false, false]);
    expect(await okOf("normalize")).toEqual(validate);
  });
});

describe("help, version, rules", () => {
  test("--version prints package.json's version", async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
    expect(await run(["--version"])).toEqual({ status: 0, stdout: `${pkg.version}\n`, stderr: "" });
  });

  test("a run loads what its command needs: --version and --help no command, resolve, validate and normalize --level syntax no grammar, --rule the grammars, --scheme and normalize's scheme level the schemes' records without the engine, expand the expander alone (a resolve hook writes the modules down)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "uri-grammar-cli-"));
    try {
      const hook = 'import fs from "node:fs"; export async function resolve(s, c, next) { const r = await next(s, c); fs.appendFileSync(process.env.URI_GRAMMAR_LOADED, r.url + "\\n"); return r; }';
      const register = `import { register } from "node:module"; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});`;
      const loaded = async (args: string[]): Promise<string[]> => {
        const file = path.join(dir, `${args.join("_").replace(/\W/g, "")}.txt`);
        const r = await run(args, { node: [`--import=data:text/javascript,${encodeURIComponent(register)}`], env: { URI_GRAMMAR_LOADED: file } });
        expect(r.status).toBe(0);
        const urls = fs.readFileSync(file, "utf8").split("\n");
        return [
          ...urls.filter((u) => u.includes("/dist/")).map((u) => u.slice(u.indexOf("/dist/") + 1)),
          ...urls.filter((u) => u.includes("/node_modules/")).map((u) => `node_modules/${u.slice(u.lastIndexOf("/node_modules/") + 14).split("/")[0] as string}`),
        ];
      };
      const heavy = (urls: string[]): string[] => urls.filter((u) => /^dist\/(grammars|schemes|abnf|iri|transforms)\/|^dist\/(index|parse|operations)\.js$|^dist\/cli\/(commands\/.*|grammars)\.js$/.test(u));
      expect(heavy(await loaded(["--version"]))).toEqual([]);
      expect(heavy(await loaded(["--help"]))).toEqual([]);
      expect(heavy(await loaded(["parse", "--help"]))).toEqual([]);
      // the ABNF engine's grammar values, every grammar, the scheme values, and what IRIs, templates and security load
      const grammars = (urls: string[]): string[] =>
        urls.filter((u) => /^dist\/abnf\/(grammar|automaton|analysis|parser)\.js$|^dist\/cli\/grammars\.js$|^dist\/schemes\/(defaults|index|scheme|precompiled|sources)\.js$|^dist\/(iri|template|security|whatwg)\/|^node_modules\/(parsimmon|tr46|tldts)$/.test(u));
      const resolve = await loaded(["resolve", "http://a/b/c", "../d"]);
      expect(resolve).toEqual(expect.arrayContaining(["dist/cli/commands/reference.js", "dist/operations.js"]));
      expect(grammars(resolve)).toEqual([]);
      expect(grammars(await loaded(["normalize", "--level", "syntax", "HTTP://a/"]))).toEqual([]);
      // §6.2.3 with the built-in schemes: their records and compiled rules, not their grammar values or the ABNF engine (issue 31)
      const normalize = await loaded(["normalize", "HTTP://a/"]);
      expect(normalize).toEqual(expect.arrayContaining(["dist/schemes/records.js", "dist/compiled/schemes.js"]));
      expect(grammars(normalize)).toEqual([]);
      const validate = await loaded(["validate", "http://a/"]);
      expect(validate).toEqual(expect.arrayContaining(["dist/cli/commands/parse.js", "dist/parse.js"]));
      expect(grammars(validate)).toEqual([]);
      expect(await loaded(["validate", "--rule", "host", "[::1]"])).toEqual(expect.arrayContaining(["dist/cli/grammars.js", "dist/abnf/grammar.js"]));
      const schemeParse = await loaded(["parse", "--scheme", "tel:+1-201-555-0123"]);
      expect(schemeParse).toEqual(expect.arrayContaining(["dist/schemes/records.js"]));
      expect(grammars(schemeParse)).toEqual([]);
      // expand: the expander alone (template/expand-text.ts), not the matcher
      const expand = await loaded(["expand", "http://a/{x}", "--var", "x=1"]);
      expect(expand).toEqual(expect.arrayContaining(["dist/cli/commands/expand.js", "dist/template/expand-text.js"]));
      expect(expand.filter((u) => /^dist\/template\/(index|match|automaton|language|router|ambiguity|template)\.js$|^dist\/cli\/template\.js$/.test(u))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("--help lists every command and the exit statuses", async () => {
    const r = await runHere(["--help"]);
    expect(r.status).toBe(0);
    for (const c of ["parse", "validate", "resolve", "relativize", "normalize", "equivalent", "to-uri", "to-iri", "repair", "rules", "rule"]) {
      expect(r.stdout).toMatch(new RegExp(`^  ${c} `, "m"));
    }
    expect(r.stdout).toContain("Exit status: 0 valid");
    const sub = await runHere(["parse", "--help"]);
    expect(sub.stdout).toContain("--rule <name>");
    expect(sub.stdout).toContain("--tree");
  });

  test("the prose of every --help is wrapped at 100 columns at most (lines31 round 2: the batch paragraph had a line of 150); an example stays one line", async () => {
    const long: string[] = [];
    for (const args of [["--help"], ...["parse", "validate", "resolve", "relativize", "normalize", "equivalent", "to-uri", "to-iri", "repair", "expand", "match", "rules", "rule"].map((c) => [c, "--help"])]) {
      const r = await runHere(args);
      expect(r.status).toBe(0);
      for (const line of r.stdout.split("\n")) if (line.length > 100 && !line.startsWith("  uri-grammar ")) long.push(`${args.join(" ")}: ${line}`);
    }
    expect(long).toEqual([]);
  });

  test("normalize --help says what each --ipv6 form writes, the default among them, as it runs (a new user read only rfc5952's)", async () => {
    const help = (await runHere(["normalize", "--help"])).stdout.replace(/\s+/g, " ");
    expect(help).toContain('--ipv6 <form> keep (the default): as written, in lowercase; rfc5952: in RFC 5952 form (choices: "keep", "rfc5952", default: "keep")');
    for (const [form, out] of [[[], "http://[2001:db8:0:0::1]/"], [["--ipv6", "keep"], "http://[2001:db8:0:0::1]/"], [["--ipv6", "rfc5952"], "http://[2001:db8::1]/"]] as const) {
      const r = await runHere(["normalize", ...form, "HTTP://[2001:DB8:0:0::1]/"]);
      expect([form, r.stdout.trim()]).toEqual([form, out]);
    }
  });

  test("match --help names the --max-readings the library uses when it is left out (fuzz round 4: it said 64 after the default became 4,096)", async () => {
    const help = (await runHere(["match", "--help"])).stdout.replace(/\s+/g, " ");
    const stated = /--max-readings <n> [^(]*\(default (\d[\d,]*)\)/.exec(help)?.[1];
    expect(stated).toBeDefined();
    // {y}{#id,id}{y,id} reads this expansion of { y: [a, b], id: { k: v } } after more than 64 readings (fef325d)
    const args = ["match", "--json", "{y}{#id,id}{y,id}", "a,b#k,v,k,va,b,k,v"];
    const without = await runHere(args);
    const given = await runHere([...args, "--max-readings", (stated as string).replace(/,/g, "")]);
    expect([given.status, given.stdout]).toEqual([without.status, without.stdout]);
    expect(without.status).toBe(0);
  });

  test("every example of --help works pasted into a shell (sh -c), as it reads", async () => {
    const help = (await run(["--help"])).stdout;
    const examples = help.split("\n").filter((l) => /^ {2}uri-grammar /.test(l)).map((l) => l.trim());
    expect(examples.length).toBeGreaterThanOrEqual(5);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "uri-grammar-cli-"));
    try {
      fs.writeFileSync(path.join(dir, "urls.txt"), "http://a/\nhttp://b/\n"); // the example's --input urls.txt
      for (const example of examples) {
        // uri-grammar as a shell function, so the shell splits and unquotes the line as a user's would
        const script = `uri_grammar() { "${process.execPath}" "${CLI}" "$@"; }\n${example.replace(/^uri-grammar/, "uri_grammar")}`;
        const r = await new Promise<{ status: number | null; stderr: string }>((resolve, reject) => {
          const child = spawn("sh", ["-c", script], { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
          let err = "";
          child.stderr.on("data", (b: Buffer) => (err += b.toString()));
          child.on("error", reject);
          child.on("close", (status) => resolve({ status, stderr: err }));
        });
        // 0 or 1 (equivalent's example is not equivalent at --level syntax); never a usage error (2) or a shell's 127
        expect({ example, usage: r.status !== 0 && r.status !== 1, stderr: r.stderr }).toEqual({ example, usage: false, stderr: expect.not.stringMatching(/uri-grammar: |not found/) as unknown as string });
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test.concurrent.each([
    [["bogus"]],
    [["--bogus"]],
    [["parse", "--bogus", "x"]],
    [["parse", "a", "b"]],
    [["rules", "--grammar", "nope"]],
    [["normalize", "--level", "nope", "x"]],
    [["validate", "--max-length", "x", "a"]],
    [["resolve", "--base"]],
    [["help", "bogus"]],
    [["parse", "--rule", "nope", "x"]],
    [["resolve", "http://a/"]],
    [["validate", "--input", "/nonexistent/urls.txt"]],
  ])("a usage error (%j): stderr starts with \"uri-grammar: \", nothing on stdout, exit 2", async (args) => {
    const r = await runHere(args);
    expect(r).toEqual({ status: 2, stdout: "", stderr: expect.stringMatching(/^uri-grammar: \S/) as unknown as string });
    expect(r.stderr).not.toMatch(/^error: /m);
    expect(r.stderr).not.toContain("Usage:"); // the message, not the whole help
  });

  test("rules: every rule with its ABNF; --json with uses and used by", async () => {
    const r = await runHere(["rules"]);
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    for (const line of lines) expect(line).toMatch(/^[A-Za-z][A-Za-z0-9-]* +=  ?\S/);
    const names = lines.map((l) => l.split(" ")[0]);
    expect(names).toEqual(expect.arrayContaining(["URI", "URI-reference", "host", "IPv6address", "IRI", "ucschar", "ALPHA"]));
    const json = JSON.parse((await runHere(["rules", "--json"])).stdout) as { name: string; abnf: string; uses: string[]; usedBy: string[] }[];
    expect(json.map((x) => x.name)).toEqual(names);
    expect(json.find((x) => x.name === "authority")).toMatchObject({ uses: ["userinfo", "host", "port"] });
    // where each rule is defined: RFC 3986's, RFC 3987's and the core rules with their sections
    const home = (n: string): unknown => (json as { name: string; grammar?: string }[]).find((x) => x.name === n)?.grammar;
    expect([home("host"), home("URI"), home("IRI"), home("ALPHA")]).toEqual(["RFC 3986 §3.2.2", "RFC 3986 §3", "RFC 3987 §2.2", "RFC 5234 Appendix B.1"]);
    const tel = await runHere(["rules", "--grammar", "tel"]);
    expect(tel.status).toBe(0);
    expect(tel.stdout).toMatch(/^telephone-uri +=/m);
  });
});

describe("batch mode: one input per line, JSON Lines out, a summary on stderr", () => {
  test("stdin: bad lines are reported and the run goes on; exit 1; the summary counts them", async () => {
    const r = await runHere(["validate"], { stdin: "http://a/\nhttp://a b\n\n%zz\r\nmailto:x@y\n" });
    expect(r.status).toBe(1);
    const records = jsonLines(r.stdout);
    expect(records.map((x) => [x["line"], x["input"], x["ok"]])).toEqual([
      [1, "http://a/", true],
      [2, "http://a b", false],
      [3, "", true],
      [4, "%zz", false],
      [5, "mailto:x@y", true],
    ]);
    expect(records[1]).toMatchObject({ error: { name: "UriSyntaxError", offset: 8, found: "U+0020" } });
    expect(r.stderr).toMatch(/^validate: 5 lines, 3 valid, 2 invalid, \d+\.\d\d s\n$/);
    expect(r.stderr).not.toContain("\r"); // no progress bar: stderr is not a terminal
  });

  test("--input FILE; every line valid exits 0; --quiet leaves the summary out", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "uri-grammar-cli-"));
    try {
      const file = path.join(dir, "urls.txt");
      fs.writeFileSync(file, "\ufeffHTTP://A/./b\nhttp://a:80/\n");
      const r = await runHere(["normalize", "--input", file]);
      expect(r.status).toBe(0);
      expect(jsonLines(r.stdout).map((x) => x["value"])).toEqual(["http://a/b", "http://a/"]);
      expect(r.stderr).toMatch(/^normalize: 2 lines, 2 valid, 0 invalid/);
      const q = await runHere(["normalize", "--quiet", "--input", file]);
      expect(q).toEqual({ status: 0, stdout: r.stdout, stderr: "" });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("parse: each line's AST; --rule applies to every line", async () => {
    const r = await runHere(["parse", "--rule", "host"], { stdin: "[::1]\nexample.com\n[x\n" });
    expect(r.status).toBe(1);
    const records = jsonLines(r.stdout);
    expect(records.map((x) => x["ok"])).toEqual([true, true, false]);
    expect(records[0]).toMatchObject({ value: { kind: "IPv6address" } });
    expect(records[1]).toMatchObject({ value: { kind: "reg-name", text: "example.com" } });
  });

  test("parse --tree in batch mode is a usage error (trees are drawn for one URI; batch mode prints JSON Lines), before any line is read", async () => {
    // it printed JSON Lines as if --tree were not there (issue 23)
    for (const args of [["parse", "--tree"], ["parse", "--tree", "--json"], ["parse", "--tree", "--input", "-"], ["parse", "--tree", "--jobs", "1"]]) {
      const r = await runHere(args, { stdin: "http://a/b\nhttp://c/d\n" });
      expect(r).toEqual({
        status: 2,
        stdout: "",
        stderr: expect.stringMatching(/^uri-grammar: parse: --tree draws the tree of one URI given as an argument; batch mode \(stdin or --input\) prints JSON Lines/) as unknown as string,
      });
    }
    // one URI as an argument: the tree, as before
    const one = await runHere(["parse", "--tree", "http://a/b"]);
    expect(one.status).toBe(0);
    expect(one.stdout).toMatch(/^URI \[0, 10\) "http:\/\/a\/b"\n  scheme /);
  });

  test("resolve with --base, and base<TAB>reference lines; a line without a tab is an error of its own", async () => {
    const withBase = await runHere(["resolve", "--base", "http://a/b/c/d;p?q"], { stdin: "../g\n?y\n" });
    expect(jsonLines(withBase.stdout).map((x) => x["value"])).toEqual(["http://a/b/g", "http://a/b/c/d;p?y"]);
    const pairs = await runHere(["resolve"], { stdin: "http://a/b/c\tg\nno-tab\n" });
    expect(pairs.status).toBe(1);
    const records = jsonLines(pairs.stdout);
    expect(records[0]).toMatchObject({ ok: true, value: "http://a/b/g" });
    expect(records[1]).toMatchObject({ ok: false, error: { name: "InputError" } });
  });

  test("rule: each line a rule name; an unknown one is an UnknownRuleError that names the grammar having it", async () => {
    const r = await runHere(["rule", "--quiet"], { stdin: "host\naddr-spec\n" });
    expect(r.status).toBe(1);
    const records = jsonLines(r.stdout);
    expect(records[0]).toMatchObject({ ok: true, value: { name: "host", grammar: "RFC 3986 §3.2.2" } });
    expect(records[1]).toMatchObject({ ok: false, error: { name: "UnknownRuleError", message: 'rule: no rule "addr-spec" in RFC 3986 or RFC 3987; the mailto grammar has it: --grammar mailto' } });
  });

  test("the comparison is named as the API names it, equivalent (a new user looked for it under the API's name); equal is no command (0.1.0 is unreleased)", async () => {
    const r = await runHere(["equivalent", "http://example.com", "http://example.com:80/"]);
    expect([r.status, r.stdout]).toEqual([0, "equivalent\n"]);
    const help = (await runHere(["--help"])).stdout;
    expect([/^ {2}equivalent /m.test(help), /^ {2}equal /m.test(help), help.includes("uri-grammar equivalent --level syntax")]).toEqual([true, false, true]);
    const old = await runHere(["equal", "http://a", "http://a"]);
    expect(old.status).toBe(2);
  });

  test("equivalent: not equivalent lines exit 1 and are counted apart from invalid ones", async () => {
    const r = await runHere(["equivalent"], { stdin: "http://a\thttp://A:80/\nhttp://a\thttp://b\n%\tx\n" });
    expect(r.status).toBe(1);
    expect(jsonLines(r.stdout).map((x) => x["value"] ?? null)).toEqual([true, false, null]);
    expect(r.stderr).toMatch(/^equivalent: 3 lines, 1 equivalent, 1 not equivalent, 1 invalid/);
  });

  test("--max-length on lines of two inputs: each input is held to it; a line past twice the limit is refused by its long input", async () => {
    const r = await runHere(["equivalent", "--max-length", "10", "--quiet"], { stdin: `http://a\thttp://b\nhttp://a/\thttp://b/${"b".repeat(20)}\nhttp://a/abc\thttp://b\n` });
    const records = jsonLines(r.stdout) as { ok: boolean; error?: { name: string; message: string } }[];
    expect(records.map((x) => x.ok)).toEqual([true, false, false]);
    expect(records[1]?.error).toMatchObject({ name: "InputTooLongError", message: "Invalid input: the input is 29 characters long, more than the limit of 10 (maxLength)" });
    expect(records[2]?.error).toMatchObject({ name: "InputTooLongError", message: "Invalid input: the input is 12 characters long, more than the limit of 10 (maxLength)" });
  });

  test("--max-length: a long line is reported and the run goes on", async () => {
    const r = await runHere(["validate", "--max-length", "10", "--quiet"], { stdin: "http://a\nhttp://abcdefgh\nb\n" });
    expect(jsonLines(r.stdout).map((x) => [x["ok"], (x["error"] as { name?: string } | undefined)?.name])).toEqual([
      [true, undefined],
      [false, "InputTooLongError"],
      [true, undefined],
    ]);
  });

  test("lines of 30 MB: each an InputTooLongError of its own, never held whole (peak RSS flat), the next lines read", async () => {
    const MB = 1 << 20;
    const long = (k: number): number => 30 * MB + k; // characters of the k-th long line
    /** Runs validate on stdin written in 1 MiB pieces (a pipe, as `cat big | uri-grammar validate`): stdout, stderr, exit status and peak RSS. */
    const feed = (pieces: () => Generator<string>): Promise<{ status: number | null; stdout: string; stderr: string; maxRss: number }> =>
      new Promise((resolve, reject) => {
        const report = 'process.on("exit",()=>process.stderr.write("maxRSS "+process.resourceUsage().maxRSS+"\\n"))';
        const child = spawn(process.execPath, [`--import=data:text/javascript,${encodeURIComponent(report)}`, CLI, "validate", "--quiet"], {
          cwd: ROOT,
          env: { ...process.env, FORCE_COLOR: undefined, NO_COLOR: undefined },
        });
        const out: Buffer[] = [];
        let err = "";
        child.stdout.on("data", (b: Buffer) => out.push(b));
        child.stderr.on("data", (b: Buffer) => (err += b.toString()));
        child.on("error", reject);
        child.on("close", (status) => {
          const m = /maxRSS (\d+)\n/.exec(err);
          resolve({ status, stdout: Buffer.concat(out).toString(), stderr: err.replace(/maxRSS \d+\n/, ""), maxRss: Number(m?.[1]) * 1024 });
        });
        const it = pieces();
        const pump = (): void => {
          for (let r = it.next(); !r.done; r = it.next()) if (!child.stdin.write(r.value)) return void child.stdin.once("drain", pump);
          child.stdin.end();
        };
        child.stdin.on("error", reject);
        pump();
      });
    const big = await feed(function* () {
      for (let k = 0; k < 3; k++) {
        yield `http://example.com/${k}\n`;
        const piece = k === 1 ? "例".repeat(MB) : "a".repeat(MB); // one line beyond ASCII (two bytes of UTF-16, three of UTF-8 each)
        yield "http://a/";
        for (let n = 9; n + MB <= long(k); n += MB) yield piece;
        yield "b".repeat((long(k) - 9) % MB) + (k === 2 ? "\r\n" : "\n");
      }
      yield "http://last/"; // no line break at the end
    });
    const small = await feed(function* () {
      yield "http://example.com/\nhttp://a/b\n";
    });
    expect([big.status, big.stderr]).toEqual([1, ""]);
    const records = jsonLines(big.stdout);
    expect(records.map((r) => [r["line"], r["ok"]])).toEqual([[1, true], [2, false], [3, true], [4, false], [5, true], [6, false], [7, true]]);
    expect(records.map((r) => r["input"]).filter((_, k) => k % 2 === 0)).toEqual(["http://example.com/0", "http://example.com/1", "http://example.com/2", "http://last/"]);
    for (const k of [0, 1, 2]) {
      const r = records[2 * k + 1] as { input: string; truncated?: boolean; error: Record<string, unknown> };
      expect(r.truncated).toBe(true);
      expect(r.input).toBe(`http://a/${(k === 1 ? "例" : "a").repeat(256 - 9)}`);
      expect(r.error).toMatchObject({
        name: "InputTooLongError",
        message: `Invalid input: the input is ${long(k)} characters long, more than the limit of 2097152 (maxLength)`,
        offset: 2097152,
      });
    }
    // 90 MB of lines cost no more than reading a pipe does (node alone peaks some 40 MB above its
    // start reading these): measured +42 to +56 MB; before, when each 30 MB line was held whole
    // and written back in its record, +435 MB
    expect(big.maxRss - small.maxRss).toBeLessThan(100 * MB);
  });

  test("a closed stdout (| head -1) ends the run quietly", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "uri-grammar-cli-"));
    try {
      const file = path.join(dir, "many.txt");
      fs.writeFileSync(file, Array.from({ length: 50000 }, (_, k) => `http://example.com/${k}`).join("\n"));
      const [errFile, statusFile] = [path.join(dir, "stderr"), path.join(dir, "status")];
      const script = '{ "$0" "$1" validate --input "$2" 2>"$3"; echo $? >"$4"; } | head -1';
      const stdout = await new Promise<string>((resolve, reject) => {
        const child = spawn("sh", ["-c", script, process.execPath, CLI, file, errFile, statusFile], { stdio: ["ignore", "pipe", "inherit"] });
        let out = "";
        child.stdout.on("data", (b: Buffer) => (out += b.toString()));
        child.on("error", reject);
        child.on("close", () => resolve(out));
      });
      const r = { status: Number(fs.readFileSync(statusFile, "utf8")), stdout, stderr: fs.readFileSync(errFile, "utf8") };
      expect(r).toEqual({ status: 0, stdout: '{"line":1,"input":"http://example.com/0","ok":true,"value":true}\n', stderr: "" });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a progress bar on stderr only when stderr is a terminal, cleared before the summary", async () => {
    const stdin = Array.from({ length: 600 }, (_, k) => `http://example.com/${k}`).join("\n");
    const bar = await run(["validate"], { stdin, node: tty("stderr") });
    expect(bar.stderr).toMatch(/\r\u001b\[K256 lines, /);
    expect(bar.stderr).toMatch(/\r\u001b\[Kvalidate: 600 lines, 600 valid, 0 invalid/);
    expect(jsonLines(bar.stdout)).toHaveLength(600);
    expect((await runHere(["validate", "--no-progress"], { stdin, tty: "stderr" })).stderr).toMatch(/^validate: 600 lines/);
    expect((await runHere(["validate"], { stdin })).stderr).toMatch(/^validate: 600 lines/);
  });

  test("no argument and stdin a terminal-less empty pipe: no lines, a summary, exit 0", async () => {
    const r = await runHere(["to-uri"]);
    expect(r).toEqual({ status: 0, stdout: "", stderr: expect.stringMatching(/^to-uri: 0 lines, 0 valid, 0 invalid/) as unknown as string });
  });
});
