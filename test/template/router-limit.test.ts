// A router's match that runs out of work says so (fuzz finding, issue 30): when the most specific
// route whose language holds the URI gets the TemplateError "match-limit", router.match throws it
// (as matchOrThrow does) rather than answering "no route" or trying a less specific route.
import { createRouter, expandOrThrow, match, TemplateError } from "../../src/template/index";

const names = Array.from({ length: 400 }, (_, i) => `v${i}*`);
const heavy = `/q{?${names.join(",")}}`;
/** Less specific than `heavy` (fewer literal characters), and it matches the same URIs. */
const loose = "/{x}{?rest*}";
const uri = expandOrThrow(heavy, Object.fromEntries(names.map((n) => [n.slice(0, -1), ["x", "y"]])));

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return "nothing thrown";
}

describe("router.match past the work limit", () => {
  it("the template alone gets match-limit on this URI", () => {
    const m = match(heavy, uri);
    expect(m.ok ? "matched" : m.error.code).toBe("match-limit");
  });

  it("throws that TemplateError, alone or before a less specific route", () => {
    for (const routes of [[[heavy, 1]], [[heavy, 1], [loose, 2]], [[loose, 2], [heavy, 1]]] as [string, number][][]) {
      const e = thrown(() => createRouter(routes).match(uri));
      expect(e).toBeInstanceOf(TemplateError);
      expect((e as TemplateError).code).toBe("match-limit");
    }
  });

  it("router.matchAll throws it too, rather than stop with the routes not tried counted as not matching", () => {
    for (const routes of [[[heavy, 1]], [[heavy, 1], [loose, 2]], [[loose, 2], [heavy, 1]]] as [string, number][][]) {
      const e = thrown(() => createRouter(routes).matchAll(uri));
      expect(e).toBeInstanceOf(TemplateError);
      expect((e as TemplateError).code).toBe("match-limit");
    }
    // within the limit, every route that matches
    expect(createRouter([[heavy, 1], [loose, 2]] as [string, number][]).matchAll("/q?v0=x").map((m) => m.value)).toEqual([1, 2]);
  });

  it("a URI within the limit still matches, and a route that does not hold the URI is no route", () => {
    const router = createRouter([[heavy, 1], [loose, 2]] as [string, number][]);
    expect(router.match("/q?v0=x")?.value).toBe(1);
    expect(router.match("/r?v0=x")?.value).toBe(2);
    expect(createRouter([["/a{x}", 1]] as [string, number][]).match("/b")).toBeUndefined();
  });
});
