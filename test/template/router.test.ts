// Routing many templates at once: the most specific match wins (more literal characters, then
// fewer "+"/"#" varspecs, then fewer varspecs, then the one added first), the one pass over the
// URI gives the same winner as matching each template in turn, and a template that can never
// win is reported when it is added.
import fc from "fast-check";
import { createRouter, match, matchAll, matchOrThrow, parseTemplateOrThrow, TemplateError, TemplateRouter } from "../../src/template/index";
import { runs, seed } from "../helpers/runs";

const MCP = [
  ["file:///{+path}", "file"],
  ["file:///logs/{name}.log", "log"],
  ["users://{id}/profile", "profile"],
  ["users://{id}/posts{?page,limit}", "posts"],
  ["users://me/profile", "me"],
  ["db://{table}/{id}", "row"],
  ["db://{table}{/path*}", "deep"],
] as const;

const router = (): TemplateRouter<string> => {
  const r = createRouter<string>();
  for (const [t, v] of MCP) r.addOrThrow(t, v);
  return r;
};

describe("the most specific template wins", () => {
  const cases: [string, string | undefined, Record<string, unknown> | undefined][] = [
    ["users://42/profile", "profile", { id: "42" }],
    ["users://me/profile", "me", {}],
    ["users://42/posts?page=2", "posts", { id: "42", page: "2" }],
    ["file:///logs/app.log", "log", { name: "app" }],
    ["file:///etc/hosts", "file", { path: "etc/hosts" }],
    ["db://t/1", "row", { table: "t", id: "1" }],
    ["db://t/1/2", "deep", { table: "t", path: ["1", "2"] }],
    ["http://example.com/", undefined, undefined],
  ];
  it.each(cases)("%s", (uri, value, variables) => {
    const m = router().match(uri);
    expect(m === undefined ? undefined : [m.value, m.variables]).toEqual(value === undefined ? undefined : [value, variables]);
  });

  it("by literal characters, then fewer reserved expansions, then fewer varspecs, then the first added", () => {
    const r = createRouter<number>();
    r.addOrThrow("/a/{+x}", 1);
    r.addOrThrow("/a/{x}", 2);
    r.addOrThrow("/a/{x}{y}", 3);
    r.addOrThrow("/a/{z}", 4);
    expect(r.match("/a/b")?.value).toBe(2);
    expect(r.matchAll("/a/b").map((m) => m.value)).toEqual([2, 4, 3, 1]);
  });

  it("a candidate whose match fails (a repeated variable) gives way to the next", () => {
    const r = createRouter<string>();
    r.addOrThrow("/{a}/{a}", "same");
    r.addOrThrow("/{a}/{b}", "two");
    expect(r.match("/x/x")?.value).toBe("same");
    expect(r.match("/x/y")?.value).toBe("two");
  });
});

describe("one pass over the URI gives what matching each template in turn gives", () => {
  const templates = ["/users/{id}", "/users/{id}/posts{/post}", "/users/me", "/files/{+path}", "/files/{name}.{ext}", "/search{?q,lang}", "{/a,b,c}", "/api/v{version}/{+rest}", "/x/{a:2}{b}"];
  it("on generated URIs", () => {
    const r = createRouter<number>();
    templates.forEach((t, i) => r.addOrThrow(t, i));
    const parsed = r.routes;
    const piece = fc.constantFrom("users", "me", "files", "a", "b.c", "search", "?q=x", "&lang=fr", "api", "v2", "x", "abc", "%2F", "é", "");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 5 }), fc.boolean(), (ps, end) => {
        const uri = `/${ps.join("/")}${end ? "/" : ""}`;
        // the reference: every template matched in turn, ranked by the documented rule
        const rank = (i: number): number[] => {
          const x = parsed[i] as (typeof parsed)[number];
          return [-x.literals, x.reserved, x.varspecs, x.index];
        };
        const hits = parsed.map((p, i) => [i, match(p.template, uri)] as const).filter(([, m]) => m.ok);
        hits.sort(([a], [b]) => {
          const ra = rank(a);
          const rb = rank(b);
          for (let k = 0; k < ra.length; k++) if (ra[k] !== rb[k]) return (ra[k] as number) - (rb[k] as number);
          return 0;
        });
        const want = hits[0];
        const got = r.match(uri);
        expect(got === undefined ? undefined : [got.value, got.variables]).toEqual(want === undefined ? undefined : [want[0], (want[1] as { value: unknown }).value]);
      }),
      { numRuns: runs(600), seed: seed(91) },
    );
  });
});

