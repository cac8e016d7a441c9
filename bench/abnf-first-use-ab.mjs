// First use, paired A/B against another build (issue 33: "first use of a rule costs at most twice a
// warm pass over the same input"). The rows and inputs of bench/lib/abnf.mjs (JSON flat and nested,
// JSONPath, RFC 5234, RFC 5322, OData 4.01; uri-grammar only, no peggy), each draw a fresh process
// that first warms the engine's code as that section's "engine warm" column does (RFC 5322's rows,
// OData's for the RFC 5322 row: each round a fresh load, its first pass, compile(), a compiled
// pass; WARM_ROUNDS rounds, without the section's 1.5 s minimum), then loads the row's grammar and
// times, CPU ms: its first pass (on Linux, split into the main thread's and the other threads':
// V8 compiles the functions a pass makes hot on threads of its own, and the CPU of those is in
// the pass's), a second pass before compile() ("first tier again" when every
// rule stayed on the first tier: that tier's steady cost, so the first pass less it is what
// making its readers cost), and the best of three compiled passes after compile() (the
// section's warm pass). Draws alternate between the builds, the order flipped at each pair. The
// inputs are made once, here (with --new's build), and read by every draw from a file: a draw
// loads the row's grammar once, as a user does (generating them there loaded it twice, and the
// second load set off V8 compiles that ran during the timed pass: bench/lib/abnf.mjs).
//   node bench/abnf-first-use-ab.mjs --base DIR [--new DIR] [--row NAME]... [--pairs N] [--profile DIR]
// DIR: the root of another checkout (or a copy of its dist/ and package.json, with node_modules
// linked) with dist/ built; --new defaults to this checkout.
// Rows: flat, nested, jsonpath, rfc5234, rfc5322, odata (default: all). --profile: a
// .cpuprofile of each draw's first pass alone (the inspector's profiler), named by build and row.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const argv = process.argv.slice(2);
const ROWS = ["flat", "nested", "jsonpath", "rfc5234", "rfc5322", "odata"];
const WARM_ROUNDS = 3;

/**
 * CPU ms the main thread and the process's other threads have run so far (Linux's
 * /proc/self/task/<tid>/schedstat), undefined elsewhere: what other threads run during a pass is
 * mostly V8 compiling the functions the pass made hot, off the main thread (and helping the
 * collector); process.cpuUsage counts it in the pass's CPU.
 */
const threadMs = () => {
  try {
    let main = 0;
    let other = 0;
    for (const t of readdirSync("/proc/self/task")) {
      const ms = Number(readFileSync(`/proc/self/task/${t}/schedstat`, "utf8").split(" ")[0]) / 1e6;
      if (Number(t) === process.pid) main = ms;
      else other += ms;
    }
    return { main, other };
  } catch {
    return undefined;
  }
};

const cpu = (f) => {
  const a = process.cpuUsage();
  f();
  const b = process.cpuUsage(a);
  return (b.user + b.system) / 1000;
};

/** Row `name`'s grammar text, the rules compiled for its warm pass, and its inputs (as bench/lib/abnf.mjs builds them, not quick). */
function setup(name, grammarFromAbnf, seededRandom) {
  const read = (f) => readFileSync(path.join(here, f), "utf8");
  const cases = JSON.parse(read("fixtures/loader/rfc-grammars.json")).grammars;
  if (name === "flat" || name === "nested") {
    const json = cases.find((c) => c.file.includes("rfc8259"));
    const text = read(json.file) + (json.extra ?? "");
    if (name === "flat") {
      const item = '{"id":12345,"name":"x\\u0041y z","tags":["a","b"],"ok":true,"n":null,"v":-2.5e3}';
      const parts = [];
      let n = 1;
      while (n < 1_000_000) {
        parts.push(item);
        n += item.length + 1;
      }
      return { text, rules: ["JSON-text"], all: [["JSON-text", `[${parts.join(",")}]`]] };
    }
    return { text, rules: ["JSON-text"], all: [["JSON-text", "[".repeat(10_000) + "]".repeat(10_000)]] };
  }
  const odata = JSON.parse(read("fixtures/abnf/odata/testcases.json")).cases;
  const suites = {
    jsonpath: { match: "rfc9535", rules: ["jsonpath-query"] },
    rfc5234: { match: "rfc5234-section4", rules: ["rulelist"], file: "fixtures/abnf/rfc/rfc5234-section4.abnf" },
    rfc5322: { match: "rfc5322", rules: ["address", "mailbox", "date-time"] },
    odata: {
      rules: [...new Set(odata.map(([rule]) => rule))],
      file: "fixtures/abnf/odata/odata-abnf-construction-rules.txt",
      given: odata.map(([rule, x]) => [rule, x]),
      generate: ["odataUri", "odataRelativeUri", "primitiveLiteral"],
    },
  };
  const s = suites[name];
  const count = 400 / (s.generate === undefined ? 1 : 4);
  const fixture = s.match === undefined ? undefined : cases.find((c) => c.file.includes(s.match));
  const text = read(s.file ?? fixture.file) + (fixture?.extra ?? "");
  const all = [];
  for (const [rule, x] of s.given ?? [...(fixture?.accept ?? []), ...(fixture?.reject ?? [])]) if (s.rules.includes(rule)) all.push([rule, x]);
  const source = grammarFromAbnf(text).value;
  for (const rule of s.generate ?? s.rules) for (let k = 0; k < count; k++) all.push([rule, source.generate(rule, seededRandom(k + 1), { maxRepeat: 3 })]);
  return { text, rules: s.rules, all };
}

