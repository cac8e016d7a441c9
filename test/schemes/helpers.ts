// Shared pieces of the scheme tests: the built-in schemes by fixture name, fixture loading, and
// a JSON view of a scheme value (null in fixtures stands for undefined).
import { isNode } from "../../src/ast/make";
import * as fs from "node:fs";
import * as path from "node:path";
import * as S from "../../src/schemes/index";

export const FIXTURES = path.resolve(__dirname, "../../fixtures/schemes");
export const GRAMMAR_DIR = path.resolve(__dirname, "../../grammar");

export const readFixture = <T>(name: string): T => JSON.parse(fs.readFileSync(path.join(FIXTURES, name), "utf8")) as T;

export const fileAppendixE = S.fileScheme({ appendixE: true });

/** The scheme a fixture case names, with the options of its group. */
export function schemeFor(name: string, options?: { appendixE?: boolean }): S.Scheme {
  if (name === "file" && options?.appendixE === true) return fileAppendixE;
  const s = S.defaultRegistry.get(name);
  if (s === undefined) throw new Error(`no built-in scheme ${name}`);
  return s;
}

/** Every built-in scheme, plus file with Appendix E, by a label. */
export const allSchemes: readonly (readonly [string, S.Scheme])[] = [
  ...[...S.defaultRegistry].map((s) => [s.name, s] as const),
  ["file (Appendix E)", fileAppendixE],
];

/** A value as plain data: undefined as null; a data URL's octets as numbers. */
export function plain(v: unknown): unknown {
  if (v === undefined) return null;
  if (v instanceof Uint8Array) return [...v];
  if (Array.isArray(v)) return v.map(plain);
  // an AST node is a view: its data is what toJSON gives
  if (isNode(v)) return plain(JSON.parse(JSON.stringify(v)));
  if (typeof v === "object" && v !== null) {
    const out: Record<string, unknown> = {};
    const src = v as Record<string, unknown>;
    const keys = new Set([...Object.keys(src), ...("kind" in src && src.kind === "data" ? ["bytes"] : [])]);
    for (const k of keys) out[k] = plain(src[k]);
    return out;
  }
  return v;
}
