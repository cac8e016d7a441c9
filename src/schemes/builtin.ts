// The nine built-in schemes as normalization and equivalence know them (RFC 3986 §6.2.3): their
// definitions (src/schemes/builtin/), judged with their compiled top rules, without a grammar
// value, the engine or parsimmon. What `normalize` and `equivalent` of the main entry use when no
// registry is given; `defaultRegistry` (uri-grammar/schemes) is the same schemes as values.
import type { SchemeRules, SchemeRulesRegistry } from "../transforms/scheme-rules.js";
import { dataDefinition } from "./builtin/data.js";
import { fileDefinition } from "./builtin/file.js";
import { httpDefinition } from "./builtin/http.js";
import { mailtoDefinition } from "./builtin/mailto.js";
import { telDefinition } from "./builtin/tel.js";
import { urnDefinition } from "./builtin/urn.js";
import { wsDefinition } from "./builtin/ws.js";
import { SchemeRecord, type SchemeDefinition } from "./kernel.js";

// Made on first use, not on import: a module that only resolves or serializes, or a bundle of
// such functions, then neither runs nor (tree shaken) ships the nine definitions and their grammars.
let rules: readonly SchemeRules[] | undefined;
let byName: Map<string, SchemeRules> | undefined;

function builtIn(): Map<string, SchemeRules> {
  if (byName === undefined) {
    rules = [
      httpDefinition("http", "RFC 9110 §4.2.1"), httpDefinition("https", "RFC 9110 §4.2.2"), wsDefinition("ws"), wsDefinition("wss"),
      mailtoDefinition, urnDefinition, fileDefinition(), dataDefinition, telDefinition,
    ].map((d) => new SchemeRecord(d as SchemeDefinition<unknown>));
    byName = new Map(rules.map((r) => [r.name, r]));
  }
  return byName;
}

/** `name` in lowercase: itself when it has no uppercase letter (a scheme usually has none), without a copy. */
function lowercase(name: string): string {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if ((c >= 0x41 && c <= 0x5a) || c > 0x7f) return name.toLowerCase();
  }
  return name;
}

/** http, https, ws, wss, mailto, urn, file, data and tel, as normalization and equivalence know them. */
export const builtInSchemes: SchemeRulesRegistry = /* @__PURE__ */ Object.freeze({
  get: (name: string): SchemeRules | undefined => (typeof name === "string" ? builtIn().get(lowercase(name)) : undefined),
  [Symbol.iterator]: (): Iterator<SchemeRules> => (builtIn(), rules as readonly SchemeRules[])[Symbol.iterator](),
});
