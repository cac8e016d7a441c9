// The calls waiting in a match by memoized calls are kept as records in typed arrays (parked.ts),
// outside the collector's heap: what a waiting call costs is then the heap and the array buffers
// together, and it stays within WAITING_CALL_BYTES (with labels it was 508-547 bytes with one
// object per waiting call, counted so; test/abnf-match-memory.test.ts counts the heap alone).
// The records' chunks kept for the next run hold nothing of a grammar, and a run stopped by a
// budget leaves nothing behind that the next run reads. (Chunks given back stay for the runs of
// the same task, parked.ts: each run measured here has a task of its own.) Measured in a child process with the
// collector exposed (the built package: npm test builds it first).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { grammarFromAbnf, MatchLimitError } from "../src/abnf";
import { WAITING_CALL_BYTES } from "../src/abnf/calls";

const dist = path.join(__dirname, "..", "dist", "abnf");

function child(program: string): unknown {
  return JSON.parse(execFileSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", program], { encoding: "utf8", stdio: "pipe" }));
}

describe("the calls waiting in a match by memoized calls (parked records)", () => {
  it("a call waiting costs at most WAITING_CALL_BYTES of heap and array buffers together (with and without labels)", () => {
    const m = child(`
      const { grammarFromAbnf } = await import(${JSON.stringify(path.join(dist, "index.js"))});
      const { CallRun } = await import(${JSON.stringify(path.join(dist, "calls.js"))});
      // heap and array buffers when the innermost call runs a check in code: every call before it waits
      let used = 0;
      const deep = grammarFromAbnf('a = "x" a "x" / c\\nc = "y"\\n', { checks: { c: () => { gc(); const u = process.memoryUsage(); used = u.heapUsed + u.arrayBuffers; return true; } } }).value;
      const usedAt = (d, labels) => {
        const run = new CallRun(deep.compiled, "x".repeat(d) + "y" + "x".repeat(d));
        run.labels = labels;
        if (!run.call("a", 0).ends.includes(2 * d + 1)) throw new Error("no match");
        if (run.deepest < d) throw new Error("not nested");
        return used;
      };
      // each run in a task of its own: the chunks a run gives back stay for the runs of its task (parked.ts)
      const settle = async () => { await new Promise((r) => setTimeout(r, 0)); gc(); await new Promise((r) => setTimeout(r, 0)); gc(); };
      const waiting = async (labels) => {
        usedAt(1000, labels);
        await settle();
        const lo = usedAt(50000, labels);
        await settle();
        return (usedAt(150000, labels) - lo) / 100000;
      };
      const labels = await waiting(true);
      await settle();
      process.stdout.write(JSON.stringify({ labels, none: await waiting(false) }));
    `) as { labels: number; none: number };
    expect(m.labels).toBeLessThanOrEqual(WAITING_CALL_BYTES);
    expect(m.none).toBeLessThanOrEqual(WAITING_CALL_BYTES);
    expect(m.none).toBeGreaterThan(0);
  }, 120_000);

  it("keeps nothing of a grammar once its deep matches are done, nor once one stopped at the depth budget", () => {
    const m = child(`
      const { grammarFromAbnf } = await import(${JSON.stringify(path.join(dist, "index.js"))});
      const refs = [];
      for (const depth of [3000, Infinity]) {
        let g = grammarFromAbnf('e = t *( "+" t )\\nt = "x" / "(" e ")"\\n', { budgets: { depth: depth === Infinity ? undefined : depth } }).value;
        const s = "(".repeat(5000) + "x" + ")".repeat(5000);
        try { g.isValid(s, "e"); g.validate(s, "e"); } catch (e) { if (e.name !== "MatchLimitError") throw e; }
        // (the rule's automaton: what a record of a waiting call refers to, through the rule's RuleInfo)
        refs.push(new WeakRef(g.compiled), new WeakRef(g.compiled.automaton("e")));
        g = undefined;
      }
      await new Promise((r) => setTimeout(r, 0));
      gc();
      await new Promise((r) => setTimeout(r, 0));
      gc();
      process.stdout.write(JSON.stringify(refs.map((r) => r.deref() === undefined)));
    `);
    expect(m).toEqual([true, true, true, true]);
  }, 60_000);

  it("answers as before after a match stopped at the depth budget midway", () => {
    const g = grammarFromAbnf('e = t *( "+" t )\nt = "x" / "(" e ")"\n', { budgets: { depth: 1500 } });
    if (!g.ok) throw g.error;
    const nested = (d: number, inner = "x"): string => "(".repeat(d) + inner + ")".repeat(d);
    expect(() => g.value.isValid(nested(2000), "e")).toThrow(MatchLimitError);
    expect(g.value.isValid(nested(1400), "e")).toBe(true);
    expect(g.value.isValid(nested(1400, "x+(x)+"), "e")).toBe(false);
    const r = g.value.validate(nested(1200, "x+(x)+"), "e");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.offset).toBe(1206);
    const past = g.value.validate(nested(1600), "e");
    expect(past.ok).toBe(false);
    if (!past.ok) expect(past.error).toBeInstanceOf(MatchLimitError);
    expect(g.value.validate(nested(1000, "(x+x)+x"), "e").ok).toBe(true);
  });
});

