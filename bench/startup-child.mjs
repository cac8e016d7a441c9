// Child of run.mjs: the time to import one library plus its first parse, in a fresh process.
// argv: SUBJECT. Prints one JSON line (milliseconds).
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { distEntry } from "./lib/libs.mjs";

const subject = process.argv[2];
const INPUT = "https://user@example.com:8080/a/b/c?q=1#frag";
const t0 = performance.now();
let first;
switch (subject) {
  case "node (empty script)":
    first = () => 0;
    break;
  case "uri-grammar": {
    const { parse } = await import(pathToFileURL(distEntry).href);
    first = () => {
      const v = parse(INPUT).value;
      return v.scheme.length + v.authority.host.text.length + v.path.text.length + (v.query ?? "").length;
    };
    break;
  }
  case "URL":
    first = () => {
      const u = new URL(INPUT);
      return u.protocol.length + u.hostname.length + u.pathname.length + u.search.length;
    };
    break;
  case "fast-uri": {
    const { parse } = (await import("fast-uri")).default;
    first = () => {
      const c = parse(INPUT);
      return c.scheme.length + c.host.length + c.path.length + (c.query ?? "").length;
    };
    break;
  }
  case "uri-js": {
    const { parse } = (await import("uri-js")).default;
    first = () => {
      const c = parse(INPUT);
      return c.scheme.length + c.host.length + c.path.length + (c.query ?? "").length;
    };
    break;
  }
  default:
    throw new Error(`unknown subject ${subject}`);
}
const t1 = performance.now();
const sink = first();
const t2 = performance.now();
console.log(JSON.stringify({ subject, importMs: t1 - t0, firstMs: t2 - t1, sinceStartMs: t2, sink }));
