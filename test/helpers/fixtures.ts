// Loading fixtures/ (test vectors as data; every case names its source).
import * as fs from "node:fs";
import * as path from "node:path";

export const FIXTURES = path.resolve(__dirname, "../../fixtures");

export const readJson = <T>(...parts: string[]): T => JSON.parse(fs.readFileSync(path.join(FIXTURES, ...parts), "utf8")) as T;

/** The JSON files of a fixtures/ folder, by file name. */
export const jsonFiles = (dir: string): string[] =>
  fs.readdirSync(path.join(FIXTURES, dir)).filter((f) => f.endsWith(".json")).sort();

export interface RuleFixture {
  readonly rule: string;
  readonly groups: readonly { readonly source: string; readonly accept?: readonly string[]; readonly reject?: readonly string[] }[];
}

export type ParseClass = "URI" | "absolute-URI" | "relative-ref" | "invalid";

export interface ParseCase {
  readonly input: string;
  readonly class: ParseClass;
  readonly source?: string;
  readonly components?: {
    readonly scheme: string | null;
    readonly userinfo: string | null;
    readonly host: string | null;
    readonly hostKind: string | null;
    readonly port: string | null;
    readonly pathKind: string;
    readonly path: string;
    readonly query: string | null;
    readonly fragment: string | null;
  };
}

export interface ParseFixture {
  readonly source: string;
  readonly cases: readonly ParseCase[];
}
