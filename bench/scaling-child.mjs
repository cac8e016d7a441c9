// Child of scaling.mjs: times one operation on one input family at each size, printing one JSON
// line per size as soon as it is measured (so a timeout still leaves the smaller sizes).
// argv: FAMILY OP BUDGET_MS SIZE...
import { FAMILIES, POLYNOMIAL_FAMILIES, RESOLVE_BASE } from "./lib/families.mjs";
import { loadOurs, loadOursSubpath, probeTransforms, textOf } from "./lib/libs.mjs";

const [familyName, op, budgetArg, ...sizeArgs] = process.argv.slice(2);
const family = [...FAMILIES, ...POLYNOMIAL_FAMILIES].find((f) => f.name === familyName);
if (!family) throw new Error(`unknown family ${familyName}`);
const budgetMs = Number(budgetArg);
const sizes = sizeArgs.map(Number);
const ours = await loadOurs();
const transforms = probeTransforms(ours);
const emit = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);

let sink = 0;
let fn;
const rule = family.rule ?? "URI-reference";
let grammar;
if (family.grammar !== undefined) {
  const abnf = await loadOursSubpath("abnf");
  const loaded = abnf.grammarFromAbnf(family.grammar);
  if (!loaded.ok) throw loaded.error;
  grammar = loaded.value;
  if (op !== "validate" && op !== "parse") {
    emit({ skip: "a grammar of the user's own: validate and parse only" });
    process.exit(0);
  }
}
if (family.template !== undefined || family.router === true) {
  // a URI Template family: match in the validate column, nothing else
  if (op !== "validate") {
    emit({ skip: "a URI Template family: match only (in the validate column)" });
    process.exit(0);
  }
  const t = await loadOursSubpath("template");
  if (family.router === true) {
    const router = t.createRouter();
    for (let i = 0; i < 1000; i++) router.add(`/api/v1/resource${i}/{id}/items{/item}{?page,limit}`, i);
    fn = (s) => router.match(s) !== undefined;
  } else {
    const template = t.parseTemplateOrThrow(family.template);
    fn = (s) => template.match(s).ok;
  }
}
switch (fn === undefined ? op : "template") {
  case "template":
    break;
  case "validate":
    fn = grammar ? (s) => grammar.isValid(s, rule) : (s) => ours.validate(s, rule).ok;
    break;
  case "parse":
    fn = grammar
      ? (s) => {
          const r = grammar.validate(s, rule);
          if (!r.ok) sink += r.error.message.length;
          return r.ok;
        }
      : (s) => {
          // parse reads URI-reference; a rule named otherwise is parseRule's (issue 34)
          const r = rule === "URI-reference" ? ours.parse(s) : ours.parseRule(s, rule);
          if (!r.ok) sink += r.error.message.length;
          return r.ok;
        };
    break;
  case "resolve":
    if (!transforms.resolveStrings.ok) {
      emit({ skip: transforms.resolveStrings.note });
      process.exit(0);
    }
    fn = (s) => textOf(ours, ours.resolve(RESOLVE_BASE, s)) !== undefined;
    break;
  case "normalize":
    if (!transforms.normalizeString.ok) {
      emit({ skip: transforms.normalizeString.note });
      process.exit(0);
    }
    fn = (s) => textOf(ours, ours.normalize(s)) !== undefined;
    break;
  case "display": {
    const iri = await loadOursSubpath("iri");
    fn = (s) => iri.toDisplayString(s).length > 0;
    break;
  }
  default:
    throw new Error(`unknown op ${op}`);
}

const now = () => Number(process.hrtime.bigint()) / 1e6; // ms
const median = (xs) => {
  const a = [...xs].sort((p, q) => p - q);
  const m = a.length >> 1;
  return a.length % 2 ? a[m] : (a[m - 1] + a[m]) / 2;
};

/** Median ns per call: batches of calls sized to last ≥ 1 ms, until the budget is spent. */
function measure(input) {
  let t0 = now();
  const ok = fn(input);
  const first = now() - t0;
  if (first > 5000) return { nsPerCall: first * 1e6, samples: 1, ok };
  if (first > budgetMs / 3) {
    // Slow at this size: three more single calls, no separate warm-up. When those are far
    // faster than the first (the first was a tier that compiles the rule once it has run enough,
    // as uri-grammar/abnf's first tier does), the size is not slow: measure it as the others.
    const xs = [];
    for (let k = 0; k < 3; k++) {
      const s0 = now();
      fn(input);
      xs.push(now() - s0);
    }
    if (median(xs) > budgetMs / 30) return { nsPerCall: median(xs) * 1e6, samples: 3, ok };
  }
  // warm-up at this size
  const warmEnd = now() + Math.min(budgetMs / 3, 50);
  do fn(input);
  while (now() < warmEnd);
  t0 = now();
  fn(input);
  const one = Math.max(now() - t0, 1e-4);
  const batch = Math.max(1, Math.ceil(1 / one));
  const samples = [];
  const end = now() + budgetMs;
  while ((now() < end || samples.length < 3) && samples.length < 200) {
    const s0 = now();
    for (let k = 0; k < batch; k++) fn(input);
    samples.push((now() - s0) / batch);
  }
  return { nsPerCall: median(samples) * 1e6, samples: samples.length * batch, ok };
}

// Warm the code paths on the smallest input first.
try {
  const small = family.make(sizes[0]);
  // 100 ms and at least 5 calls: a rule of a loaded grammar leaves its first tier after a few
  // calls, and a 1 KB call there can take 30 ms or more
  const end = now() + 100;
  for (let calls = 0; calls < 5 || now() < end; calls++) fn(small);
} catch {
  /* reported per size below */
}

for (const size of sizes) {
  const input = family.make(size);
  try {
    const m = measure(input);
    emit({ size, chars: input.length, nsPerCall: m.nsPerCall, nsPerChar: m.nsPerCall / input.length, calls: m.samples, ok: m.ok });
  } catch (e) {
    emit({ size, chars: input.length, error: `${e?.name ?? "Error"}: ${String(e?.message ?? e).split("\n")[0].slice(0, 120)}` });
  }
}
emit({ done: true, sink: sink % 7 });
