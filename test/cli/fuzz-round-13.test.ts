// Fuzz round 13 (helper "fuzz"; fuzz-12 item 5, the lead's decision): `uri-grammar repair` on one
// line of "http://h/" + 1,000,000 "é" peaked at 566-633 MB of RSS (the repair alone: 217-226 MB).
// Batch mode made each record one string (JSON.stringify, 96 MB here), then its escaped copy, the
// chunk written and its UTF-8 bytes. A long line's record is now written in pieces as they are
// made (src/cli/style.ts jsonPieces, src/cli/batch.ts STREAMED_FROM), the same bytes. The bound is
// tested as the heap it runs in: under --max-old-space-size=160 the run aborted (it needed
// 180-190 MB of heap), and it runs in 140 now. The values of fixtures/cli/json-pieces.json and
// generated ones check that the pieces, joined, are toJson's text.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import fc from "fast-check";
import { STREAMED_FROM } from "../../src/cli/batch";
import { jsonReplacer } from "../../src/cli/errors";
import { jsonPieces, toJson } from "../../src/cli/style";
import { repairUriReference } from "../../src/iri/index";
import { maskPassword, passwordRange } from "../../src/password";
import { readJson } from "../helpers/fixtures";
import { runs, seed } from "../helpers/runs";
import { BUNDLED_CLI, ensureBuilt, ROOT, runHere } from "./helpers";

ensureBuilt({ bundle: true });

const { values } = readJson<{ values: readonly unknown[] }>("cli", "json-pieces.json");

/** The pieces of a value, joined, or the error the walk threw. */
function joined(value: unknown, size?: number): string {
  return [...jsonPieces(value, jsonReplacer, size)].join("");
}

function outcome(f: () => string): { text: string } | { error: string } {
  try {
    return { text: f() };
  } catch (e) {
    return { error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}

class WithToJson {
  constructor(readonly x: number) {}
  toJSON(key: string): unknown {
    return { key, x: this.x, skipped: undefined };
  }
}

/** What JSON cannot hold, which the CLI's replacer (Map, Uint8Array, Error, bigint) or JSON.stringify's rules turn into text. */
const made: readonly [string, unknown][] = [
  ["undefined", undefined],
  ["a function", () => 1],
  ["undefined, a function and a symbol in an array and an object", [undefined, () => 1, Symbol("s"), { u: undefined, f: () => 1, s: Symbol("s"), k: 1 }]],
  ["NaN, infinities, -0", [NaN, Infinity, -Infinity, -0]],
  ["a Map, a Uint8Array, an Error, a bigint", { m: new Map<unknown, unknown>([["a", 1], ["b", [2n]]]), u: new Uint8Array([0, 255]), e: new RangeError("no"), n: 12345678901234567890n }],
  ["toJSON with its key", { first: new WithToJson(1), list: [new WithToJson(2)], date: new Date(0), bad: new Date(NaN) }],
  ["boxed values", [Object("s"), Object(1), Object(false)]],
  // eslint-disable-next-line no-sparse-arrays
  ["holes", [1, , 3]],
  ["a null prototype", Object.assign(Object.create(null) as object, { b: 1, a: 2 })],
  ["nesting as deep as JSON.stringify goes here", JSON.parse(`${"[{\"a\":".repeat(200)}1${"}]".repeat(200)}`) as unknown],
];

describe("jsonPieces: the pieces, joined, are toJson's text", () => {
  it.each(values.map((v, k) => [k, v] as const))("fixture value %i", (_k, v) => {
    for (const size of [1, 7, undefined]) expect(joined(v, size)).toBe(toJson(v, jsonReplacer));
  });

  it.each(made)("%s", (_name, v) => {
    for (const size of [1, 7, undefined]) expect(joined(v, size)).toBe(toJson(v, jsonReplacer));
  });

  it("refuses a cycle with JSON.stringify's TypeError, and a bigint without the replacer", () => {
    const a: unknown[] = [1];
    a.push({ back: a });
    expect(() => toJson(a, jsonReplacer)).toThrow(TypeError);
    expect(() => joined(a)).toThrow(TypeError);
    expect(() => [...jsonPieces([1n])].join("")).toThrow(TypeError);
    // the same object twice, not inside itself, is no cycle
    const o = { x: 1 };
    expect(joined([o, o])).toBe('[{"x":1},{"x":1}]');
  });

  it("walks with its own stack: 200,000 arrays deep, past where JSON.stringify overflows", () => {
    let deep: unknown = [];
    for (let k = 1; k < 200_000; k++) deep = [deep];
    expect(() => toJson(deep, jsonReplacer)).toThrow(/call stack/);
    const text = joined(deep);
    expect(text.length).toBe(400_000);
    expect(text.startsWith("[[[") && text.endsWith("]]]")).toBe(true);
  });

  it("pieces of about the size asked for, each ending after a member", () => {
    const v = Array.from({ length: 5000 }, (_, k) => ({ k, s: "é".repeat(k % 7) }));
    const pieces = [...jsonPieces(v, jsonReplacer, 1024)];
    expect(pieces.length).toBeGreaterThan(50);
    for (const p of pieces.slice(0, -1)) expect(p.length).toBeGreaterThanOrEqual(1024);
    for (const p of pieces) expect(p.length).toBeLessThan(1024 + 64);
  });

  it("any value fast-check makes", () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withBoxedValues: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withNullPrototype: true, withObjectString: true, withUnicodeString: true }), fc.integer({ min: 1, max: 64 }), (v, size) => {
        // a value the replacer cannot read (a Map keyed by an object without toString) throws the same error
        expect(outcome(() => joined(v, size))).toEqual(outcome(() => toJson(v, jsonReplacer)));
      }),
      { numRuns: runs(2000), seed: seed(1313) },
    );
  });
});

