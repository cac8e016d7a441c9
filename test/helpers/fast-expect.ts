// jest's `expect(x)` builds, at every call and before any matcher runs, a JestAssertionError (its
// stack captured) and every matcher bound to x six times over (plain, `.not`, `.resolves`,
// `.rejects` and their `.not`): about 60 µs a call measured in a jest worker on the shared 2-core
// machine, where `Object.is` takes 0.2. Property tests call it in loops that run thousands of
// times: a fifth to a third of the CPU time of the costliest suites (test/differential,
// test/schemes/properties, test/iri-differential, test/compiled).
//
// This setup file (first in jest.config.js) wraps the global `expect`. `toBe`, `toEqual` and the
// common matchers of SURE below first test cheaply, and when the answer is surely jest's "pass"
// they count the assertion as jest's matcher does and return. Anything else (a test that fails or
// cannot be sure, any other matcher, `.not`, `.resolves`, `.rejects`, expect's own functions such as `expect.any` or
// `expect.assertions`) goes to jest's own expect and matcher, so a test passes and fails exactly
// where it did, with jest's message. test/fast-expect.test.ts holds the wrapper to that.
/** The environment's global, where jest put `expect` for the test files. */
const scope = globalThis as unknown as { expect: jest.Expect };
const jestExpect = scope.expect;

/** A kind of value a custom equality tester compares by its JSON data (registerView). */
interface View {
  readonly is: (x: unknown) => boolean;
  readonly json: (x: unknown) => string;
}

const views: View[] = [];

/**
 * Tells surelyEqual what an equality tester added with `expect.addEqualityTesters` does: when
 * `is` holds for either side, the tester answers `equals(JSON.parse(json(a)), JSON.parse(json(b)))`
 * (test/helpers/matchers.ts, AST nodes by their JSON data). surelyEqual is then sure of a pass
 * when the two texts are the same (the same text parses to equal data), or else when the two
 * parsed values are surely equal, so `toEqual` on nodes passes without jest's expectation.
 */
export function registerView(is: (x: unknown) => boolean, json: (x: unknown) => string): void {
  views.push({ is, json });
}

/**
 * True only when jest's `toEqual` surely passes: the same value (`Object.is`), or plain data
 * (arrays without holes or extra properties, objects whose prototype is Object.prototype or null,
 * with data properties only) equal member by member, and values of a registered view (an AST node,
 * whose fields are getters over private state) by their views. Any other class instance, a Map,
 * an Error, an asymmetric matcher or anything else not the same value is not sure: jest's matcher
 * and its equality testers decide.
 */
export function surelyEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || depth > 64) return false;
  for (const view of views) {
    if (!view.is(a) && !view.is(b)) continue;
    // jest asks an asymmetric matcher first, before any equality tester
    if (typeof (a as { asymmetricMatch?: unknown }).asymmetricMatch === "function" || typeof (b as { asymmetricMatch?: unknown }).asymmetricMatch === "function") return false;
    const ja = view.json(a);
    const jb = view.json(b);
    return ja === jb || surelyEqual(JSON.parse(ja), JSON.parse(jb), depth + 1);
  }
  const proto = Object.getPrototypeOf(a) as unknown;
  if (proto !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a)) {
    if (proto !== Array.prototype || !Array.isArray(b) || a.length !== b.length) return false;
    // own keys: the indexes and "length", no hole and nothing else
    if (Reflect.ownKeys(a).length !== a.length + 1 || Reflect.ownKeys(b).length !== b.length + 1) return false;
    for (let i = 0; i < a.length; i++) {
      const da = Object.getOwnPropertyDescriptor(a, i);
      const db = Object.getOwnPropertyDescriptor(b, i);
      if (da === undefined || db === undefined || !("value" in da) || !("value" in db)) return false;
      if (!surelyEqual(da.value, db.value, depth + 1)) return false;
    }
    return true;
  }
  if (proto !== Object.prototype && proto !== null) return false;
  const keys = Reflect.ownKeys(a);
  if (keys.length !== Reflect.ownKeys(b).length) return false;
  for (const k of keys) {
    if (typeof k !== "string") {
      // a non-enumerable symbol on both (src/abnf/expr.ts marks its expressions so): jest's equality ignores it
      if (Object.getOwnPropertyDescriptor(a, k)?.enumerable !== false || Object.getOwnPropertyDescriptor(b, k)?.enumerable !== false) return false;
      continue;
    }
    const da = Object.getOwnPropertyDescriptor(a, k);
    const db = Object.getOwnPropertyDescriptor(b, k);
    if (da === undefined || db === undefined || !("value" in da) || !("value" in db) || !da.enumerable || !db.enumerable) return false;
    if (!surelyEqual(da.value, db.value, depth + 1)) return false;
  }
  return true;
}

