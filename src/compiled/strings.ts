// String methods called through one bound function each, for the hot paths of parsing and of
// the nodes' getters. Written `s.charCodeAt(i)` or `s.slice(a, b)`, the method is looked up on
// the string's shape (its V8 map), and strings come in many shapes (one- or two-byte; flat,
// sliced from a bigger string as every line of a `split` is, concatenated, internalized): once
// more than four have reached one call site before V8 optimizes its function, the optimized code
// looks the method up in a shared cache and calls it instead of inlining it, for the life of the
// process. Which way a process goes depends on what it ran before (in the benchmark: building the
// samples, parsing IRIs or IP literals, normalizing, resolving). A call of one of these is the
// same call whatever the string, and V8 inlines it (issue 34: parse with its seven components
// read took about 1.6 times the instructions after a process had read other string shapes and
// run the transforms, with `slice` looked up on the string; about the same as before with these).

/** `s.charCodeAt(i)`. */
export const codeAt = /* @__PURE__ */ (() => Function.prototype.call.bind(String.prototype.charCodeAt) as (s: string, i: number) => number)();

/** `s.slice(start, end)`. */
export const sliceOf = /* @__PURE__ */ (() => Function.prototype.call.bind(String.prototype.slice) as (s: string, start: number, end?: number) => string)();
