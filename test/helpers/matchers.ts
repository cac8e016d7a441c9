// Custom matchers for rule parsers: `expect(ipv6address).toAccept("::1")`,
// `expect(uriReference).toRejectAt("https://[::1/", 12)`. A match is of the whole input.
import P from "parsimmon";

const whole = (parser: P.Parser<unknown>, input: string): P.Result<unknown> => parser.skip(P.eof).parse(input);

expect.extend({
  toAccept(parser: P.Parser<unknown>, input: string) {
    const r = whole(parser, input);
    return {
      pass: r.status,
      message: () =>
        r.status
          ? `expected parser to reject ${JSON.stringify(input)}`
          : `expected parser to accept ${JSON.stringify(input)}, but it failed at offset ${r.index.offset} expecting ${r.expected.join(", ")}`,
    };
  },
  toRejectAt(parser: P.Parser<unknown>, input: string, offset: number) {
    const r = whole(parser, input);
    const at = r.status ? undefined : r.index.offset;
    return {
      pass: at === offset,
      message: () =>
        r.status
          ? `expected parser to reject ${JSON.stringify(input)} at offset ${offset}, but it accepted it`
          : `expected rejection of ${JSON.stringify(input)} at offset ${offset}, got offset ${at} expecting ${r.expected.join(", ")}`,
    };
  },
});

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    interface Matchers<R> {
      /** The parser matches the whole input. */
      toAccept(input: string): R;
      /** The parser rejects the input, reporting the given offset. */
      toRejectAt(input: string, offset: number): R;
    }
  }
}

export {};

// AST nodes are views: their fields are getters of their class (src/ast/make.ts), which jest's
// equality does not read. Two values of which one is a node are equal when their data (as the
// node's toJSON gives it) is.
import { isNode } from "../../src/ast/make";
import { registerView } from "./fast-expect";

const json = (x: unknown): string => JSON.stringify(x) ?? "null";
const plain = (x: unknown): unknown => JSON.parse(json(x));
// (jest 30's expect has addEqualityTesters; @types/jest 30.0 does not declare it)
(expect as unknown as { addEqualityTesters(testers: unknown[]): void }).addEqualityTesters([
  function nodeEquality(this: { equals: (a: unknown, b: unknown, testers?: unknown[]) => boolean }, a: unknown, b: unknown, testers: unknown[]) {
    if (!isNode(a) && !isNode(b)) return undefined;
    return this.equals(plain(a), plain(b), testers);
  },
]);
// the wrapped expect's toEqual compares the same views when it tests for a sure pass
registerView(isNode, json);
