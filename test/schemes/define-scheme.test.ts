// defineScheme's checks (fixtures/schemes/define-scheme.json, issue 23): input.fail refuses an
// offset outside the input as the scheme's bug (a TypeError).
import { grammarFromAbnfOrThrow, rfc3986 } from "../../src/abnf/index";
import { parse } from "../../src/index";
import { createRegistry, defineScheme, type SchemeInput } from "../../src/schemes/index";
import { readFixture } from "./helpers";

interface Spec {
  readonly source: string;
  readonly abnf: string;
  readonly rule: string;
  readonly name: string;
}
type JsValue = number | string | boolean | null | { readonly js: "NaN" | "Infinity" | "-Infinity" | "undefined" };
interface Fixture {
  readonly failOffsets: Spec & { readonly input: string; readonly refused: readonly JsValue[]; readonly taken: readonly number[] };
}

const fixture = readFixture<Fixture>("define-scheme.json");
const grammarOf = (abnf: string) => grammarFromAbnfOrThrow(`${abnf}\n`, { imports: [rfc3986] });
const js = (v: JsValue): unknown => {
  if (typeof v !== "object" || v === null) return v;
  return { NaN, Infinity, "-Infinity": -Infinity, undefined }[v.js];
};

describe("input.fail refuses an offset outside the input with a TypeError naming the scheme and the offset", () => {
  const c = fixture.failOffsets;
  const failing = (offset: unknown) =>
    defineScheme({ name: c.name, grammar: grammarOf(c.abnf), rule: c.rule, section: c.source, build: ({ fail }: SchemeInput) => fail({ code: "x", offset: offset as number }) });

  it.each(c.refused.map((v) => [JSON.stringify(v) ?? "undefined", v] as const))("refuses %s", (_shown, v) => {
    const offset = js(v);
    const s = failing(offset);
    const shown = typeof offset === "string" ? JSON.stringify(offset) : String(offset);
    for (const call of [() => s.parse(c.input), () => parse(c.input, { schemes: createRegistry([s]) })]) {
      expect(call).toThrow(TypeError);
      expect(call).toThrow(expect.objectContaining({ message: expect.stringMatching(/^input\.fail: /) }));
      expect(call).toThrow(expect.objectContaining({ message: expect.stringContaining(`the ${c.name} scheme`) }));
      expect(call).toThrow(expect.objectContaining({ message: expect.stringContaining(`offset ${typeof offset === "number" || typeof offset === "boolean" ? typeof offset + " " : ""}${shown}`) }));
    }
  });

  it.each(c.taken.map((v) => [v]))("takes %s, as a SchemeError at that offset", (offset) => {
    const r = failing(offset).parse(c.input);
    expect(r.ok || [r.error.code, r.error.offset, r.error.scheme]).toEqual(["x", offset, c.name]);
  });
});
