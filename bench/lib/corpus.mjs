// Corpus loading and deterministic sampling, shared by every bench script.
import { readFileSync, readdirSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const repoRoot = path.resolve(benchDir, "..");

/** `$URI_CORPUS`, else `../shared/corpus` next to the repository. */
export function corpusDir() {
  const dir = process.env.URI_CORPUS ? path.resolve(process.env.URI_CORPUS) : path.resolve(repoRoot, "../shared/corpus");
  if (!existsSync(dir)) {
    throw new Error(`corpus directory not found: ${dir} (set URI_CORPUS to the folder holding real/ and hard.txt)`);
  }
  return dir;
}

/** Lines of a text file; a trailing newline does not make an extra empty line. */
export function readLines(file) {
  const text = readFileSync(file, "utf8");
  const lines = text.split("\n");
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** `{ name, lines }` for each real/*.txt, sorted by name. */
export function loadReal(dir = corpusDir()) {
  const realDir = path.join(dir, "real");
  return readdirSync(realDir)
    .filter((f) => f.endsWith(".txt"))
    .sort()
    .map((name) => ({ name, lines: readLines(path.join(realDir, name)) }));
}

export function loadHard(dir = corpusDir()) {
  return readLines(path.join(dir, "hard.txt"));
}

/** hard.expect.tsv as `[validity "V"|"I", line]` pairs. */
export function loadHardExpect(dir = corpusDir()) {
  return readLines(path.join(dir, "hard.expect.tsv")).map((l) => {
    const tab = l.indexOf("\t");
    return [l.slice(0, tab), l.slice(tab + 1)];
  });
}

/** rfc3986-5.4.tsv: `{ base, pairs: [ref, expected][] }`. */
export function loadRfcExamples(dir = corpusDir()) {
  const lines = readLines(path.join(dir, "rfc3986-5.4.tsv"));
  let base = "http://a/b/c/d;p?q";
  const pairs = [];
  for (const l of lines) {
    if (l.startsWith("#")) {
      const m = /^#\s*base\s+(\S+)/.exec(l);
      if (m) base = m[1];
      continue;
    }
    const [ref, expected] = l.split("\t");
    pairs.push([ref, expected]);
  }
  return { base, pairs };
}

/** mulberry32: a small seeded PRNG, so every run draws the same sample. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `k` items of `items` without replacement, in the seeded random order (partial Fisher–Yates). */
export function sample(items, k, seed = 3986) {
  const rnd = prng(seed);
  const a = items.slice();
  const n = Math.min(k, a.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(rnd() * (a.length - i));
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
  return a.slice(0, n);
}
