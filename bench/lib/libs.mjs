// The libraries under test, and probes for the parts of uri-grammar that may not exist yet
// (the transforms resolve / normalize / serialize). Nothing here is timed.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequire } from "node:module";
import { repoRoot } from "./corpus.mjs";

const require = createRequire(import.meta.url);

/**
 * The built package as Node loads it from package.json (dist/bundle/, scripts/bundle.mjs);
 * URI_GRAMMAR_DIST points at another build's index.js (for trying a branch, or dist/index.js for
 * tsc's unbundled modules).
 */
export const distEntry = process.env.URI_GRAMMAR_DIST ? path.resolve(process.env.URI_GRAMMAR_DIST) : path.join(repoRoot, "dist", "bundle", "index.js");

export async function loadOurs() {
  return import(pathToFileURL(distEntry).href);
}

/** A subpath of the built package ("iri", "schemes"), next to the entry loadOurs uses. */
export async function loadOursSubpath(name) {
  return import(pathToFileURL(path.join(path.dirname(distEntry), name, "index.js")).href);
}

export function loadPeers() {
  return { fastUri: require("fast-uri"), uriJs: require("uri-js") };
}

export function peerVersions() {
  const v = (name) => {
    try {
      return JSON.parse(readFileSync(path.join(repoRoot, "node_modules", name, "package.json"), "utf8")).version;
    } catch {
      return "?";
    }
  };
  return { "fast-uri": v("fast-uri"), "uri-js": v("uri-js"), tinybench: v("tinybench") };
}

/**
 * Turns whatever a transform returned into text: a string as is, a Result unwrapped (an error
 * result gives `undefined`), a node through `serialize`.
 */
export function textOf(ours, x) {
  if (typeof x === "string") return x;
  if (x && typeof x === "object") {
    if ("ok" in x) return x.ok ? textOf(ours, x.value) : undefined;
    if ("kind" in x && typeof ours.serialize === "function") return ours.serialize(x);
    if (typeof x.href === "string") return x.href;
  }
  return x === undefined ? undefined : String(x);
}

/** A node out of whatever a transform returned (for chaining node-level rows). */
export function nodeOf(x) {
  if (x && typeof x === "object" && "ok" in x) return x.ok ? x.value : undefined;
  return x;
}

const BASE = "http://a/b/c/d;p?q";

/**
 * What is usable of our transforms: for each, `{ ok, note }`, and for the ones that work the
 * shape of their result, so the timed functions can be specialised.
 */
export function probeTransforms(ours) {
  const out = {};
  const attempt = (name, fn) => {
    try {
      const r = fn();
      out[name] = r === true ? { ok: true, note: "" } : { ok: false, note: r };
    } catch (e) {
      out[name] = { ok: false, note: `throws: ${String(e && e.message ? e.message : e).split("\n")[0]}` };
    }
  };

  attempt("serialize", () => {
    if (typeof ours.serialize !== "function") return "not yet available (no `serialize` export in dist/index.js)";
    const s = "foo://u@example.com:8042/over/there?name=ferret#nose";
    const got = ours.serialize(ours.parseOrThrow(s));
    return got === s ? true : `unexpected output ${JSON.stringify(got)}`;
  });

  attempt("resolveStrings", () => {
    if (typeof ours.resolve !== "function") return "not yet available (no `resolve` export in dist/index.js)";
    const got = textOf(ours, ours.resolve(BASE, "../g"));
    return got === "http://a/b/g" ? true : `resolve("${BASE}", "../g") gave ${JSON.stringify(got)}`;
  });

  attempt("resolveNodes", () => {
    if (typeof ours.resolve !== "function") return "not yet available (no `resolve` export in dist/index.js)";
    const got = textOf(ours, ours.resolve(ours.parseOrThrow(BASE), ours.parseOrThrow("../g")));
    return got === "http://a/b/g" ? true : `resolve(node, node) gave ${JSON.stringify(got)}`;
  });

  attempt("normalizeString", () => {
    if (typeof ours.normalize !== "function") return "not yet available (no `normalize` export in dist/index.js)";
    const got = textOf(ours, ours.normalize("HTTP://Example.COM/a/./b/../c/%7e"));
    return typeof got === "string" && got.length > 0 ? true : `normalize(string) gave ${JSON.stringify(got)}`;
  });

  attempt("normalizeNode", () => {
    if (typeof ours.normalize !== "function") return "not yet available (no `normalize` export in dist/index.js)";
    const got = textOf(ours, ours.normalize(ours.parseOrThrow("HTTP://Example.COM/a/./b/../c/%7e")));
    return typeof got === "string" && got.length > 0 ? true : `normalize(node) gave ${JSON.stringify(got)}`;
  });
  return out;
}

/** Reads every component of a parsed uri-grammar node, as the parse rows time it; returns a number to sink. */
export function readComponents(v) {
  const len = (x) => (x === undefined ? 0 : x.length);
  const a = v.authority;
  let n = len(v.scheme) + len(v.path.text) + len(v.query) + len(v.fragment);
  if (a !== undefined) n += len(a.userinfo) + len(a.host.text) + len(a.port);
  return n;
}
