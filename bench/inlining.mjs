// What V8 inlines on the parse row's path, in bytes of bytecode: the deterministic yardstick of
// issue 34 (timings on this shared machine move by tens of percent; these sizes do not).
//
//   node bench/inlining.mjs [BUILD_DIR] [node flags...]
//
// BUILD_DIR holds a build's index.js (dist/bundle by default). A child process runs the bench's
// parse row (parse(s) + the 7 components, on the bench's 4,000 URLs) under
// --trace-turbo-inlining --no-concurrent-recompilation, and this prints, for each optimized
// compile of the path's functions, what it inlined (bytecode bytes; "s" for a function of at most
// 27 bytes, which V8 inlines outside its budget), then each function's own size ([+N]: what its
// own optimized code inlined). V8 inlines at most 920 bytes into one optimized function
// (--max-inlined-bytecode-size-cumulative), and a candidate only while the total plus 1.2 times
// its size fits: what is left out of parse's compile (a node's constructor or field initializer)
// is then a call on every parse. Add node flags (e.g. --max-inlined-bytecode-size-cumulative=3000)
// to compare. In a worktree, set URI_CORPUS=/work/shared/corpus as for bench/run.mjs.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = fileURLToPath(import.meta.url);

if (process.argv[2] === "--child") {
  const { corpusDir, loadReal, loadRfcExamples } = await import("./lib/corpus.mjs");
  const { timedInputs } = await import("./lib/inputs.mjs");
  const { loadPeers } = await import("./lib/libs.mjs");
  const L = await import(pathToFileURL(path.resolve(process.argv[3], "index.js")).href);
  const { fastUri, uriJs } = loadPeers();
  const dir = corpusDir();
  const { S } = timedInputs(L, fastUri, uriJs, loadReal(dir).flatMap((f) => f.lines), loadRfcExamples(dir), 4000);
  let sink = 0;
  const len = (x) => (x === undefined ? 0 : x.length);
  // the bench's parse row (bench/run.mjs "parse:ours")
  const row = () => {
    for (const s of S) {
      const r = L.parse(s);
      if (r.ok) {
        const v = r.value;
        const a = v.authority;
        sink += len(v.scheme) + len(v.path.text) + len(v.query) + len(v.fragment) + (a === undefined ? 0 : len(a.userinfo) + len(a.host.text) + len(a.port));
      }
    }
  };
  for (let i = 0; i < 60; i++) row();
  if (sink === 0) throw new Error("the row read nothing");
} else {
  const [dirArg, ...flags] = process.argv.slice(2);
  const dir = path.resolve(dirArg ?? path.join(path.dirname(here), "..", "dist", "bundle"));
  const out = execFileSync(process.execPath, [...flags, "--trace-turbo-inlining", "--no-concurrent-recompilation", here, "--child", dir], {
    maxBuffer: 1 << 28,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const SFI = "\\{(0x[0-9a-f]+) <SharedFunctionInfo ?((?:[^>]|>(?!\\}))*)>\\}";
  const size = new Map();
  const inlinedOwn = new Map();
  for (const m of out.matchAll(new RegExp(`${SFI}, bytecode size: (\\d+)(?:, existing opt code's inlined bytecode size: (\\d+))?`, "g"))) {
    size.set(m[1], [m[2] || "(anonymous)", Number(m[3])]);
    if (m[4] !== undefined) inlinedOwn.set(m[1], Number(m[4]));
  }
  const PATH = ["parse", "matchReference", "referenceFromRun", "testReference", "scan", "fromRun", "ReferenceNode", "get authority", "AuthorityNode",
    "get host", "hostKindIn", "hostOf", "RegNameNode", "get path", "PathNode", "#pathStart", "#pathEnd", "get scheme", "get query", "get fragment",
    "get userinfo", "get port", "get text", "<instance_members_initializer>", "row"];
  const TOP = new Set(["parse", "matchReference", "get authority", "get host", "get path", "row"]);
  const label = (sfi, name) => `${size.get(sfi)?.[0] ?? name} ${size.get(sfi)?.[1] ?? "s"}`;
  let prev = "";
  let acc = [];
  const flush = () => {
    // a compile of another library's parse (fast-uri's, whatwg-url's) inlines nothing of our path
    const ours = acc.some((x) => x.slice(0, x.lastIndexOf(" ")) !== "parse" && PATH.includes(x.slice(0, x.lastIndexOf(" "))));
    if (acc.length > 0 && ours) console.log(`${prev.padEnd(16)} ${acc.reduce((a, x) => a + (Number(x.split(" ").pop()) || 0), 0).toString().padStart(4)}: ${acc.join(", ")}`);
    acc = [];
  };
  const INTO = new RegExp(`^Inlining 0x[0-9a-f]+ ${SFI} into (0x[0-9a-f]+) ${SFI}`);
  for (const line of out.split("\n")) {
    const m = INTO.exec(line);
    if (m === null || !TOP.has(m[5])) continue;
    // one compile: consecutive lines into the same function object
    const top = `${m[5]}@${m[3].slice(-4)}`;
    if (top !== prev) {
      flush();
      prev = top;
    }
    acc.push(label(m[1], m[2]));
  }
  flush();
  const own = new Set();
  for (const [sfi, [name, n]] of size) if (PATH.includes(name)) own.add(`${name} ${n}${inlinedOwn.has(sfi) ? ` [+${inlinedOwn.get(sfi)}]` : ""}`);
  console.log(`sizes: ${[...own].join("; ")}`);
}
