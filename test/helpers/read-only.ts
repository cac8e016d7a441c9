// Nodes are read-only views (src/ast/make.ts): no own property, every field a getter over private
// state with no setter. They are not frozen: Object.freeze cost about 50 ns a node, most of
// parse's time over validate's (bench/RESULTS.md), and guarded nothing the getters do not.

/** True when `x` is a read-only node: no own property, no setter on its prototype, and assigning its `kind` throws a TypeError (test files are strict code) and changes nothing. */
export function isReadOnlyNode(x: unknown): boolean {
  if (typeof x !== "object" || x === null) return false;
  if (Reflect.ownKeys(x).length !== 0) return false;
  const proto = Object.getPrototypeOf(x) as object;
  if (Object.values(Object.getOwnPropertyDescriptors(proto)).some((d) => d.set !== undefined)) return false;
  const before = (x as { kind?: unknown }).kind;
  try {
    (x as { kind?: unknown }).kind = "changed";
    return false;
  } catch (e) {
    return e instanceof TypeError && (x as { kind?: unknown }).kind === before;
  }
}
