// Fuzz round 9 (helper "fuzz"): uri-grammar/whatwg against the URL Standard's text
// (../shared/spec/whatwg-url.bs) where a differential against whatwg-url's parse errors found a
// change without its repair. Each case failed before its fix.
import { parse } from "../../src/whatwg/index";

describe("a file URL without \"//\" after its scheme: the slashes the serializer writes are a repair", () => {
  // #scheme-state: 'If url's scheme is "file": if remaining does not start with "//",
  // special-scheme-missing-following-solidus validation error'; the file state then sets the host to
  // the empty string, which the serializer writes after "//" ("file:/x" is file:///x). The repairs
  // listed nothing, where "http:/x" lists its "slashes".
  it.each([
    ["file:/x", "file:///x", [["slashes", 5, "", "//"]], undefined],
    ["file:x", "file:///x", [["slashes", 5, "", "///"]], undefined],
    ["file:", "file:///", [["slashes", 5, "", "///"]], undefined],
    ["file:?q", "file:///?q", [["slashes", 5, "", "///"]], undefined],
    ["file:C:/x", "file:///C:/x", [["slashes", 5, "", "///"]], undefined],
    ["File:/x", "file:///x", [["scheme-lowercased", 0, "File", "file"], ["slashes", 5, "", "//"]], undefined],
    ["file:\\x", "file:///x", [["backslash", 5, "\\", "/"], ["slashes", 5, "", "//"]], undefined],
    ["file:\t/x", "file:///x", [["removed", 5, "\t", ""], ["slashes", 6, "", "//"]], undefined],
    ["file:/x", "file:///x", [["slashes", 5, "", "//"]], "http://a/b"],
  ])("%j: %s", (input, href, repairs, base: string | undefined) => {
    const r = parse(input, base);
    expect(r.ok && r.value.href).toBe(href);
    expect(r.ok && r.value.repairs.map((x) => [x.kind, x.offset, x.from, x.to])).toEqual(repairs);
    if (r.ok) for (const x of r.value.repairs.filter((y) => y.kind === "slashes")) expect([x.validationError, x.component]).toEqual(["special-scheme-missing-following-solidus", "authority"]);
  });

  it("with \"//\" written (or a file base, which the file state reads as relative) there is none", () => {
    for (const [input, base] of [["file:///x"], ["file:////x"], ["file://h/x"], ["file:/x", "file:///C:/y"], ["file:x", "file:///C:/y"]] as const) {
      const r = parse(input, base);
      expect([input, r.ok && r.value.repairs.filter((x) => x.kind === "slashes").length]).toEqual([input, 0]);
    }
  });
});
