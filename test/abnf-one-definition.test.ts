// Issue 31 (one of each), in the ABNF engine's files: a code point named in a message is
// errors.ts `codePointName`'s "U+XXXX" (the reader wrote it twice itself). ASCII-only
// lowercasing stays written twice, in the ABNF engine (expr.ts, RFC 5234 §2.3) and in
// normalization (transforms/normalize.ts, RFC 3986 §6.2.2.1): a module of its own put one more
// module on normalize(s)'s path (issue 31: at most 7, test/module-path) and grew the automaton
// core's bundle, and neither layer may import the other; the tests below hold both to one answer.
import * as fs from "node:fs";
import * as path from "node:path";
import { grammar, grammarFromAbnf, lit } from "../src/abnf/index";
import { asciiLower } from "../src/abnf/expr";
import { codePointName } from "../src/errors";
import { normalizeOrThrow, serialize } from "../src/index";

const SRC = path.join(__dirname, "..", "src");
const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : []));

const messageOf = (text: string): string => {
  const r = grammarFromAbnf(text);
  if (r.ok) throw new Error(`loaded: ${JSON.stringify(text)}`);
  return r.error.message;
};

describe("a code point in the ABNF reader's messages is codePointName's", () => {
  it("a character found where the reader stopped (reader-errors.ts foundAt): a control, and one past ASCII", () => {
    expect(messageOf('a = "x" \u0001\n')).toContain(`the control character ${codePointName(0x01)} is not allowed`);
    expect(codePointName(0x01)).toBe("U+0001");
    expect(messageOf('a = "x" \u00e9\n')).toContain(`${codePointName(0xe9)} "é" is not US-ASCII`);
  });

  it("a surrogate in a dotted numeric value (reader.ts)", () => {
    expect(messageOf("a = %x61.D800\n")).toContain(`${codePointName(0xd800)} is a surrogate code point`);
    expect(messageOf("a = %d97.56320\n")).toContain(`${codePointName(0xdc00)} is a surrogate code point`);
  });

  it("no file of src/abnf writes U+ and a hex code itself", () => {
    for (const file of sourceFiles(path.join(SRC, "abnf"))) expect([file, /U\+\$\{[^}]*toString\(16\)/.test(fs.readFileSync(file, "utf8"))]).toEqual([file, false]);
  });
});

describe("ASCII letters to lowercase, in the ABNF engine and in normalization alike", () => {
  it("the engine's lowers A-Z and nothing else", () => {
    expect(asciiLower("HTTP")).toBe("http");
    expect(asciiLower("Ab\u212A\u00c9Z")).toBe("ab\u212A\u00c9z"); // (KELVIN SIGN and É stay: both RFCs are ASCII-only)
    const same = "already lower";
    expect(asciiLower(same)).toBe(same);
  });

  it("the ABNF engine compares quoted strings by it (a conflict between imports is a difference past ASCII case)", () => {
    const lower = grammar({ k: lit("k") }, { name: "lower" });
    expect(() => grammar({ x: lit("x") }, { imports: [lower, grammar({ k: lit("K") }, { name: "upper" })] })).not.toThrow();
    expect(() => grammar({ x: lit("x") }, { imports: [lower, grammar({ k: lit("\u212A") }, { name: "kelvin" })] })).toThrow(/defined differently/);
  });

  it("normalize lowers a scheme and a host as the engine's asciiLower does, and nothing past ASCII", () => {
    for (const [scheme, host] of <[string, string][]>[["HTTP", "EXAMPLE.COM"], ["Foo+Bar", "Ex\u00c9mple.ORG"], ["X-Y.Z", "\u212Aelvin.COM"], ["a", "\u0400\u040A"]]) {
      const out = serialize(normalizeOrThrow(`${scheme}://${host}/A`));
      expect(out).toBe(`${asciiLower(scheme)}://${asciiLower(host)}/A`);
    }
  });

  it("exactly the two definitions, in the two layers", () => {
    const defined = sourceFiles(SRC).filter((f) => /\b(const|function)\s+asciiLower\b/.test(fs.readFileSync(f, "utf8")));
    expect(defined.map((f) => path.relative(SRC, f)).sort()).toEqual(["abnf/expr.ts", "transforms/normalize.ts"]);
  });
});
