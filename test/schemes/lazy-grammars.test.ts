// Issue 31: importing uri-grammar/schemes builds no grammar. Each built-in scheme's grammar value
// (and RFC 3986's and the core rules' it imports) is made when first read, and judging a URI by
// a scheme reads the rules the build compiled, not the grammar value. Counted, not timed: every
// grammar made is checked (src/abnf/grammar.ts), and each check counts steps in loadWork.
import * as COMPILED from "../../src/compiled/schemes";

type Schemes = typeof import("../../src/schemes/index");
type LoadWork = typeof import("../../src/abnf/load-work");

/** The schemes entry and the load counter, from a module registry of their own; `read()`: the compiled scheme grammars read so far. */
function fresh(): { schemes: Schemes; loadWork: LoadWork["loadWork"]; read: () => string[] } {
  let out: { schemes: Schemes; loadWork: LoadWork["loadWork"] } | undefined;
  // each compiled scheme grammar is JSON text, parsed when first used (src/compiled/scheme-grammars.ts)
  const byText = new Map(Object.entries(COMPILED).map(([name, json]) => [json, name]));
  const parse = jest.spyOn(JSON, "parse");
  jest.isolateModules(() => {
    const { loadWork } = require("../../src/abnf/load-work") as LoadWork;
    out = { loadWork, schemes: require("../../src/schemes/index") as Schemes };
  });
  const read = (): string[] => parse.mock.calls.map(([text]) => byText.get(text)).filter((n) => n !== undefined);
  return { ...(out as { schemes: Schemes; loadWork: LoadWork["loadWork"] }), read };
}

afterEach(() => jest.restoreAllMocks());

describe("importing uri-grammar/schemes (issue 31)", () => {
  it("makes no grammar and reads no compiled grammar", () => {
    const { loadWork, read } = fresh();
    expect(loadWork.steps).toBe(0);
    expect(read()).toEqual([]);
  });

  it("judging a URI by a scheme reads its compiled rules only, not its grammar value", () => {
    const { schemes, loadWork, read } = fresh();
    expect(schemes.defaultRegistry.get("http")?.validate("http://a/b")).toEqual({ ok: true, value: true });
    expect(schemes.https.parseOrThrow("https://a:8443/").port).toBe(8443);
    expect(loadWork.steps).toBe(0);
    expect(read()).toEqual(["http"]); // https shares it
  });

  it("makes a grammar when it is read, the same one each time", () => {
    const { schemes, loadWork } = fresh();
    const { http, httpGrammar, telGrammar } = schemes;
    expect(http.grammar).toBe(httpGrammar);
    expect(loadWork.steps).toBe(0);
    expect(httpGrammar.ruleNames).toContain("http-URI");
    const made = loadWork.steps;
    expect(made).toBeGreaterThan(0);
    expect(httpGrammar.isValid("http://a/b", "http-URI")).toBe(true);
    expect(httpGrammar.ruleNames).toBe(http.grammar.ruleNames);
    expect(telGrammar.name).toBe("RFC 3966 §3"); // its name is no reason to make it
    expect(loadWork.steps).toBe(made);
  });
});
