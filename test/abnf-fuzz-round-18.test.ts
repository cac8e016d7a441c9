// Fuzz round 18 on grammars users load, written as an attacker would: one rule of 150,000
// alternatives (RFC 5234 §3.2) or a literal of 150,000 characters (§2.3). A JavaScript call that
// spreads a list into its arguments (`f(...list)`) overflows the call stack past about 120,000
// of them, so the loader, compile(), validate() and generate() threw a RangeError ("Maximum call
// stack size exceeded") on such grammars; each must answer, or refuse with a typed error. And
// no step may cost more than linear time in the number of alternatives: generate() picked a
// shortest alternative by a minimum computed again for each alternative, and the "expected"
// labels were deduplicated by a scan of the list for each label. No timing here: the work is
// counted.
import { grammarFromAbnfOrThrow, seededRandom } from "../src/abnf/index";
import { uniquePush } from "../src/abnf/labels";

const N = 150_000;
const alternatives = (n: number, item: (k: number) => string): string => Array.from({ length: n }, (_, k) => item(k)).join(" / ");
const astral = (k: number): number => 0x10000 + 2 * k;

describe("a rule of 150,000 alternatives of one character each (a set of 150,000 ranges)", () => {
  const text = `x = ${alternatives(N, (k) => `%x${astral(k).toString(16)}`)}\n`;

  it("loads, and matches each alternative and nothing between them", () => {
    const g = grammarFromAbnfOrThrow(text);
    const answers = [astral(0), astral(N - 1), astral(0) + 1, astral(N - 1) + 1].map((cp) => g.isValid(String.fromCodePoint(cp), "x"));
    expect(answers).toEqual([true, true, false, false]);
  });

  it("compiles, and generates a string it matches", () => {
    const g = grammarFromAbnfOrThrow(text).compile();
    const s = g.generate("x", seededRandom(18));
    expect([g.isValid(s, "x"), g.isValid(`${s}${s}`, "x")]).toEqual([true, false]);
  });

  it("compiles where a recursive rule calls it (what each alternative can start with)", () => {
    const g = grammarFromAbnfOrThrow(`r = "(" r ")" / x\n${text}`).compile();
    const inner = String.fromCodePoint(astral(7));
    expect([g.isValid(`((${inner}))`, "r"), g.isValid(`((${inner})`, "r")]).toEqual([true, false]);
  });
});

describe("a literal of 150,000 characters", () => {
  const long = "a".repeat(N);

  it("generates, case-insensitive (RFC 5234 §2.3) and case-sensitive (RFC 7405)", () => {
    const g = grammarFromAbnfOrThrow(`x = "${long}"\ny = %s"${long}"\n`);
    const x = g.generate("x", seededRandom(18));
    const y = g.generate("y", seededRandom(18));
    expect([x.length, x.toLowerCase() === long, g.isValid(x, "x"), y === long]).toEqual([N, true, true, true]);
  });

  it("explains a mismatch after it compiles: the rest of the literal is expected", () => {
    const g = grammarFromAbnfOrThrow(`x = "${long}"\n`).compile();
    const v = g.validate("ab", "x");
    expect(v.ok ? "valid" : [v.error.offset, v.error.expected]).toEqual([1, [JSON.stringify(long.slice(1))]]);
  });
});

describe("generate() takes a shortest alternative in time linear in the alternatives", () => {
  it("150,000 literals, at depth 0 (every alternative at its shortest)", () => {
    const g = grammarFromAbnfOrThrow(`x = ${alternatives(N, (k) => `"${k}"`)}\n`);
    const s = g.generate("x", seededRandom(18), { maxDepth: 0 });
    expect([/^\d+$/.test(s), g.isValid(s, "x")]).toEqual([true, true]);
  });
});

describe("uniquePush: labels deduplicated in work linear in the list", () => {
  it("5,000 distinct labels, then each again: the list is read a bounded number of times per label", () => {
    let reads = 0;
    const out = new Proxy<string[]>([], {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const n = 5000;
    for (let k = 0; k < n; k++) uniquePush(out, `"${k}"`);
    for (let k = 0; k < n; k++) uniquePush(out, `"${k}"`);
    expect([out.length, out[0], out[n - 1]]).toEqual([n, '"0"', `"${n - 1}"`]);
    expect(reads).toBeLessThan(20 * n); // a scan of the list per label read 25,000,002
  });
});