describe("the code of a match by memoized calls, optimized on shallow input", () => {
  // complete (CallRun's loop over the calls) optimized while no call waited past LIVE_LEVELS, as
  // a process that matched short inputs first has it: a deep match after it must not
  // deoptimize it (that cost the first deep pass a recompile of complete and its inlined
  // callees, twice: RFC 8259 JSON nested 10,000 deep, 17 -> 33 ms). V8's own optimizer is
  // driven here (--allow-natives-syntax), so that the test does not wait on its heuristics.
  const optimizedAfterDeep = (order: readonly ("isValid" | "validate")[]): unknown => {
    const program = `
      const { grammarFromAbnf } = await import(${JSON.stringify(path.join(dist, "index.js"))});
      const { CallRun } = await import(${JSON.stringify(path.join(dist, "calls.js"))});
      const complete = CallRun.prototype.complete;
      const g = grammarFromAbnf('e = t *( "+" t )\\nt = "x" / "(" e ")"\\n').value;
      g.compile("e");
      %PrepareFunctionForOptimization(complete);
      for (let k = 0; k < 200; k++) for (const s of ["x", "(x+x)+x", "((x))+(x+(x))", "(((x+x)))", "x+", "(x"]) { g.isValid(s, "e"); g.validate(s, "e"); }
      %OptimizeFunctionOnNextCall(complete);
      g.isValid("(x)", "e");
      // (status bit 16: optimized code)
      const optimized = () => (%GetOptimizationStatus(complete) & 16) !== 0;
      const out = [optimized()];
      const deep = "(".repeat(2000) + "x" + ")".repeat(2000);
      for (const how of ${JSON.stringify(order)}) {
        out.push(how === "isValid" ? g.isValid(deep, "e") : g.validate(deep + ")", "e").ok, optimized());
      }
      process.stdout.write(JSON.stringify(out));
    `;
    return JSON.parse(execFileSync(process.execPath, ["--allow-natives-syntax", "--input-type=module", "-e", program], { encoding: "utf8", stdio: "pipe" }));
  };

  it("keeps its optimized code through a first match that parks calls (isValid, then validate with labels)", () => {
    expect(optimizedAfterDeep(["isValid", "validate", "isValid"])).toEqual([true, true, true, false, true, true, true]);
  }, 60_000);

  it("keeps it when the first deep match wants labels (validate)", () => {
    expect(optimizedAfterDeep(["validate", "isValid"])).toEqual([true, false, true, true, true]);
  }, 60_000);

  it("keeps the code that reads parked calls back through the end of the first deep match", () => {
    // Frame.ascend optimized midway through the process's first deep match (as V8 does on its
    // own: it is hot there), once it has read parked calls back: the end of that match must not
    // deoptimize it (the store's chunks were given back from it, by code that had never run).
    const program = `
      const { grammarFromAbnf } = await import(${JSON.stringify(path.join(dist, "index.js"))});
      const { Frame } = await import(${JSON.stringify(path.join(dist, "calls.js"))});
      const ascend = Frame.prototype.ascend;
      %PrepareFunctionForOptimization(ascend);
      const g = grammarFromAbnf('e = t *( "+" t )\\nt = "x" / "(" e ")" / c\\nc = "y"\\n', { checks: { c: () => { %OptimizeFunctionOnNextCall(ascend); return true; } } }).value;
      g.compile("e");
      for (let k = 0; k < 200; k++) for (const s of ["x", "(x+x)+x", "((x))+(x+(x))", "(((x+x)))", "x+", "(x"]) g.isValid(s, "e");
      // the first nesting reads parked calls back; the check at the second's innermost call has ascend optimized at its next call
      const nest = (inner) => "(".repeat(2000) + inner + ")".repeat(2000);
      const valid = g.isValid(nest("x") + "+" + nest("y"), "e");
      process.stdout.write(JSON.stringify([valid, (%GetOptimizationStatus(ascend) & 16) !== 0]));
    `;
    const out: unknown = JSON.parse(execFileSync(process.execPath, ["--allow-natives-syntax", "--input-type=module", "-e", program], { encoding: "utf8", stdio: "pipe" }));
    expect(out).toEqual([true, true]);
  }, 60_000);
});

