// Child of run.mjs (needs --expose-gc): retained heap bytes per parsed URL for one library.
// argv: SUBJECT INPUTS.json. Prints one JSON line.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadOurs } from "./lib/libs.mjs";

const [subject, file] = process.argv.slice(2);
if (typeof globalThis.gc !== "function") throw new Error("run with --expose-gc");
const require = createRequire(import.meta.url);
const inputs = JSON.parse(readFileSync(file, "utf8"));

let parseOne;
switch (subject) {
  case "uri-grammar:result": {
    const { parse } = await loadOurs();
    parseOne = (s) => parse(s);
    break;
  }
  case "uri-grammar:node": {
    const { parse } = await loadOurs();
    parseOne = (s) => parse(s).value;
    break;
  }
  case "URL":
    parseOne = (s) => new URL(s);
    break;
  case "fast-uri": {
    const { parse } = require("fast-uri");
    parseOne = (s) => parse(s);
    break;
  }
  case "uri-js": {
    const { parse } = require("uri-js");
    parseOne = (s) => parse(s);
    break;
  }
  default:
    throw new Error(`unknown subject ${subject}`);
}

// Warm up on copies of a few inputs (lazy regex compilation, caches), then drop the results.
for (let i = 0; i < 200; i++) parseOne(` ${inputs[i % inputs.length]}`.slice(1));

const settle = () => {
  for (let i = 0; i < 4; i++) globalThis.gc();
};
const held = new Array(inputs.length).fill(undefined);
settle();
const before = process.memoryUsage();
for (let i = 0; i < inputs.length; i++) held[i] = parseOne(inputs[i]);
settle();
const after = process.memoryUsage();
let present = 0;
for (const h of held) if (h !== undefined) present++;
console.log(
  JSON.stringify({
    subject,
    count: inputs.length,
    present,
    bytesPerItem: (after.heapUsed - before.heapUsed) / inputs.length,
    externalPerItem: (after.external - before.external) / inputs.length,
  }),
);