/** Counts a passing assertion as jest's matcher does (expect.assertions, expect.hasAssertions). */
function passed(): void {
  const state = jestExpect.getState() as { assertionCalls: number; numPassingAsserts: number };
  state.assertionCalls++;
  state.numPassingAsserts++;
}

/** Runs jest's matcher; its error's stack starts where the test called `from`, as jest's own does. */
function viaJest(run: () => unknown, from: (...args: never[]) => unknown): unknown {
  try {
    return run();
  } catch (e) {
    if (e instanceof Error) Error.captureStackTrace(e, from);
    throw e;
  }
}

type Expectation = ReturnType<typeof jestExpect>;

/**
 * The matchers with a cheap test of a sure pass, by the number of arguments each takes: each is
 * what jest's matcher passes on, for the types it is sure of (numbers, strings, plain arrays).
 */
const SURE: Readonly<Record<string, readonly [number, (actual: unknown, expected: unknown) => boolean]>> = {
  toBe: [1, (a, e) => Object.is(a, e)],
  toEqual: [1, (a, e) => surelyEqual(a, e)],
  toBeUndefined: [0, (a) => a === undefined],
  toBeDefined: [0, (a) => a !== undefined],
  toBeGreaterThan: [1, (a, e) => typeof a === "number" && typeof e === "number" && a > e],
  toBeGreaterThanOrEqual: [1, (a, e) => typeof a === "number" && typeof e === "number" && a >= e],
  toBeLessThan: [1, (a, e) => typeof a === "number" && typeof e === "number" && a < e],
  toBeLessThanOrEqual: [1, (a, e) => typeof a === "number" && typeof e === "number" && a <= e],
  toBeInstanceOf: [1, (a, e) => typeof e === "function" && a instanceof e],
  // jest: a string in a string, or an item of an array by ===
  toContain: [1, (a, e) => (typeof a === "string" && typeof e === "string" && a.includes(e)) || (Array.isArray(a) && a.indexOf(e) !== -1)],
  toMatch: [1, (a, e) => typeof a === "string" && (typeof e === "string" ? a.includes(e) : e instanceof RegExp && new RegExp(e).test(a))],
  toHaveLength: [1, (a, e) => typeof e === "number" && (typeof a === "string" || Array.isArray(a)) && a.length === e],
};

const handler: ProxyHandler<{ actual: unknown; full?: Expectation }> = {
  get(target, name) {
    const full = (): Expectation => (target.full ??= jestExpect(target.actual));
    const sure = typeof name === "string" && Object.hasOwn(SURE, name) ? SURE[name] : undefined;
    if (sure === undefined) return Reflect.get(full(), name) as unknown;
    const [arity, passes] = sure;
    const matcher = (...args: unknown[]): unknown => {
      let pass = false;
      try {
        pass = args.length === arity && passes(target.actual, args[0]);
      } catch {
        // a Proxy, a getter or a Symbol.hasInstance that throws: jest meets it too, and says so
      }
      if (pass) return passed();
      return viaJest(() => (full() as unknown as Record<string, (...a: unknown[]) => unknown>)[name as string]?.(...args), matcher);
    };
    return matcher;
  },
};

scope.expect = new Proxy(jestExpect, {
  apply(target, thisArg, args: unknown[]) {
    // expect takes at most one argument; jest says so otherwise
    if (args.length > 1) return Reflect.apply(target, thisArg, args) as unknown;
    return new Proxy({ actual: args[0] }, handler);
  },
});
