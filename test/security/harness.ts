// Runs the calls of call-table.ts and judges what they throw. No run-time import of the library:
// never-crash.test.ts passes the TypeScript sources, scripts/fuzz.mjs the built dist/.
import type * as Abnf from "../../src/abnf/index";
import type * as Root from "../../src/index";
import { CallerError, EDGE_STRINGS, errorClasses, strangeValues, type Args, type Call, type Entry, type ErrorName, type Modules } from "./call-table";

/** Messages of the errors the JavaScript engine throws from inside code (a bug there, not a refusal). */
const ENGINE_MESSAGE =
  /Cannot read propert|Cannot set propert|is not a function|is not iterable|is not a constructor|Cannot convert|Cannot destructure|Cannot create property|read only property|Cannot add property|Cannot define property|not extensible|Cannot access|circular structure|Maximum call stack|Invalid array length|Invalid string length|Invalid code point|radix must|Invalid time value|Reduce of empty|incompatible receiver|on proxy|Cannot mix BigInt|Cannot redefine|Private field|private member|Invalid regular expression|out of memory|serialize a BigInt|Symbol value|Invalid typed array length|Offset is outside/;
/** How the package words a refusal: it names the function, or the value, first. */
const PACKAGE_MESSAGE = /^[A-Za-z_$#"][^\n:]{0,80}(?::| expects | must | is not an ABNF rule name)/;

/** True when a TypeError or RangeError is the package refusing an argument on purpose. */
export function deliberate(e: unknown): boolean {
  if (!(e instanceof TypeError || e instanceof RangeError)) return false;
  return PACKAGE_MESSAGE.test(e.message) && !ENGINE_MESSAGE.test(e.message);
}

/** Why a thrown value breaks the never-crash rule, or undefined when it is allowed. */
export function judge(m: Modules, e: unknown, allowed: readonly ErrorName[], loose: boolean): string | undefined {
  if (e instanceof CallerError) return undefined;
  const classes = errorClasses(m);
  for (const name of allowed) {
    const cls = classes.get(name);
    if (cls !== undefined && e instanceof cls) return undefined;
  }
  const builtIn = loose || allowed.includes("TypeError") || allowed.includes("RangeError");
  if (builtIn && deliberate(e)) return undefined;
  if (e instanceof Error) return `${e.name}: ${e.message.split("\n")[0]?.slice(0, 300)}\n${(e.stack ?? "").split("\n").slice(1, 6).join("\n")}`;
  return `threw a non-error: ${String(e)}`;
}

/** Why a returned value is wrong, or undefined: a Result's error must be one of the typed errors. */
export function judgeResult(m: Modules, v: unknown): string | undefined {
  if (typeof v !== "object" || v === null || !("ok" in v) || (v as { ok: unknown }).ok !== false || !("error" in v)) return undefined;
  const error = (v as { error: unknown }).error;
  for (const cls of errorClasses(m).values()) if (error instanceof cls) return undefined;
  return `returned a Result whose error is not a typed error: ${String(error)}`;
}

export interface Failure {
  readonly key: string;
  readonly kind: "typed" | "loose";
  readonly index: number;
  readonly problem: string;
}

/** The shared objects a call must not write on, and the keys each held before any call. */
const SHARED: readonly object[] = [Object.prototype, Object, Function.prototype, Array.prototype];
const PROTO: readonly ReadonlySet<string | symbol>[] = SHARED.map((o) => new Set(Reflect.ownKeys(o)));

/**
 * Whether the shared objects hold exactly the keys they held before (none added, none removed).
 * Checked after every call: by count and membership, without sorting and joining the keys' names
 * (which took a twelfth of test/security/never-crash's time).
 */
function prototypesUnchanged(): boolean {
  for (let k = 0; k < SHARED.length; k++) {
    const keys = Reflect.ownKeys(SHARED[k] as object);
    const before = PROTO[k] as ReadonlySet<string | symbol>;
    if (keys.length !== before.size) return false;
    for (const key of keys) if (!before.has(key)) return false;
  }
  return true;
}

/** Undoes writes on the shared prototypes (keys they did not have), so one failure does not spoil the next calls. */
function restorePrototypes(): void {
  SHARED.forEach((o, k) => {
    for (const key of Reflect.ownKeys(o)) if (!PROTO[k]?.has(key)) Reflect.deleteProperty(o, key);
  });
}

/** Runs one entry's calls (typed, then loose) and returns what broke the rule. */
export function runEntry(m: Modules, key: string, entry: Entry, a: Args, which: "typed" | "loose" | "both" = "both"): Failure[] {
  const out: Failure[] = [];
  const run = (kind: "typed" | "loose", calls: () => readonly Call[]): void => {
    let list: readonly Call[];
    try {
      list = calls();
    } catch (e) {
      // making the arguments failed (e.g. the library's generate): judged as a typed call
      const problem = judge(m, e, entry.throws, kind === "loose");
      if (problem !== undefined) out.push({ key, kind, index: -1, problem });
      return;
    }
    list.forEach((c, index) => {
      try {
        const problem = judgeResult(m, c());
        if (problem !== undefined) out.push({ key, kind, index, problem });
      } catch (e) {
        const problem = judge(m, e, entry.throws, kind === "loose");
        if (problem !== undefined) out.push({ key, kind, index, problem });
      }
      if (!prototypesUnchanged()) {
        restorePrototypes();
        out.push({ key, kind, index, problem: "wrote on Object.prototype, Object, Function.prototype or Array.prototype" });
      }
    });
  };
  if (which !== "loose") run("typed", () => entry.typed(a));
  if (which !== "typed") run("loose", () => entry.loose(a));
  return out;
}

/** Where the arguments come from: pools of strings and a seeded source of numbers. */
export interface Pools {
  readonly strings: readonly string[];
  readonly uris: readonly string[];
  readonly abnf: readonly string[];
  /** Used for every string argument instead of the pools (the huge inputs). */
  readonly only?: string | undefined;
}

/** A small seeded generator (mulberry32): the same seed, the same arguments. */
export function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INTS = [0, 1, 2, 3, 4, 7, 8, 15, 16, 63, 255, 256, 65535, 65536, 0x10ffff, -1, -2, 2 ** 31, 2 ** 32, 2 ** 53];

/** Arguments drawn from the pools with `next`. */
export function makeArgs(m: Modules, next: () => number, pools: Pools): Args {
  const strange = strangeValues(m);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  const mutate = (s: string): string => {
    if (s.length === 0 || next() < 0.6) return s;
    const k = Math.floor(next() * (s.length + 1));
    const piece = pick([...EDGE_STRINGS.slice(0, 24), String.fromCharCode(Math.floor(next() * 0x10000))]);
    return next() < 0.5 ? s.slice(0, k) + piece + s.slice(k) : s.slice(0, k) + s.slice(k + 1 + Math.floor(next() * 4));
  };
  const str = (): string => pools.only ?? (next() < 0.15 ? pick(EDGE_STRINGS) : mutate(pick(next() < 0.5 ? pools.strings : pools.uris)));
  const uri = (): string => pools.only ?? mutate(pick(pools.uris));
  const ref = (): string | Root.UriReference => {
    const s = uri();
    if (next() < 0.5) return s;
    const r = m.root.parse(s);
    if (r.ok) return r.value;
    const i = m.root.parseRule(s, "IRI-reference");
    return i.ok ? i.value : s;
  };
  const int = (): number => (next() < 0.7 ? pick(INTS) : Math.floor(next() * 1000) - 10);
  const ruleNames = m.rules.ruleNames;
  const a: Args = {
    str,
    uri,
    ref,
    any: () => {
      const r = next();
      return r < 0.5 ? pick(strange) : r < 0.75 ? str() : ref();
    },
    int,
    ruleName: () => {
      const r = next();
      const name = pick(ruleNames);
      return r < 0.7 ? name : r < 0.8 ? name.toUpperCase() : r < 0.9 ? `${name}x` : str();
    },
    random: (): Abnf.Random => m.abnf.seededRandom(int()),
    abnf: () => pools.only ?? mutate(pick(pools.abnf)),
    pick,
    bool: () => next() < 0.5,
  };
  return a;
}

/**
 * The huge inputs every export gets once, typed (huge-inputs.test.ts at `size` 128 KiB, `npm run
 * fuzz -- --huge` at 1 MiB): no recursion may grow with the input, and the work must stay linear.
 * `size` is the length of the longest (in UTF-16 code units); the others are a fifth of it.
 */
export function hugeInputs(size: number): [string, string][] {
  const kb = (n: number): string => (n >= 1 << 20 ? `${n / (1 << 20)} MiB` : `${Math.round(n / 1024)} KiB`);
  const fifth = Math.floor(size / 5);
  return [
    [`${kb(size)} of "a"`, "a".repeat(size)],
    [`an http URI with a ${kb(size)} path`, `http://example.com/${"a/".repeat(size / 2)}`],
    [`${kb(size)} of arbitrary UTF-16 (lone surrogates, controls)`, Array.from({ length: size }, (_, k) => String.fromCharCode((k * 7919 + 13) & 0xffff)).join("")],
    [`${kb(fifth)} of a host with labels, brackets and "@"`, `http://${"a.b@[:".repeat(Math.floor(fifth / 5))}/`],
    [`${kb(fifth)} of percent-encoded UTF-8 in a query`, `http://h/?${"%C3%A9".repeat(Math.floor(fifth / 6))}`],
    // pasted text with a tab after every character: the repairs once searched the kept text
    // from its start for each removal (quadratic)
    [`${kb(size)} of characters and tabs`, `http://a/${"b\t".repeat(Math.floor((size - 9) / 2))}`],
    // issue 22: display copied its output once per combining mark
    [`${kb(size)} of combining marks after a letter`, `http://a/a${"\u0301".repeat(size - 10)}`],
    // a template whose literal repeats itself, matched against its own expansions: the template
    // matcher's sets of states grew with the literal (quadratic; out of memory at 256 KiB)
    [`${kb(size)} of "a" then an expression`, `${"a".repeat(size - 3)}{x}`],
  ];
}

/** Every export of the call table on one huge input, typed calls only; what broke the rule. */
export function runHuge(m: Modules, table: Readonly<Record<string, Entry>>, input: string): Failure[] {
  const failures: Failure[] = [];
  for (const [key, entry] of Object.entries(table)) {
    const a = makeArgs(m, prng(7), { strings: [input], uris: [input], abnf: [input], only: input });
    failures.push(...runEntry(m, key, entry, a, "typed"));
  }
  return failures;
}