describe("routes compiled in groups (the engine's automaton of their union)", () => {
  const templates = ["/users/{id}", "/users/{id}/posts{/post}", "/users/me", "/files/{+path}", "/files/{name}.{ext}", "/search{?q,lang}", "{/a,b,c}", "/api/v{version}/{+rest}", "/x/{a:2}{b}", "/m{;x,y}", "/d{.ext*}", "/q{?list*}{&more}", "/f{#frag}", "{x}"];
  const piece = fc.constantFrom("users", "me", "files", "a", "b.c", "search", "?q=x", "&lang=fr", "api", "v2", "x", "abc", "%2F", "é", "", ";x=1", ";y", ".e", "#f", "?list=a&list=b", "&more=");
  const uri = fc.tuple(fc.array(piece, { maxLength: 5 }), fc.boolean()).map(([ps, end]) => `/${ps.join("/")}${end ? "/" : ""}`);

  it("adds and matches interleaved (groups made and merged as routes come) answer as routes added at once", () => {
    fc.assert(
      fc.property(fc.array(uri, { minLength: templates.length, maxLength: templates.length }), fc.array(uri, { maxLength: 6 }), (between, after) => {
        const once = createRouter<number>();
        templates.forEach((t, i) => once.addOrThrow(t, i));
        const interleaved = createRouter<number>();
        templates.forEach((t, i) => {
          interleaved.addOrThrow(t, i);
          // a match compiles the routes added since the last one as a group
          interleaved.match(between[i] as string);
        });
        for (const u of [...between, ...after]) {
          expect([u, interleaved.matchAll(u).map((m) => [m.value, m.variables])]).toEqual([u, once.matchAll(u).map((m) => [m.value, m.variables])]);
        }
      }),
      { numRuns: runs(40), seed: seed(92) },
    );
  });

  it("routes past 100,000 template characters (more than one group): the candidates of every group count", () => {
    // (long variable names: many characters of template, one position each of the union)
    const r = createRouter<number>();
    const name = "v".repeat(5000);
    for (let i = 0; i < 21; i++) r.addOrThrow(`/r${i}/{${name}}/x`, i);
    r.addOrThrow("/short/{x}", 21);
    expect([r.match("/r3/b/x"), r.match("/r20/c/x"), r.match("/short/d"), r.match("/r21/b/x")]).toEqual([
      { template: `/r3/{${name}}/x`, value: 3, variables: { [name]: "b" } },
      { template: `/r20/{${name}}/x`, value: 20, variables: { [name]: "c" } },
      { template: "/short/{x}", value: 21, variables: { x: "d" } },
      undefined,
    ]);
  });

  it("single-character routes, which the engine makes one position of the union, each end on their own character", () => {
    // (a router of only such routes is one position; the never-crash harness found an undefined route here)
    const only = createRouter<string>();
    only.addOrThrow("a", "a");
    only.addOrThrow("b", "b");
    expect([only.match("a")?.value, only.match("b")?.value, only.match("c")?.value]).toEqual(["a", "b", undefined]);
    const mixed = createRouter<string>();
    for (const t of ["/", "a", "{x}", "%2F"]) mixed.addOrThrow(t, t);
    expect(["/", "a", "b", "%2F", ""].map((u) => mixed.matchAll(u).map((m) => m.value))).toEqual([["/"], ["a", "{x}"], ["{x}"], ["%2F", "{x}"], ["{x}"]]);
    expect(mixed.addOrThrow("{y}", "y").shadowedBy).toEqual(["a", "{x}", "%2F"]);
    expect(only.addOrThrow("a", "again").shadowedBy).toEqual(["a"]);
  });

  it("a route ends where its own positions end: a route that is a prefix of another's URI is no candidate", () => {
    const r = createRouter<string>();
    r.addOrThrow("/a/{x}", "x");
    r.addOrThrow("/a/{x}/b", "xb");
    r.addOrThrow("", "empty");
    r.addOrThrow("{?q}", "query");
    expect([r.match("/a/1")?.value, r.match("/a/1/b")?.value, r.match("/a/1/c")?.value, r.match("")?.value, r.match("?q=1")?.value]).toEqual(["x", "xb", undefined, "empty", "query"]);
    expect(r.matchAll("").map((m) => m.value)).toEqual(["empty", "query"]);
  });
});

