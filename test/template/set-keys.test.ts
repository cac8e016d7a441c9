// Every lazy DFA of the template matcher interns a new state set by its key, `set.join(",")`: the
// set's states written out, some n log n characters for n states, which cost the writing, the
// hashing and the map's copy (some 20 ns a character here, about half a state's work). The
// router's pass counted them (router-limit.test.ts, fuzz round 7); unreachable()'s checks did not,
// so on routes whose literals repeat themselves the keys written went past the call's budget
// (engine30's round-8 report): 100 routes {+a} + "/"×i + {b} wrote 11.9 million key characters
// within a budget of 2^23 units (and 36 million, 1.3 s, within 2^25). The keys written are counted
// here with a spy on join (the only place a check writes a set out). The matcher's own backward
// pass did not count its keys either: on "{y}" + 2,000 "a" + "{x}" + 20,000 "q" (states numbered
// past 10,000, so five digits and a comma each) it wrote 12.2 million key characters within
// 4.1 million states counted (0.5-0.7 s) and answered; counted, the pass's limit is 2^23
// (PASS_LIMIT, twice WORK_LIMIT) so that "{x:1}"×1,024 on 1,024 "b" (3.15 million states and 5.0
// million key characters) still reads.
import { PASS_LIMIT } from "../../src/template/automaton";
import { createRouter, match } from "../../src/template/index";
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

  it('match\'s backward pass: "{y}" + 2,000 "a" + "{x}" + 20,000 "q" writes keys within PASS_LIMIT, then "match-limit"', () => {
    const q = "q".repeat(20_000);
    const r = keysWritten(() => match("{y}" + "a".repeat(2000) + "{x}" + q, "a".repeat(2000) + "b" + q));
    expect(r.out.ok ? "matched" : r.out.error.code).toBe("match-limit");
    expect(r.chars).toBeGreaterThan(1_000_000);
    expect(r.chars).toBeLessThanOrEqual(PASS_LIMIT);
  });

  it('"{x:1}"×1,024 on 1,024 "b" (a round trip) still reads with its keys counted', () => {
    const r = keysWritten(() => match("{x:1}".repeat(1024), "b".repeat(1024)));
    expect(r.out).toEqual({ ok: true, value: { x: "b" } });
    expect(r.chars).toBeLessThanOrEqual(PASS_LIMIT);
  });
});
