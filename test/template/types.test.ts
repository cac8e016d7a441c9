// The variables of a template written as a literal, as TypeScript reads them from its text: the
// lines marked with ts-expect-error are checked by `tsc -p tsconfig.test.json` (npm test, npm run typecheck),
// which fails when one of them compiles; the assertions run too.
import { createRouter, expand, match, parseTemplate, parseTemplateOrThrow, TemplateError, type MatchedValue, type MatchOf, type TemplateVariableName, type VariablesOf } from "../../src/template/index";

describe("typed variables from a template literal", () => {
  it("match's value has the template's names, optional; prefixed names are strings", () => {
    const r = match("/users/{id}{?page,lang}", "/users/7?page=2");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const id: MatchedValue | undefined = r.value.id;
    const page: MatchedValue | undefined = r.value.page;
    expect([id, page, r.value.lang]).toEqual(["7", "2", undefined]);
    // @ts-expect-error: "idd" is no variable of the template
    expect(r.value.idd).toBeUndefined();
    const m = match("http://example.com/dictionary/{term:1}/{term}", "http://example.com/dictionary/c/cat");
    // a name used with a prefix modifier is a string (RFC 6570 §2.4.1: no composite value)
    const term: string | undefined = m.ok ? m.value.term : undefined;
    expect(term).toBe("cat");
  });

  it("expand takes the template's names only; a prefixed name takes no list", () => {
    expect(expand("/users/{id}", { id: 1 })).toEqual({ ok: true, value: "/users/1" });
    // @ts-expect-error: "idd" is no variable of "/users/{id}"
    expect(expand("/users/{id}", { idd: 1 })).toEqual({ ok: true, value: "/users/" });
    // @ts-expect-error: term has a prefix modifier, so its value is a string
    expect(expand("{term:1}/{term}", { term: ["a", "b"] }).ok).toBe(false);
    expect(expand("{/path*}{?q}", { path: ["a", "b"], q: "x" })).toEqual({ ok: true, value: "/a/b?q=x" });
    const t = parseTemplateOrThrow("/files{/path*}");
    expect(t.expandOrThrow({ path: ["a", "b"] })).toBe("/files/a/b");
    // @ts-expect-error: the parsed template keeps its names
    expect(t.expandOrThrow({ dir: "a" })).toBe("/files");
  });

  it("a template typed as string takes any names, and its match any", () => {
    const text: string = ["/x/", "{a}"].join("");
    expect(expand(text, { a: "1", other: "2" })).toEqual({ ok: true, value: "/x/1" });
    const r = match(text, "/x/1");
    const any: MatchedValue | undefined = r.ok ? r.value["whatever"] : undefined;
    expect(any).toBeUndefined();
  });

  it("the types by name: every operator, both modifiers", () => {
    type Names = TemplateVariableName<"{a}{+b}{#c}{.d}{/e*}{;f:3}{?g,h*}{&i}">;
    const all: Names[] = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];
    // @ts-expect-error: "j" is no name
    const none: Names = "j";
    expect([all.length, none]).toEqual([9, "j"]);
    const vars: VariablesOf<"{f:3}{e*}"> = { f: "x", e: ["y"] };
    const read: MatchOf<"{f:3}{e*}"> = { f: "x", e: ["y"] };
    expect([vars, read]).toEqual([{ f: "x", e: ["y"] }, { f: "x", e: ["y"] }]);
  });
});

