// resolveFileReference (RFC 8089 Appendix E.2.1) against fixtures/schemes/file-resolve.json:
// the target, what RFC 3986's resolve gives where it differs, and the typed errors.
import { isValid, parseOrThrow, resolveOrThrow, serialize, UriSyntaxError } from "../../src/index";
import { fileScheme, resolveFileReference, SchemeError } from "../../src/schemes/index";
import { readFixture } from "./helpers";

interface ResolveCase {
  readonly source: string;
  readonly base: string;
  readonly ref: string;
  readonly expected?: string;
  readonly generic?: string;
  readonly error?: "UriSyntaxError" | "SchemeError";
}

const cases = readFixture<{ readonly cases: readonly ResolveCase[] }>("file-resolve.json").cases;
const appendixE = fileScheme({ appendixE: true });

describe("resolveFileReference", () => {
  it.each(cases.map((c) => [`${c.base} + ${JSON.stringify(c.ref)}`, c]))("%s", (_label, c) => {
    const r = resolveFileReference(c.base, c.ref);
    if (c.error !== undefined) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toBeInstanceOf(c.error === "SchemeError" ? SchemeError : UriSyntaxError);
      return;
    }
    if (!r.ok) throw r.error;
    const target = serialize(r.value);
    expect(target).toBe(c.expected);
    expect(isValid(target, "URI")).toBe(true);
    if (target.startsWith("file:")) expect(appendixE.isValid(target)).toBe(true);
    // RFC 3986 alone: the same target, unless the fixture says where the drive letter root differs
    expect(serialize(resolveOrThrow(c.base, c.ref))).toBe(c.generic ?? c.expected);
    // nodes are taken too
    const again = resolveFileReference(parseOrThrow(c.base), parseOrThrow(c.ref));
    expect(again.ok && serialize(again.value)).toBe(c.expected);
  });

  it("refuses arguments that are no URI references with a TypeError", () => {
    expect(() => resolveFileReference(5 as unknown as string, "x")).toThrow(TypeError);
    expect(() => resolveFileReference("file:///c:/", {} as unknown as string)).toThrow(TypeError);
  });
});