/** The row that warms the engine's code before row `name`'s first pass (bench/lib/abnf.mjs WARMER). */
const warmerOf = (name) => (name === "rfc5322" ? "odata" : "rfc5322");

if (argv[0] === "--child") {
  const [, root, row, inputsFile, profileTo] = argv;
  const { grammarFromAbnf } = await import(path.join(root, "dist/abnf/index.js"));
  const pass = (g, all) => cpu(() => all.forEach(([r, s]) => g.isValid(s, r)));
  /**
   * After the first pass: a second pass on the tiers the first left (`again`: the first tier's
   * own steady cost where every rule stayed on it, `firstTier` true; the first pass less this is
   * what making the first tier's readers cost), then compile() and the warm pass.
   */
  const rest = (g, x) => {
    // (Grammar#matcher and its tier are internal: a build without them reads as "left the first tier")
    const tier = () => x.rules.every((r) => g.matcher?.(r)?.tier === "first");
    const before = tier();
    const again = pass(g, x.all);
    const firstTier = before && tier();
    g.compile(...x.rules);
    const warm = Math.min(pass(g, x.all), pass(g, x.all), pass(g, x.all));
    return { again, firstTier, warm };
  };
  const made = JSON.parse(readFileSync(inputsFile, "utf8"));
  const w = made[warmerOf(row)];
  for (let k = 0; k < WARM_ROUNDS; k++) {
    const g = grammarFromAbnf(w.text).value;
    pass(g, w.all);
    g.compile(...w.rules);
    pass(g, w.all);
  }
  const x = made[row];
  const g = grammarFromAbnf(x.text).value;
  let session;
  if (profileTo !== undefined) {
    const { Session } = await import("node:inspector");
    session = new Session();
    session.connect();
    const post = (m, p) => new Promise((ok, no) => session.post(m, p, (e, r) => (e ? no(e) : ok(r))));
    await post("Profiler.enable");
    await post("Profiler.setSamplingInterval", { interval: 100 });
    await post("Profiler.start");
    const first = pass(g, x.all);
    const { profile } = await post("Profiler.stop");
    writeFileSync(profileTo, JSON.stringify(profile));
    process.stdout.write(JSON.stringify({ first, ...rest(g, x) }));
  } else {
    const before = threadMs();
    const first = pass(g, x.all);
    const after = threadMs();
    const threads = before === undefined || after === undefined ? undefined : { main: after.main - before.main, other: after.other - before.other };
    process.stdout.write(JSON.stringify({ first, threads, ...rest(g, x) }));
  }
} else {
  const option = (name) => argv.flatMap((a, i) => (a === name ? [argv[i + 1]] : []));
  const base = option("--base")[0];
  if (base === undefined) throw new Error("--base DIR: the root of the build to compare with");
  const mine = option("--new")[0] ?? here;
  const rows = option("--row").length > 0 ? option("--row") : ROWS;
  const pairs = Number(option("--pairs")[0] ?? 5);
  const profile = option("--profile")[0];
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  // every draw's inputs, made once (a row's and its warmer's), with this build
  const { grammarFromAbnf, seededRandom } = await import(path.join(path.resolve(mine), "dist/abnf/index.js"));
  const dir = mkdtempSync(path.join(tmpdir(), "abnf-first-use-"));
  const inputs = path.join(dir, "inputs.json");
  const made = {};
  for (const row of rows) for (const name of [row, warmerOf(row)]) made[name] ??= setup(name, grammarFromAbnf, seededRandom);
  writeFileSync(inputs, JSON.stringify(made));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  const draw = (who, row, k) => {
    const args = [fileURLToPath(import.meta.url), "--child", path.resolve(who === "base" ? base : mine), row, inputs];
    if (profile !== undefined) args.push(path.join(profile, `${who}-${row}-${k}.cpuprofile`));
    return JSON.parse(execFileSync(process.execPath, args, { encoding: "utf8" }));
  };
  for (const row of rows) {
    const runs = { base: [], new: [] };
    for (let k = 0; k < pairs; k++) {
      const order = k % 2 === 0 ? ["base", "new"] : ["new", "base"];
      for (const who of order) runs[who].push(draw(who, row, k));
    }
    const f = (xs, d = 1) => xs.map((x) => x.toFixed(d)).join(", ");
    const ratio = (rs) => rs.map((r) => r.first / r.warm);
    const sum = (rs) => {
      const q = ratio(rs);
      const again = `${rs.every((r) => r.firstTier) ? "first tier again" : "second pass (a rule left the first tier)"} ${median(rs.map((r) => r.again)).toFixed(1)}`;
      const main = rs.every((r) => r.threads !== undefined) ? ` (main thread ${median(rs.map((r) => r.threads.main)).toFixed(1)}, other threads ${median(rs.map((r) => r.threads.other)).toFixed(1)})` : "";
      return `first ${median(rs.map((r) => r.first)).toFixed(1)} ms${main}, ${again}, warm ${median(rs.map((r) => r.warm)).toFixed(1)}, first/warm median ${median(q).toFixed(2)} (${Math.min(...q).toFixed(2)}-${Math.max(...q).toFixed(2)})`;
    };
    const paired = runs.new.map((n, k) => n.first / runs.base[k].first);
    console.log(`${row}: base ${sum(runs.base)}; new ${sum(runs.new)}; new/base first median ${median(paired).toFixed(3)} (${Math.min(...paired).toFixed(3)}-${Math.max(...paired).toFixed(3)})`);
    console.log(`  first base ${f(runs.base.map((r) => r.first))}; new ${f(runs.new.map((r) => r.first))}; ratios base ${f(ratio(runs.base), 2)}; new ${f(ratio(runs.new), 2)}`);
  }
}
