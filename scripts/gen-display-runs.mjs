// Writes fixtures/iri/display-runs.json: toDisplayString of seeded random IRIs built from the pieces
// its rules turn on (combining marks after letters, delimiters and triplets; triplets decoded or
// kept; right-to-left letters; dot look-alikes; runs of each). The expected texts were made by the
// build of commit bbffc33, before display read marks and triplets a run at a time (issue 22,
// scaling bench): node scripts/gen-display-runs.mjs <dist dir of that build> > fixtures/iri/display-runs.json
import path from "node:path";
import { pathToFileURL } from "node:url";

const dist = path.resolve(process.argv[2] ?? "dist");
const { toDisplayString } = await import(pathToFileURL(path.join(dist, "iri/index.js")).href);

let seed = 0x2025;
/** mulberry32: the same inputs on every run. */
const next = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (xs) => xs[Math.floor(next() * xs.length)];

const PIECES = [
  "a", "Z", "0", "9", "f", "/", ".", "..", "&", "=", ";", ":", "-", "%", "%2",
  "\u0301", "\u0338", "\u05B0", "\u{1D165}", "\u05D0", "\u0627", "\u00E9", "\u65E5", "\u2024", "\uE000",
  "%CC%81", "%cc%81", "%CC%B8", "%D6%B0", "%F0%9D%85%A5", "%D7%90", "%D8%A7", "%C3%A9", "%E6%97%A5",
  "%41", "%2E", "%2e", "%E2%80%A4", "%E2%80%A5", "%EF%BC%8E", "%E2%80%AE", "%E2%80%8F", "%20", "%FF", "%C3", "%E6%97", "%C0%AF",
];
const HOSTS = ["h", "a.b", "xn--bcher-kva.example", "%C3%A9x", "b%CC%81", "%CC%81x", "\u00E9x", "x\u0301"];
const PREFIXES = ["http://H/", "foo://H/", "foo:", "", "//H/", "http://u:pw@H/", "mailto:", "http:u:pw@H/"];
const OPTIONS = [{}, {}, {}, { idna: false }, { showPassword: true }];

const part = () => {
  let s = "";
  const k = Math.floor(next() * 7);
  for (let i = 0; i < k; i++) s += pick(PIECES).repeat(next() < 0.2 ? 1 + Math.floor(next() * 12) : 1);
  return s;
};

const cases = [];
for (let i = 0; i < 600; i++) {
  let input = pick(PREFIXES).replace("H", pick(HOSTS)) + part();
  if (next() < 0.4) input += `?${part()}`;
  if (next() < 0.3) input += `#${part()}`;
  const options = pick(OPTIONS);
  let expected;
  try {
    expected = toDisplayString(input, options);
  } catch (e) {
    expected = { throws: e.name };
  }
  cases.push([input, options, expected]);
}
const about = "toDisplayString of seeded random IRIs and URIs (scripts/gen-display-runs.mjs): [input, options, expected display text or { throws: error name }], made by the build of commit bbffc33, before display read combining marks and triplets a run at a time.";
process.stdout.write(`{\n  "about": ${JSON.stringify(about)},\n  "cases": [\n${cases.map((c) => `    ${JSON.stringify(c)}`).join(",\n")}\n  ]\n}\n`);