describe("a template that can never win is reported", () => {
  it("the same template twice, or another spelling of it", () => {
    const r = createRouter<number>();
    expect(r.addOrThrow("/users/{id}", 1).shadowedBy).toEqual([]);
    expect(r.addOrThrow("/users/{name}", 2).shadowedBy).toEqual(["/users/{id}"]);
    expect(r.addOrThrow("/users/{id}", 3).shadowedBy).toEqual(["/users/{id}", "/users/{name}"]);
  });

  it("a template whose every URI goes to more specific ones together", () => {
    const r = createRouter<number>();
    r.addOrThrow("/v/a{x}", 1);
    r.addOrThrow("/v/b{x}", 2);
    r.addOrThrow("/v/{x}", 3); // wins "/v/c", "/v/": reachable
    expect(r.unreachable()).toEqual([]);
    const s = createRouter<number>();
    s.addOrThrow("/v/{x}.json", 1);
    s.addOrThrow("/v/{x}.xml", 2);
    expect(s.addOrThrow("/v/{x}.{ext}", 3).shadowedBy).toEqual([]); // "/v/a.txt"
    const t = createRouter<number>();
    t.addOrThrow("/r/{x}/a", 1);
    t.addOrThrow("/r/{x}/b", 2);
    expect(t.addOrThrow("/r/{x}/{y:1}", 3).shadowedBy).toEqual([]); // a prefix modifier: never shadowed by others' languages alone
    expect(t.unreachable().map((u) => u.route.template.text)).toEqual([]);
  });

  it("a more specific template added later makes an earlier one unreachable: unreachable() says so", () => {
    const r = createRouter<number>();
    r.addOrThrow("/p/{x}", 1);
    r.addOrThrow("/p/{y}", 2);
    expect(r.unreachable().map((u) => [u.route.template.text, u.shadowedBy])).toEqual([["/p/{y}", ["/p/{x}"]]]);
  });

  it("by routes whose literal head or tail is shorter or longer than its own", () => {
    // "é" is one literal character that expands to "%C3%A9"; "%C3" is three
    const r = createRouter([["%C3{+x}", 1], ["é{+y}", 2], ["{+x}%A9", 3], ["{+y}é", 4], ["/é/{a}", 5], ["/%C3{+a}", 6]] as const);
    expect(r.unreachable().map((u) => [u.route.template.text, u.shadowedBy])).toEqual([
      ["é{+y}", ["%C3{+x}", "{+x}%A9"]],
      ["{+y}é", ["%C3{+x}", "é{+y}", "{+x}%A9", "/é/{a}", "/%C3{+a}"]],
      ["/é/{a}", ["/%C3{+a}"]],
    ]);
  });

  // unreachable() finds the routes each check reads through an index of literal heads and tails;
  // `shadowedBy` on add reads every route added before. Added most specific first, the routes
  // before a route are exactly those that rank above it, so the two must agree route by route.
  it("unreachable() reads through its index what reading every route above gives", () => {
    const literal = fc.constantFrom("", "/", "/a", "/ab", "/a/", "a", "ab", "b", ".json", "s.json", "x", "%2F", "%C3", "é", "/é", "?q=1");
    const expression = fc.constantFrom("{a}", "{b}", "{+a}", "{/a}", "{.e}", "{?q}", "{a,b}", "{x*}", "{a:2}", "{#f}", "{&r}");
    const template = fc.tuple(literal, fc.array(fc.tuple(expression, literal), { maxLength: 3 })).map(([l, xs]) => l + xs.map(([x, m]) => x + m).join(""));
    let listed = 0;
    fc.assert(
      // a few templates, each added some times (a template shadows its later copies)
      fc.property(fc.array(template, { minLength: 1, maxLength: 6 }).chain((pool) => fc.array(fc.constantFrom(...pool), { minLength: 1, maxLength: 10 })), (templates) => {
        // most specific first, by the documented rule
        const order = [...createRouter(templates.map((t, i) => [t, i] as const)).routes].sort((a, b) => b.literals - a.literals || a.reserved - b.reserved || a.varspecs - b.varspecs || a.index - b.index);
        const r = createRouter<number>();
        const added = order.map((route) => r.addOrThrow(route.template, route.index));
        const want = added.flatMap((a, i) => (a.shadowedBy.length > 0 ? [[i, a.shadowedBy]] : []));
        listed += want.length;
        expect(r.unreachable().map((u) => [u.route.index, u.shadowedBy])).toEqual(want);
      }),
      { numRuns: runs(150), seed: seed(30) },
    );
    // the generated routers shadow routes often enough for the comparison to mean something
    expect(listed).toBeGreaterThan(runs(150) / 2);
  });
});

