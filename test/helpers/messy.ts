// Real URLs (shared/corpus/real, 76,500 lines) made messy as people type and paste them: spaces
// and controls at the ends, tabs and newlines inside, backslashes for slashes, raw quotes and
// braces, upper-case hosts, ideographic full stops, IDN host labels, and mixes of these. The same
// seed gives the same inputs (the PRNG is a 32-bit xorshift), so a failing input can be named.
import * as fs from "node:fs";
import * as path from "node:path";

/** The folder holding real/ (URI_CORPUS, else shared/corpus beside the repository, as bench/lib/corpus.mjs finds it). */
export function corpusDir(): string {
  const dir = process.env["URI_CORPUS"] !== undefined ? path.resolve(process.env["URI_CORPUS"]) : path.resolve(__dirname, "../../../shared/corpus");
  if (!fs.existsSync(path.join(dir, "real"))) throw new Error(`corpus not found: ${dir}/real (set URI_CORPUS to the folder holding real/)`);
  return dir;
}

/** Every line of real/*.txt, files in name order. */
export function realLines(): string[] {
  const real = path.join(corpusDir(), "real");
  return fs.readdirSync(real).filter((f) => f.endsWith(".txt")).sort().flatMap((f) => fs.readFileSync(path.join(real, f), "utf8").split("\n").filter((l) => l !== ""));
}

export type Random = () => number;

/** A seeded PRNG in [0, 1). */
export function xorshift(seed: number): Random {
  let x = seed | 0 || 0x9e3779b9;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 0x100000000;
  };
}

const pick = <T>(r: Random, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;

/** The host of a line with "//" after its scheme: its offsets, or undefined. */
function hostRange(s: string): [number, number] | undefined {
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/(?:[^/?#@]*@)?/.exec(s);
  if (m === null) return undefined;
  const start = m[0].length;
  let end = start;
  while (end < s.length && !"/?#:".includes(s[end] ?? "")) end++;
  return end > start && !s.startsWith("[", start) ? [start, end] : undefined;
}

/** Inserts `piece` at a random offset past the scheme (never inside a surrogate pair). */
function insertAfterScheme(r: Random, s: string, piece: string): string {
  const from = s.indexOf(":") + 1;
  let at = from + Math.floor(r() * (s.length - from + 1));
  if (at > 0 && at < s.length && /[\udc00-\udfff]/.test(s[at] ?? "")) at--;
  return s.slice(0, at) + piece + s.slice(at);
}

const IDN_LABELS = ["bücher", "例え", "пример", "ドメイン", "résumé", "παράδειγμα", "faß", "münchen"];

/** The kinds of mess, each a function of the line; `undefined` when it does not apply. */
export const MESSES: Readonly<Record<string, (r: Random, s: string) => string | undefined>> = {
  "spaces at the ends": (r, s) => pick(r, [" ", "  ", "\u0000", "\u001f ", "\u000c"]) + s + pick(r, [" ", "\n", " \r\n", "\t", "\u0000"]),
  "tabs and newlines": (r, s) => {
    let out = s;
    for (let k = 0, n = 1 + Math.floor(r() * 3); k < n; k++) out = insertAfterScheme(r, out, pick(r, ["\t", "\n", "\r\n", "\r"]));
    return out;
  },
  "backslashes": (r, s) => {
    const q = s.search(/[?#]/);
    const end = q < 0 ? s.length : q;
    let out = "";
    for (let i = 0; i < s.length; i++) out += i < end && s[i] === "/" && r() < 0.6 ? "\\" : s[i];
    return out === s ? undefined : out;
  },
  "raw quotes and braces": (r, s) => {
    let out = s;
    for (let k = 0, n = 1 + Math.floor(r() * 3); k < n; k++) {
      const from = hostRange(out)?.[1] ?? out.indexOf(":") + 1;
      const at = from + Math.floor(r() * (out.length - from + 1));
      out = out.slice(0, at) + pick(r, ['"', "'", "{", "}", "|", "^", "`", "<", ">", " ", "[", "]", "%", "{x}", '"q"']) + out.slice(at);
    }
    return out;
  },
  "upper-case host": (_r, s) => {
    const h = hostRange(s);
    if (h === undefined) return undefined;
    const out = s.slice(0, h[0]).toUpperCase() + s.slice(h[0], h[1]).toUpperCase() + s.slice(h[1]);
    return out === s ? undefined : out;
  },
  "ideographic full stops": (r, s) => {
    const h = hostRange(s);
    if (h === undefined || !s.slice(h[0], h[1]).includes(".")) return undefined;
    const host = s.slice(h[0], h[1]).replace(/\./g, () => pick(r, ["\u3002", "\uff0e", "\uff61", "."]));
    return s.slice(0, h[0]) + host + s.slice(h[1]);
  },
  "IDN host": (r, s) => {
    const h = hostRange(s);
    if (h === undefined || /^[0-9.]+$/.test(s.slice(h[0], h[1]))) return undefined;
    return `${s.slice(0, h[0])}${pick(r, IDN_LABELS)}.${s.slice(h[0], h[1])}${s.slice(h[1])}`;
  },
};

/** One messy input from a real line: one kind of mess, or two or three at once, or the line as it is. */
export function messyInput(r: Random, line: string): { readonly input: string; readonly kinds: readonly string[] } {
  const names = Object.keys(MESSES);
  const count = r() < 0.1 ? 0 : r() < 0.6 ? 1 : r() < 0.8 ? 2 : 3;
  let input = line;
  const kinds: string[] = [];
  for (let k = 0; k < count; k++) {
    const name = pick(r, names);
    const out = MESSES[name]?.(r, input);
    if (out !== undefined && !kinds.includes(name)) {
      input = out;
      kinds.push(name);
    }
  }
  return { input, kinds };
}

/** `n` messy inputs from lines spread over the whole corpus (every line once before any twice). */
export function messyInputs(n: number, seed: number): { readonly input: string; readonly kinds: readonly string[] }[] {
  const lines = realLines();
  const r = xorshift(seed);
  const stride = Math.max(1, Math.floor(lines.length / Math.max(1, n)));
  const out: { input: string; kinds: readonly string[] }[] = [];
  for (let k = 0; k < n; k++) out.push(messyInput(r, lines[(k * stride + Math.floor(k / lines.length)) % lines.length] ?? ""));
  return out;
}
