// A router's match that runs out of work says so (fuzz finding, issue 30): when the most specific
// route whose language holds the URI gets the TemplateError "match-limit", router.match throws it
// (as matchOrThrow does) rather than answering "no route" or trying a less specific route.
import { createRouter, expandOrThrow, match, parseTemplateOrThrow, TemplateError } from "../../src/template/index";
import { WORK_LIMIT } from "../../src/template/automaton";
import { ROUTER_WORK_LIMIT, SubsetDfa, Union } from "../../src/template/router";

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

// fuzz round 4: the readings of each route were read within the route's own 2^22 units, not the
// router's budget, so each route that read many paths to find no reading added its own 2^22:
// 16 routes {?f*,g*} (two exploded query variables) on 600 pairs of repeated keys (3,492
// characters) took 9.3 s, 0.6 s a route, and answered "no route".
describe("router.match: the routes' readings share the router's work limit", () => {
  /**
   * `n` query pairs named y, k1, k2, ..., y, y: a map holds no name twice, so no split of them
   * between two exploded variables is a reading, and each split fails only at the last pair
   * (names repeating early, "a=0&b=1&a=2...", are pruned where they repeat: match-budget.test.ts).
   */
  const query = (n: number): string => `/s?${Array.from({ length: n }, (_, j) => `${j === 0 || j >= n - 2 ? "y" : `k${j}`}=`).join("&")}`;

  it("a route's readings spend the budget it is given, and stop at it", () => {
    const t = parseTemplateOrThrow("/s{?f*,g*}");
    // within its own limits the route reads every split of the pairs and finds no reading
    expect(t.matchWithin(query(300), { left: ROUTER_WORK_LIMIT })).toBeUndefined();
    const budget = { left: 1_000_000 };
    const r = t.matchWithin(query(600), budget);
    expect(r).toBeInstanceOf(TemplateError);
    expect((r as TemplateError).code).toBe("reading-limit");
    expect(budget.left).toBeLessThan(0);
  });

  it("three routes whose readings each stay under 2^22 units but pass the router's limit together: the TemplateError", () => {
    const router = createRouter([0, 1, 2].map((i) => [`/s{?f${i}*,g${i}*}`, i] as [string, number]));
    const e = thrown(() => router.match(query(780)));
    expect(e).toBeInstanceOf(TemplateError);
    expect((e as TemplateError).code).toBe("reading-limit");
  });
});

// fuzz, round 4: unreachable() spent up to the work limit per route (250 routes /{+a}x…{b}{?q,r}
// 41 s, 4,000 routes /{a}/x{i}/{b} 12 s with an O(n²) filter). The whole call now spends one
// budget (UNREACHABLE_LIMIT: routes compared, states built and read, their sets' keys); past it, the routes not yet
// checked count as reachable, as a route whose own search is too large does.
describe("router.unreachable() spends one budget for the whole call", () => {
  it("100 routes /{a}: each one after the first is listed, shadowed by the ones before it", () => {
    const r = createRouter(Array.from({ length: 100 }, (_, i) => ["/{a}", i] as const));
    const u = r.unreachable();
    expect(u.map((x) => x.route.index)).toEqual(Array.from({ length: 99 }, (_, i) => i + 1));
    expect(u.every((x) => x.shadowedBy.length === x.route.index && x.shadowedBy.every((t) => t === "/{a}"))).toBe(true);
  });

  it("1,000 routes /{a}: the routes checked before the budget runs out, each rightly listed, and fewer than one budget per route reached (259)", () => {
    const r = createRouter(Array.from({ length: 1000 }, (_, i) => ["/{a}", i] as const));
    const u = r.unreachable();
    // a prefix of the routes, in order: the ones checked before the call's budget ran out
    expect(u.map((x) => x.route.index)).toEqual(Array.from({ length: u.length }, (_, i) => i + 1));
    expect(u.every((x) => x.shadowedBy.length === x.route.index && x.shadowedBy.every((t) => t === "/{a}"))).toBe(true);
    expect(u.length).toBeGreaterThan(50);
    expect(u.length).toBeLessThan(259);
  }, 60_000);

  it("4,000 routes /r0000/{x}, /r0001/{x}, … then /r0042/{y}: every route is checked, and the last one is listed", () => {
    // typed as string: a router typed by its templates takes no new one (its type would be untrue)
    const r = createRouter(Array.from({ length: 4000 }, (_, i) => [`/r${String(i).padStart(4, "0")}/{x}` as string, i] as const));
    r.addOrThrow("/r0042/{y}", -1);
    expect(r.unreachable().map((x) => [x.route.template.text, x.shadowedBy])).toEqual([["/r0042/{y}", ["/r0042/{x}"]]]);
  }, 60_000);

  it("4,000 routes /{a}/x{i}/{b} and 250 routes /{+a}x…{b}{?q,r}: none is reported (each can win)", () => {
    const many = createRouter(Array.from({ length: 4000 }, (_, i) => [`/{a}/x${i}/{b}`, i] as const));
    expect(many.unreachable()).toEqual([]);
    const heavy = createRouter(Array.from({ length: 250 }, (_, i) => [`/{+a}${"x".repeat(i + 1)}{b}{?q,r}`, i] as const));
    expect(heavy.unreachable()).toEqual([]);
  }, 60_000);
});

// fuzz round 7: 200 routes {+a} + "/"×i + {b} (i < 200) keep ~13,000 states of the routes open in
// each set of the router's DFA on "/"×3000. The pass counted each new set's states twice (the set
// read, the set made) but not the sort of the closed set nor its interning key (`join(",")`, some
// 100 KB): 160 new sets before it stopped at WORK_LIMIT, 1.0-4.5 s of CPU a match (SECURITY.md
// says about 0.3 s). The key's length (about n log n of the set's n states) is now counted too.
describe("router pass: the work of a new DFA state counts its key", () => {
  const texts = Array.from({ length: 200 }, (_, i) => `{+a}${"/".repeat(i)}{b}`);

  it("the pass counts every state's key and stops past WORK_LIMIT within 100 characters of /×3000", () => {
    const union = new Union();
    for (const t of texts) union.add(parseTemplateOrThrow(t).unboundedNfa);
    const dfa = new SubsetDfa(union, texts.map((_, i) => i));
    const slash = union.classes.classOf["/".charCodeAt(0)] as number;
    let d = dfa.start;
    let k = 0;
    for (; k < 3000 && dfa.work <= WORK_LIMIT; k++) d = dfa.step(d, slash);
    // the work counted covers each state's set and its key
    const keys = dfa.states.reduce((n, s) => n + s.length + s.join(",").length, 0);
    expect(dfa.work).toBeGreaterThanOrEqual(keys);
    expect(dfa.work).toBeGreaterThan(WORK_LIMIT);
    expect(k).toBeLessThan(100);
    expect(dfa.states.length).toBeLessThan(100);
  });

  it("router.match past the pass's limit: each route's own match decides (the most specific one reads the URI)", () => {
    const router = createRouter(texts.map((t, i) => [t, i] as const));
    const m = router.match("/".repeat(3000));
    expect(m?.value).toBe(199);
    expect(m?.variables).toEqual({ a: "/".repeat(2801), b: "" });
  });
});