describe("the end of a run by memoized calls, optimized on shallow input", () => {
  it("keeps CallRun.release optimized through a first match whose memos are too long to keep", () => {
    // (release left its loop over the memos early at the first memo past SPARE_INDEX: the
    // iterator's closing, never run on short inputs, had no type feedback, and the first deep
    // match deoptimized release and isWholeMatch, where it is inlined, at its end: RFC 8259 JSON
    // nested 10,000 deep after RFC 5322)
    const program = `
      const { grammarFromAbnf } = await import(${JSON.stringify(path.join(dist, "index.js"))});
      const { CallRun } = await import(${JSON.stringify(path.join(dist, "calls.js"))});
      const release = CallRun.prototype.release;
      const g = grammarFromAbnf('e = t *( "+" t )\\nt = "x" / "(" e ")"\\n').value;
      g.compile("e");
      %PrepareFunctionForOptimization(release);
      for (let k = 0; k < 200; k++) for (const s of ["x", "(x+x)+x", "((x))+(x+(x))", "(((x+x)))", "x+", "(x"]) g.isValid(s, "e");
      %OptimizeFunctionOnNextCall(release);
      g.isValid("(x)", "e");
      const optimized = () => (%GetOptimizationStatus(release) & 16) !== 0;
      const out = [optimized()];
      const deep = "(".repeat(5000) + "x" + ")".repeat(5000);
      out.push(g.isValid(deep, "e"), optimized(), g.isValid("(x+x)", "e"), optimized());
      process.stdout.write(JSON.stringify(out));
    `;
    // (compiling on the main thread: the loop makes release hot, and a compile in flight on
    // another thread would leave it unoptimized at the first check)
    const out: unknown = JSON.parse(execFileSync(process.execPath, ["--allow-natives-syntax", "--no-concurrent-recompilation", "--input-type=module", "-e", program], { encoding: "utf8", stdio: "pipe" }));
    expect(out).toEqual([true, true, true, true, true]);
  }, 60_000);
});

describe("the chunks of parked records, given back", () => {
  it("hold references in arrays of one map, new or used", () => {
    // (a new chunk's array was one of small integers until a reference was written into it: the
    // code that parks calls, optimized on used chunks, was deoptimized by each new one, 'wrong map')
    const program = `
      const { Parked } = await import(${JSON.stringify(path.join(dist, "parked.js"))});
      const used = new Parked();
      used.chunk(0).refs[0] = used;
      const usedRefs = used.chunk(0).refs;
      const fresh = new Parked().chunk(0).refs;
      process.stdout.write(JSON.stringify([usedRefs !== fresh, %HaveSameMap(usedRefs, fresh)]));
    `;
    const out: unknown = JSON.parse(execFileSync(process.execPath, ["--allow-natives-syntax", "--input-type=module", "-e", program], { encoding: "utf8", stdio: "pipe" }));
    expect(out).toEqual([true, true]);
  }, 60_000);

  it("are taken again by the next stores of the same task, the two spare ones first and then the weakly held ones, each once", async () => {
    const { Parked, CHUNK } = await import("../src/abnf/parked");
    const fill = (store: InstanceType<typeof Parked>, n: number): Set<unknown> => {
      const seen = new Set<unknown>();
      for (let i = 0; i < n * CHUNK; i += CHUNK) seen.add(store.chunk(i));
      return seen;
    };
    // one still in use gives back nothing
    const busy = new Parked();
    const busyChunks = fill(busy, 1);
    busy.top = 1;
    busy.release();
    // a store that gives back five chunks: two spare, three weakly held (a list of their own)
    const a = new Parked();
    const fromA = fill(a, 5);
    expect(fromA.size).toBe(5);
    a.release();
    // the next store takes A's chunks again, and a new one (the busy store's is not among them)
    const b = new Parked();
    const fromB = fill(b, 6);
    expect([...fromB].filter((x) => fromA.has(x))).toHaveLength(5);
    expect([...fromB].filter((x) => busyChunks.has(x))).toHaveLength(0);
    b.release();
    // given back into the weakly held list that is there, not into one of its own
    const c = new Parked();
    const fromC = fill(c, 7);
    expect([...fromC].filter((x) => fromB.has(x))).toHaveLength(6);
    expect(fromC.size).toBe(7);
    c.release();
    const d = new Parked();
    const fromD = fill(d, 7);
    expect([...fromD].filter((x) => fromC.has(x))).toHaveLength(7);
    // a store's own list is emptied by release, and made again as records are written
    d.release();
    const again = fill(d, 1);
    expect(again.size).toBe(1);
  });
});
