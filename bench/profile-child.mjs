// Child of run.mjs, run under --cpu-prof: loops one of our operations over the inputs for a
// few seconds so the profile shows where the time goes. argv: MODE INPUTS.json SECONDS.
import { readFileSync } from "node:fs";
import { loadOurs, readComponents, textOf } from "./lib/libs.mjs";

const [mode, file, secondsArg] = process.argv.slice(2);
const inputs = JSON.parse(readFileSync(file, "utf8"));
const ours = await loadOurs();
const seconds = Number(secondsArg) || 3;

let sink = 0;
const len = (x) => (x === undefined ? 0 : x.length);
let pass;
switch (mode) {
  case "parse":
    pass = () => {
      for (const s of inputs) {
        const r = ours.parse(s);
        if (r.ok) sink += readComponents(r.value);
      }
    };
    break;
  case "rejected":
    pass = () => {
      for (const s of inputs) {
        const r = ours.parse(s);
        if (!r.ok) sink += r.error.message.length + r.error.offset;
      }
    };
    break;
  case "resolve":
    pass = () => {
      for (const [b, ref] of inputs) sink += len(textOf(ours, ours.resolve(b, ref)));
    };
    break;
  case "normalize":
    pass = () => {
      for (const s of inputs) sink += len(textOf(ours, ours.normalize(s)));
    };
    break;
  default:
    throw new Error(`unknown mode ${mode}`);
}
const end = Date.now() + seconds * 1000;
let calls = 0;
while (Date.now() < end) {
  pass();
  calls += inputs.length;
}
console.log(JSON.stringify({ mode, calls, sink }));
