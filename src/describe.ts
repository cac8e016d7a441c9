// How an argument that was refused is named in a TypeError: a value in a few words, never the
// whole of a long string.

/** A value in words, for a TypeError: `null`, `an array`, `an object`, a string quoted (cut at 40 characters), or its type and value. */
export function describeValue(x: unknown): string {
  if (x === null) return "null";
  if (Array.isArray(x)) return "an array";
  return typeof x === "object" ? "an object" : typeof x === "string" ? JSON.stringify(x.length > 40 ? `${x.slice(0, 40)}…` : x) : `${typeof x} ${String(x)}`;
}