describe("repair in batch mode: a long line's record", () => {
  it(`is the record toJson makes, from ${STREAMED_FROM} characters on (a password inside masked)`, async () => {
    const text = `http://u:p\u00e9ss@h/${"é".repeat(STREAMED_FROM)}`;
    const r = await runHere(["repair", "-q"], { stdin: `${text}\n` });
    expect(r.status).toBe(0);
    const repaired = repairUriReference(text);
    const pw = passwordRange(text);
    expect(pw).toBeDefined();
    const changes = repaired.changes.map((c) => (pw !== undefined && c.offset >= pw.start && c.offset < pw.end ? { ...c, from: "***", to: "***" } : c));
    const value = { ...repaired, value: maskPassword(repaired.value), changes };
    expect(r.stdout).toBe(`${toJson({ line: 1, input: maskPassword(text), ok: true, value }, jsonReplacer)}\n`);
    expect(r.stdout).not.toContain("p%C3%A9ss");
  });

  it("of 1,000,000 'é' is written under a 160 MB heap (it needed 180-190 MB)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "uri-grammar-fuzz13-"));
    try {
      const input = path.join(dir, "in.txt");
      const output = path.join(dir, "out.jsonl");
      const n = 1_000_000;
      fs.writeFileSync(input, `http://h/${"é".repeat(n)}\n`);
      const fd = fs.openSync(output, "w");
      const run = spawnSync(process.execPath, ["--max-old-space-size=160", BUNDLED_CLI, "repair", "-q", "--input", input], { cwd: ROOT, stdio: ["ignore", fd, "pipe"] });
      fs.closeSync(fd);
      expect([run.status, run.signal, run.stderr.toString("utf8").slice(0, 300)]).toEqual([0, null, ""]);
      const head = `{"line":1,"input":"http://h/é`;
      const tail = `{"offset":${n + 8},"from":"é","to":"%C3%A9","component":"path","kind":"percent-encoded"}]}}\n`;
      const bytes = fs.readFileSync(output);
      expect(bytes.subarray(0, Buffer.byteLength(head)).toString("utf8")).toBe(head);
      expect(bytes.subarray(bytes.length - Buffer.byteLength(tail)).toString("utf8")).toBe(tail);
      // one record, one change per character (the bytes of "\"offset\":" counted)
      expect(bytes.indexOf(10)).toBe(bytes.length - 1);
      let count = 0;
      const needle = Buffer.from('"offset":');
      for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + needle.length)) count++;
      expect(count).toBe(n);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
