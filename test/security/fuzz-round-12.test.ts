// Fuzz round 12 (helper "fuzz"): ssrfLookup calls back with the addresses it checked, read once
// each, whatever the resolver's answer does when read again (fuzz-11's item 5). The answers are in
// fixtures/fetch/lookup-answers.json. Each case failed before its fix (a throwing getter left
// the lookup unanswered: a request that never ends), but two controls: "public on the first
// read" (refused already) and "public on three reads".
import { AddressRefusedError, classifyAddress, ssrfLookup, type Resolver } from "../../src/security";
import { readJson } from "../helpers/fixtures";

interface AnswerCase {
  readonly name: string;
  readonly reads?: readonly string[];
  readonly strings?: readonly string[];
  readonly throws?: boolean;
}

const { cases } = readJson<{ cases: readonly AnswerCase[] }>("fetch", "lookup-answers.json");

/** The case's one address: an object whose `address` answers `reads` in turn (or an object whose toString does). */
function answer(c: AnswerCase): unknown {
  let k = 0;
  const next = (list: readonly string[]): string => list[Math.min(k++, list.length - 1)] as string;
  if (c.throws === true) {
    return { family: 4, get address(): string { throw new Error("a resolver's getter"); } };
  }
  if (c.strings !== undefined) {
    const list = c.strings;
    return { address: { toString: () => next(list) }, family: 4 };
  }
  const list = c.reads as readonly string[];
  return { family: 4, get address() { return next(list); } };
}

type Answered = { err: Error | null; address: unknown; family: unknown };

function call(host: string, c: AnswerCase, options: unknown): Promise<Answered> {
  // a fresh answer per call: its reads are counted from the first
  const resolve = ((_h, _o, cb) => setImmediate(() => cb(null, [answer(c)] as never))) as Resolver;
  const lookup = ssrfLookup({ resolve });
  return new Promise((done) => {
    const cb = (err: Error | null, address?: unknown, family?: unknown): void => done({ err, address, family });
    if (options === undefined) (lookup as (h: string, c: typeof cb) => void)(host, cb);
    else (lookup as (h: string, o: unknown, c: typeof cb) => void)(host, options, cb);
  });
}

const publicText = (a: unknown): boolean => {
  if (typeof a !== "string") return false;
  const c = classifyAddress(a);
  return c.ok && c.value.kind === "public";
};

describe("ssrfLookup answers with the text it checked (fixtures/fetch/lookup-answers.json)", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    for (const options of [undefined, 4, {}, { all: true }]) {
      const r = await call("rebind.test", c, options);
      if (r.err !== null) {
        // refused: a typed error with the text it refused
        expect(r.err).toBeInstanceOf(AddressRefusedError);
        expect(typeof (r.err as AddressRefusedError).address).toBe("string");
        continue;
      }
      const answered = Array.isArray(r.address) ? (r.address as { address: unknown; family: unknown }[]) : [{ address: r.address, family: r.family }];
      expect(answered.length).toBe(1);
      for (const a of answered) {
        expect([options, a.address, publicText(a.address)]).toEqual([options, a.address, true]);
        expect(a.family).toBe(String(a.address).includes(":") ? 6 : 4);
      }
    }
  });

  it("a checked answer is a copy: changing the resolver's list afterwards changes nothing", async () => {
    const list = [{ address: "93.184.215.14", family: 4 }];
    const resolve: Resolver = (_h, _o, cb) => cb(null, list);
    const got = await new Promise<unknown>((done) => ssrfLookup({ resolve })("x.test", { all: true }, (_e, a) => done(a)));
    list[0] = { address: "127.0.0.1", family: 4 };
    expect(got).toEqual([{ address: "93.184.215.14", family: 4 }]);
  });
});
