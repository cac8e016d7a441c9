// Every lazy DFA of the template matcher interns a new state set by its key, `set.join(",")`: the
// set's states written out, some n log n characters for n states, which cost the writing, the
// hashing and the map's copy (some 20 ns a character here, about half a state's work). The
// router's pass counted them (router-limit.test.ts, fuzz round 7); unreachable()'s checks did not,
// so on routes whose literals repeat themselves the keys written went past the call's budget
// (engine30's round-8 report): 100 routes {+a} + "/"×i + {b} wrote 11.9 million key characters
// within a budget of 2^23 units (and 36 million, 1.3 s, within 2^25). The keys written are counted
// here with a spy on join (the only place a check writes a set out). (The matcher's own backward
// pass still does not count its keys: see automaton.ts WORK_LIMIT.)
import { createRouter } from "../../src/template/index";
import { UNREACHABLE_LIMIT } from "../../src/template/router";

/** Characters of the keys `f` wrote (typed arrays joined with ","), and what `f` returned. */
function keysWritten<R>(f: () => R): { chars: number; out: R } {
  const proto = Object.getPrototypeOf(Int32Array.prototype) as { join(this: Int32Array, sep?: string): string };
  const join = proto.join;
  let chars = 0;
  proto.join = function (this: Int32Array, sep?: string): string {
    const s = join.call(this, sep);
    if (sep === ",") chars += s.length;
    return s;
  };
  try {
    const out = f();
    return { chars, out };
  } finally {
    proto.join = join;
  }
}

describe("the work of a new state set counts its key", () => {
  // routes {+a} + "/"×i + {b} rank by their literal text, and each one's check builds sets of the
  // routes above it that grow with i
  it("router.unreachable() on 100 routes {+a} + \"/\"×i + {b}: the keys its checks write stay within its budget", () => {
    const router = createRouter(Array.from({ length: 100 }, (_, i) => [`{+a}${"/".repeat(i)}{b}`, i] as const));
    const r = keysWritten(() => router.unreachable());
    expect(r.out).toEqual([]);
    expect(r.chars).toBeGreaterThan(0);
    expect(r.chars).toBeLessThanOrEqual(UNREACHABLE_LIMIT);
  });
});
