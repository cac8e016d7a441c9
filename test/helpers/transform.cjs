// The transform of every module jest loads (jest.config.js): ts-jest for TypeScript, as before,
// then one wrapper around each module, TypeScript or JavaScript (node_modules included), that
// reads the built-in globals the module names (Math, String, Map, Uint32Array, ...) once, when it
// loads, into parameters of a function around its code.
//
// Why: jest runs every suite in a vm context of its own, and V8 resolves a global name there
// through the context's interceptor, in C++, each time it is read: a few microseconds for each
// `Math.min` or `new Map()`, against nanoseconds in plain Node (node:vm, Node 20: a loop reading
// two globals ran 150 to 200 times slower in a vm context). The library's loops read such globals
// all the time, so a suite spent much of its CPU time in those lookups (test/security/huge-inputs
// took twice the CPU of the same calls on dist/ in plain Node; whatwg-url's parser four times).
// As parameters, the names are read like any local variable.
//
// Nothing else changes: each name is bound to the value the bare name had when the module loaded
// (globalThis's own, read in the same context), and no test or module assigns those globals. A
// name the module assigns to is left global, and so are the names whose value a suite can change
// (Date and the timers under fake timers, console, process) and eval (a direct eval must stay
// one). The module's code runs in an inner function, called with the module's `this` and its
// arguments (module, exports, require, ...), so its own declarations of those names still shadow
// them, its "use strict" is still its first statement, and a top-level `return` still returns.
// Line numbers are unchanged: the wrapper's start is on the module's first line.
"use strict";
const crypto = require("node:crypto");
const fs = require("node:fs");

/** The globals bound: ECMAScript's built-ins that a suite does not replace, and Buffer, TextEncoder, TextDecoder. */
const NAMES = [
  "Object", "Function", "Array", "Number", "parseFloat", "parseInt", "Infinity", "NaN", "Boolean", "String", "Symbol",
  "Promise", "RegExp", "Error", "AggregateError", "EvalError", "RangeError", "ReferenceError", "SyntaxError",
  "TypeError", "URIError", "globalThis", "JSON", "Math", "Intl", "ArrayBuffer", "Uint8Array", "Int8Array",
  "Uint16Array", "Int16Array", "Uint32Array", "Int32Array", "Float32Array", "Float64Array", "Uint8ClampedArray",
  "BigUint64Array", "BigInt64Array", "DataView", "Map", "BigInt", "Set", "WeakMap", "WeakSet", "Proxy", "Reflect",
  "FinalizationRegistry", "WeakRef", "decodeURI", "decodeURIComponent", "encodeURI", "encodeURIComponent",
  "isFinite", "isNaN", "SharedArrayBuffer", "Atomics", "Buffer", "TextEncoder", "TextDecoder",
];

const SOURCE_MAP = /\n\/\/# sourceMappingURL=[^\n]*\s*$/;

/** The module's code with the globals it names bound as parameters of a function around it. */
function wrap(code) {
  const names = NAMES.filter((n) => new RegExp(`(?<![\\w$.])${n}(?![\\w$])`).test(code) && !new RegExp(`(?<![\\w$.])${n}\\s*(?:[-+*/%&|^]|\\*\\*|<<|>>>?|&&|\\|\\||\\?\\?)?=(?!=)|(?:\\+\\+|--)\\s*${n}(?![\\w$])|(?<![\\w$.])${n}\\s*(?:\\+\\+|--)`).test(code));
  if (names.length === 0) return code;
  let body = code;
  let tail = "";
  const map = SOURCE_MAP.exec(code);
  if (map !== null) {
    body = code.slice(0, map.index);
    tail = code.slice(map.index);
  }
  // a shebang line must come first: made a comment, so the lines stay where they were
  if (body.startsWith("#!")) body = `//${body}`;
  const list = names.join(",");
  return `(function(__jestModuleArguments,${list}){return (function(){${body}\n}).apply(this,__jestModuleArguments)}).call(this,arguments,${list});${tail}`;
}

const VERSION = crypto.createHash("sha1").update(fs.readFileSync(__filename)).digest("hex");

function createTransformer(options) {
  const ts = options !== undefined && options.tsconfig !== undefined ? require("ts-jest").default.createTransformer(options) : undefined;
  const key = (sourceText, sourcePath, transformOptions, inner) =>
    crypto.createHash("sha1").update(VERSION).update("\0").update(inner ?? "").update("\0").update(sourcePath).update("\0").update(sourceText).update("\0").update(String(transformOptions.instrument)).digest("hex");
  const wrapped = (result) => (typeof result === "string" ? wrap(result) : { ...result, code: wrap(result.code) });
  return {
    canInstrument: false,
    getCacheKey(sourceText, sourcePath, transformOptions) {
      return key(sourceText, sourcePath, transformOptions, ts?.getCacheKey(sourceText, sourcePath, transformOptions));
    },
    async getCacheKeyAsync(sourceText, sourcePath, transformOptions) {
      return key(sourceText, sourcePath, transformOptions, ts === undefined ? undefined : await ts.getCacheKeyAsync(sourceText, sourcePath, transformOptions));
    },
    process(sourceText, sourcePath, transformOptions) {
      return wrapped(ts === undefined ? { code: sourceText } : ts.process(sourceText, sourcePath, transformOptions));
    },
    async processAsync(sourceText, sourcePath, transformOptions) {
      return wrapped(ts === undefined ? { code: sourceText } : await ts.processAsync(sourceText, sourcePath, transformOptions));
    },
  };
}

module.exports = { createTransformer, wrap };