describe("arguments and errors", () => {
  it("an invalid template is the TemplateError of add, thrown by addOrThrow", () => {
    const r = createRouter();
    const a = r.add("{/id*", 1);
    expect(a.ok ? a : [a.error.code, a.error.offset]).toEqual(["syntax", 5]);
    expect(() => r.addOrThrow("{=x}", 1)).toThrow(TemplateError);
    expect(r.routes).toHaveLength(0);
  });

  it("takes parsed templates; refuses what is neither a template nor its text", () => {
    const r = createRouter<number>();
    r.addOrThrow(parseTemplateOrThrow("/a/{b}"), 1);
    expect(r.match("/a/c")?.variables).toEqual({ b: "c" });
    expect(() => r.add(5 as unknown as string, 1)).toThrow(/TemplateRouter.add: the argument "template"/);
    expect(() => r.match(5 as unknown as string)).toThrow(/TemplateRouter.match: the argument "uri"/);
    expect(createRouter().match("/anything")).toBeUndefined();
  });
});

describe("a template argument that is a Proxy or an odd object gets the library's TypeError (templateOf reads the template registry, not instanceof)", () => {
  const t = parseTemplateOrThrow("/x/{y}");
  const trapped = new Proxy({}, {
    getPrototypeOf() {
      throw new Error("trap: getPrototypeOf");
    },
  });
  const cases: readonly (readonly [string, unknown])[] = [
    ["a Proxy of a parsed template", new Proxy(t, {})],
    ["a Proxy whose getPrototypeOf throws", trapped],
    ["an object made with the template's prototype", Object.create(Object.getPrototypeOf(t) as object)],
  ];
  it.each(cases)("%s: match, matchAll, matchOrThrow and TemplateRouter.add refuse it with their TypeError", (_what, value) => {
    const calls: readonly (readonly [string, () => unknown])[] = [
      ["match", () => match(value as string, "/x/1")],
      ["matchAll", () => matchAll(value as string, "/x/1")],
      ["matchOrThrow", () => matchOrThrow(value as string, "/x/1")],
      ["TemplateRouter.add", () => createRouter<number>().add(value as string, 1)],
    ];
    for (const [caller, call] of calls) {
      let thrown: unknown;
      try {
        call();
      } catch (e) {
        thrown = e;
      }
      expect([caller, thrown instanceof TypeError, (thrown as Error | undefined)?.message]).toEqual([caller, true, `${caller}: the argument "template" must be a template string or a value of parseTemplate, got an object`]);
    }
  });
});