describe("a router built from literal templates types each route's variables (issue 30)", () => {
  it("narrowing on the template types the variables; a name of another route does not compile", () => {
    const router = createRouter([
      ["users://{id}/profile", "profile"],
      ["/posts/{post}{?page,lang}", "post"],
    ] as const);
    const m = router.match("/posts/7?page=2");
    expect(m?.value).toBe("post");
    if (m?.template === "/posts/{post}{?page,lang}") {
      const page: MatchedValue | undefined = m.variables.page;
      expect([m.variables.post, page]).toEqual(["7", "2"]);
      // @ts-expect-error: "id" is a variable of the other route only
      expect(m.variables.id).toBeUndefined();
    } else throw new Error(`matched ${String(m?.template)}`);
    const p = router.match("users://42/profile");
    if (p?.template === "users://{id}/profile") expect(p.variables.id).toBe("42");
    else throw new Error("no match");
    // a router of plain strings keeps a record of any name
    const loose = createRouter<number>();
    loose.addOrThrow("/x/{y}" as string, 1);
    const l = loose.match("/x/1");
    expect(l?.variables["anything"]).toBeUndefined();
    expect(() => createRouter([["{", 1]] as const)).toThrow(TemplateError);
  });

  it("narrowing on the template types the value too: each route's own, not every route's", () => {
    const router = createRouter([
      ["users://{id}/profile", "profile"],
      ["/posts/{post}{?page,lang}", { kind: "post" }],
      ["/about", 3],
    ]);
    const m = router.match("/posts/7?page=2");
    if (m?.template === "/posts/{post}{?page,lang}") {
      const value: { readonly kind: "post" } = m.value;
      expect(value).toEqual({ kind: "post" });
    } else throw new Error(`matched ${String(m?.template)}`);
    for (const hit of router.matchAll("/about")) {
      switch (hit.template) {
        case "/about": {
          const three: 3 = hit.value;
          expect(three).toBe(3);
          break;
        }
        case "users://{id}/profile": {
          const profile: "profile" = hit.value;
          expect([profile, hit.variables.id]).toEqual(["profile", undefined]);
          break;
        }
        default: {
          // @ts-expect-error: the value of "/posts/{post}{?page,lang}" is no number
          const wrong: number = hit.value;
          expect(wrong).toBeUndefined();
        }
      }
    }
  });

  it("add on a router typed by its templates takes only its own routes: a new template would make match's type untrue", () => {
    const router = createRouter([
      ["/users/{id}", "user"],
      ["/about", 3],
    ]);
    // a route it has, with its value, keeps the type true
    expect(router.add("/about", 3).ok).toBe(true);
    expect(router.addOrThrow(parseTemplateOrThrow("/users/{id}"), "user").route.index).toBe(3);
    // @ts-expect-error: "/posts/{post}" is no template of the router's type (its match would be typed as one of the others)
    expect(router.add("/posts/{post}", "user").ok).toBe(true);
    // @ts-expect-error: the value of "/about" is 3
    expect(router.addOrThrow("/about", 4).route.value).toBe(4);
    // @ts-expect-error: a template typed as string could be any
    expect(router.add("/x/{y}" as string, "user").ok).toBe(true);
    const t = parseTemplate("/users/{uid}");
    // @ts-expect-error: a parsed template keeps its text's type
    if (t.ok) expect(router.add(t.value, "user").ok).toBe(true);
    // the routes added against the type are what a match without narrowing sees at run time
    expect(router.match("/posts/1")?.template).toBe("/posts/{post}");
    // a router made without routes, or of templates typed as string, takes any template
    const loose = createRouter<string>();
    expect(loose.add("/posts/{post}", "post").ok).toBe(true);
    expect(loose.add("/x/{y}" as string, "x").ok).toBe(true);
    // @ts-expect-error: its values are strings
    expect(loose.add("/n/{n}", 1).ok).toBe(true);
    const text: string = "/a/{b}";
    const fromStrings = createRouter([[text, 1]]);
    expect(fromStrings.add("/c/{d}", 1).ok).toBe(true);
    expect(fromStrings.match("/c/1")?.variables["d"]).toBe("1");
  });

  it("a router made from templates typed as string takes more routes with values of the same kind: its values' literals are widened", () => {
    const text: string = ["/a/", "{b}"].join("");
    const numbers = createRouter([[text, 1], ["/x/{y}" as string, 2]]);
    // a new user's next route, value 3: the list's 1 and 2 typed the router as taking 1 | 2 alone
    expect(numbers.add("/c/{d}", 3).ok).toBe(true);
    const value: number | undefined = numbers.match("/c/7")?.value;
    expect(value).toBe(3);
    // @ts-expect-error: its values are numbers
    expect(numbers.add("/e/{f}", "three").ok).toBe(true);
    const names = createRouter([[text, "a"]]);
    expect(names.addOrThrow("/n/{m}", "n").route.value).toBe("n");
    // a router typed by its templates keeps each route's literal value (narrowed by template)
    const typed = createRouter([["/a/{b}", 1]]);
    const one: 1 | undefined = typed.match("/a/x")?.value;
    expect(one).toBe(1);
  });
});
