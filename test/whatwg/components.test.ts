// "Which component holds this offset", answered once (src/security/whatwg.ts, componentOfOffset)
// for the security findings and the WHATWG front end's repairs, which had one answer each and
// disagreed on empty components (issue 31): a component holds its characters, an empty one the
// offset where it begins (the findings' answer, which their fixtures pin).
import { componentOfOffset, whatwgSplit } from "../../src/security/whatwg";
import { securityFindings } from "../../src/security";
import { parse } from "../../src/whatwg/index";

const at = (input: string, offset: number): string => componentOfOffset(whatwgSplit(input, "", false), offset);

describe("componentOfOffset", () => {
  it.each([
    [" http://h/", 0, "reference"],
    ["http://h/", 3, "scheme"],
    ["http://h/", 4, "scheme"], // the ":" after the scheme
    ["http://h/", 5, "authority"], // the "//"
    ["//h/", 0, "authority"],
    ["http://@h/", 7, "userinfo"], // the "@" after an empty userinfo
    ["http://u@h/", 8, "authority"], // the "@" after a userinfo that is not empty
    ["foo:///x", 6, "host"], // the "/" after an empty host: the host stands there
    ["http:///x", 7, "authority"], // the URL Standard reads "x" as the host; the slashes before it are the authority's
    ["http://h:/", 9, "port"], // an empty port
    ["http://h:8/", 9, "port"],
    ["http://h/?#", 9, "query"], // "?" before an empty query
    ["http://h/?#", 10, "query"], // "#" where the empty query stands
    ["http://h/?#", 11, "fragment"], // the end, where the empty fragment stands
    ["http://h/p", 9, "path"],
    ["foo:p", 4, "path"],
  ] as const)("%j at %i: %s", (input, offset, component) => {
    expect(at(input, offset)).toBe(component);
  });

  it("names the component of every repair of uri-grammar/whatwg and of every finding as one function does", () => {
    for (const input of ["http://a\tb@h/", "http://@\th/x", "http:\\\\h\\p", "foo://h/\t?q\t#f", " http://h/x\t", "http://h:\t8/"]) {
      const r = parse(input);
      if (!r.ok) throw r.error;
      const split = whatwgSplit(input, "", false);
      for (const repair of r.value.repairs) {
        if (repair.kind === "removed" || (repair.kind === "backslash" && split.authority !== undefined && repair.offset >= split.authority.start)) {
          expect([input, repair.offset, repair.component]).toEqual([input, repair.offset, componentOfOffset(split, repair.offset)]);
        }
      }
      for (const f of securityFindings(input)) if (f.code === "syntax") expect([input, f.component]).toEqual([input, componentOfOffset(split, f.offset)]);
    }
  });
});
