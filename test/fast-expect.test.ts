// The global `expect` of every suite is test/helpers/fast-expect.ts's wrapper: toBe and toEqual
// pass without building jest's expectation when the answer is surely a pass, and go to jest
// otherwise. It must pass and fail exactly where jest's matchers do.
import { parseOrThrow } from "../src/index";
import { surelyEqual } from "./helpers/fast-expect";

/** The error `f` throws (the test fails if it throws none). */
function thrown(f: () => unknown): Error {
  try {
    f();
  } catch (e) {
    if (e instanceof Error) return e;
    throw new Error(`threw a non-error: ${String(e)}`);
  }
  throw new Error("threw nothing");
}

const jestMessage = (e: Error): string => e.message.replace(/\u001b\[\d+m/g, "");

describe("toBe", () => {
  it("passes on the same value, Object.is", () => {
    expect(1).toBe(1);
    expect(NaN).toBe(NaN);
    const o = { a: 1 };
    expect(o).toBe(o);
    expect(undefined).toBe(undefined);
    (expect as (actual?: unknown) => jest.JestMatchers<unknown>)().toBe(undefined);
  });

  it("fails with jest's message, its stack starting at the test", () => {
    const e = thrown(() => expect(1).toBe(2));
    expect(e.constructor.name).toBe("JestAssertionError");
    expect(jestMessage(e)).toContain("Expected: 2\nReceived: 1");
    expect(e.stack?.split("\n").find((l) => l.includes("    at "))).toContain("fast-expect.test.ts");
    expect(jestMessage(thrown(() => expect(0).toBe(-0)))).toContain("Expected: -0");
    expect(jestMessage(thrown(() => expect({ a: 1 }).toBe({ a: 1 })))).toContain("serializes to the same string");
  });

  it("counts its assertions as jest does", () => {
    const before = expect.getState().assertionCalls;
    expect(1).toBe(1);
    expect([1]).toEqual([1]);
    expect(2).not.toBe(3);
    expect(expect.getState().assertionCalls).toBe(before + 3);
  });
});

describe("toEqual", () => {
  it("passes on equal plain data", () => {
    expect({ a: [1, { b: "x" }], c: null }).toEqual({ a: [1, { b: "x" }], c: null });
    expect([]).toEqual([]);
    expect(Object.create(null)).toEqual(Object.create(null));
  });

  it("fails on different plain data, with jest's message", () => {
    const e = thrown(() => expect({ a: [1, 2] }).toEqual({ a: [1, 3] }));
    expect(jestMessage(e)).toContain("toEqual");
    expect(e.stack?.split("\n").find((l) => l.includes("    at "))).toContain("fast-expect.test.ts");
    thrown(() => expect([1, 2]).toEqual([1, 2, 3]));
    thrown(() => expect({ a: 1 }).toEqual({ a: 1, b: 2 }));
    thrown(() => expect(0).toEqual(-0));
  });

  it("leaves to jest what it cannot be sure of: undefined properties, holes, matchers", () => {
    expect({ a: 1, b: undefined }).toEqual({ a: 1 });
    // eslint-disable-next-line no-sparse-arrays
    expect([, 1]).toEqual([undefined, 1]);
    expect({ a: "x", n: 5 }).toEqual({ a: expect.any(String), n: expect.any(Number) });
    thrown(() => expect({ a: 5 }).toEqual({ a: expect.any(String) }));
    expect(new Map([[1, 2]])).toEqual(new Map([[1, 2]]));
    thrown(() => expect(new Map([[1, 2]])).toEqual(new Map([[1, 3]])));
  });

  // nodes keep their data in private fields, which node:util's isDeepStrictEqual does not read:
  // two different nodes would be "deep-strict-equal"
  it("AST nodes: equal when their data is, as test/helpers/matchers.ts says", () => {
    expect(parseOrThrow("http://a/b")).toEqual(parseOrThrow("http://a/b"));
    thrown(() => expect(parseOrThrow("http://a/b")).toEqual(parseOrThrow("http://a/c")));
    thrown(() => expect({ v: parseOrThrow("http://a/") }).toEqual({ v: parseOrThrow("http://b/") }));
    expect(parseOrThrow("http://a/b")).toEqual(JSON.parse(JSON.stringify(parseOrThrow("http://a/b"))));
    expect([parseOrThrow("http://a/b")]).toEqual([parseOrThrow("http://a/b")]);
    expect(parseOrThrow("http://a/b")).toEqual(expect.anything());
    thrown(() => expect([parseOrThrow("http://a/b")]).toEqual([parseOrThrow("http://a/b#")]));
  });

  it("AST nodes: a sure pass counts its assertion, as jest's does", () => {
    const before = expect.getState().assertionCalls;
    expect(parseOrThrow("http://a/b")).toEqual(parseOrThrow("http://a/b"));
    expect(expect.getState().assertionCalls).toBe(before + 1);
  });
});

describe("the other matchers with a sure pass", () => {
  it("pass where jest's do", () => {
    expect(undefined).toBeUndefined();
    expect(0).toBeDefined();
    expect(3).toBeGreaterThan(2);
    expect(3).toBeGreaterThanOrEqual(3);
    expect(2).toBeLessThan(3);
    expect(3).toBeLessThanOrEqual(3);
    expect(2n).toBeGreaterThan(1n);
    expect(new TypeError("x")).toBeInstanceOf(Error);
    expect("abc").toContain("b");
    expect([1, "x"]).toContain("x");
    expect(new Set([1])).toContain(1);
    expect("abc").toMatch(/^a/);
    expect("abc").toMatch("bc");
    expect([1, 2]).toHaveLength(2);
    expect("ab").toHaveLength(2);
  });

  it("fail where jest's do, with jest's message", () => {
    const failures: [string, () => unknown][] = [
      ["toBeUndefined", () => expect(null).toBeUndefined()],
      ["toBeDefined", () => expect(undefined).toBeDefined()],
      ["toBeGreaterThan", () => expect(2).toBeGreaterThan(2)],
      ["toBeGreaterThan", () => expect(NaN).toBeGreaterThan(1)],
      ["toBeGreaterThanOrEqual", () => expect(2).toBeGreaterThanOrEqual(3)],
      ["toBeLessThan", () => expect(3).toBeLessThan(3)],
      ["toBeLessThanOrEqual", () => expect(4).toBeLessThanOrEqual(3)],
      ["toBeGreaterThan", () => expect("3").toBeGreaterThan(2)],
      ["toBeInstanceOf", () => expect({}).toBeInstanceOf(Error)],
      ["toContain", () => expect("abc").toContain("d")],
      ["toContain", () => expect([{ a: 1 }]).toContain({ a: 1 })],
      ["toContain", () => expect([NaN]).toContain(NaN)],
      ["toMatch", () => expect("abc").toMatch(/^b/)],
      ["toMatch", () => expect(5).toMatch(/5/)],
      ["toHaveLength", () => expect([1]).toHaveLength(2)],
    ];
    for (const [name, f] of failures) {
      const e = thrown(f);
      expect([name, jestMessage(e)]).toEqual([name, expect.stringContaining(name)]);
      expect(e.stack?.split("\n").find((l) => l.includes("    at "))).toContain("fast-expect.test.ts");
    }
  });

  it("a global regex keeps its lastIndex, as jest's toMatch copies it", () => {
    const re = /a/g;
    expect("a").toMatch(re);
    expect("a").toMatch(re);
    expect(re.lastIndex).toBe(0);
  });
});

describe("the rest is jest's", () => {
  it(".not, other matchers, expect's own functions", () => {
    expect(1).not.toBe(2);
    thrown(() => expect(1).not.toBe(1));
    expect({ a: 1 }).not.toEqual({ a: 2 });
    thrown(() => expect({ a: 1 }).not.toEqual({ a: 1 }));
    expect(() => {
      throw new TypeError("x");
    }).toThrow(TypeError);
    expect([{ a: 1 }]).toContainEqual({ a: 1 });
    expect({ a: 1, b: 2 }).toMatchObject({ a: 1 });
    expect(jestMessage(thrown(() => (expect as (...a: unknown[]) => unknown)(1, 2)))).toContain("Expect takes at most one argument");
  });

  it("expect.assertions counts the wrapper's passes", () => {
    expect.assertions(2);
    expect(1).toBe(1);
    expect([1]).toEqual([1]);
  });
});

describe("surelyEqual is sure only of a pass", () => {
  class Box {
    constructor(readonly v: number) {}
  }
  it.each([
    ["the same value", 1, 1, true],
    ["NaN", NaN, NaN, true],
    ["plain data", { a: [1, "x", null] }, { a: [1, "x", null] }, true],
    ["0 and -0", 0, -0, false],
    ["different values", { a: 1 }, { a: 2 }, false],
    ["a missing property", { a: 1 }, { a: 1, b: undefined }, false],
    ["a hole", [, 1], [undefined, 1], false],
    ["instances of a class", new Box(1), new Box(1), false],
    ["an object and an array", {}, [], false],
    ["a getter", Object.defineProperty({}, "a", { get: () => 1, enumerable: true }), { a: 1 }, false],
    ["a symbol key", { [Symbol.for("k")]: 1 }, { [Symbol.for("k")]: 1 }, false],
    // AST nodes by their JSON data, as test/helpers/matchers.ts's equality tester compares them
    ["two nodes of the same data", parseOrThrow("http://a/b"), parseOrThrow("http://a/b"), true],
    ["nodes inside plain data", { v: [parseOrThrow("http://a/b")] }, { v: [parseOrThrow("http://a/b")] }, true],
    ["a node and its data", parseOrThrow("http://a/b"), JSON.parse(JSON.stringify(parseOrThrow("http://a/b"))) as unknown, true],
    ["a node and its data, keys in another order", parseOrThrow("http://a/b"), Object.fromEntries(Object.entries(JSON.parse(JSON.stringify(parseOrThrow("http://a/b"))) as object).reverse()), true],
    ["two nodes of different data", parseOrThrow("http://a/b"), parseOrThrow("http://a/c"), false],
    ["nodes of different data inside plain data", { v: parseOrThrow("http://a/") }, { v: parseOrThrow("http://b/") }, false],
    ["a node and an asymmetric matcher", parseOrThrow("http://a/b"), expect.anything() as unknown, false],
  ] as const)("%s", (_name, a, b, sure) => {
    expect(surelyEqual(a, b)).toBe(sure);
  });
});
