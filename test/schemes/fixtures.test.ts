// Every fixture of fixtures/schemes/<scheme>.json: the RFC's examples and own cases, valid ones
// with parts of their typed value, invalid ones with the SchemeError's code, offset and section.
import * as fs from "node:fs";
import { parse } from "../../src/index";
import { defaultRegistry, SchemeError, type DataUri } from "../../src/schemes/index";
import { FIXTURES, plain, readFixture, schemeFor } from "./helpers";

interface ValidCase {
  readonly scheme: string;
  readonly input: string;
  readonly value: Record<string, unknown>;
}
interface InvalidCase {
  readonly scheme: string;
  readonly input: string;
  readonly code: string;
  readonly offset: number;
  readonly section?: string;
}
interface SchemeFixture {
  readonly groups: readonly { readonly source: string; readonly options?: { appendixE?: boolean }; readonly valid?: readonly ValidCase[]; readonly invalid?: readonly InvalidCase[] }[];
}

const files = ["http.json", "ws.json", "mailto.json", "urn.json", "file.json", "data.json", "tel.json"];

it("covers every scheme fixture file", () => {
  const other = ["equivalence.json", "normalize.json", "file-paths.json", "file-resolve.json", "define-scheme.json", "hook-arguments.json", "keeps-normal-form.json", "hook-returns.json"];
  expect(fs.readdirSync(FIXTURES).filter((f) => f.endsWith(".json") && !other.includes(f)).sort()).toEqual([...files].sort());
});

describe.each(files.map((f) => [f]))("%s", (file) => {
  const fixture = readFixture<SchemeFixture>(file);
  for (const group of fixture.groups) {
    describe(group.source, () => {
      const valid = group.valid ?? [];
      const invalid = group.invalid ?? [];
      if (valid.length > 0) {
        it.each(valid.map((c) => [c.input, c]))("accepts %s", (_input, c) => {
          const scheme = schemeFor(c.scheme, group.options);
          const r = scheme.parse(c.input);
          if (!r.ok) throw r.error;
          const { bytesStart, bytesLength, text, ...rest } = c.value as { bytesStart?: number[]; bytesLength?: number; text?: string };
          expect(plain(r.value)).toMatchObject(rest);
          if (text !== undefined) expect((r.value as DataUri).text()).toBe(text);
          if (bytesStart !== undefined) expect([...(r.value as DataUri).bytes.slice(0, bytesStart.length)]).toEqual(bytesStart);
          if (bytesLength !== undefined) expect((r.value as DataUri).bytes.length).toBe(bytesLength);
          expect(Object.isFrozen(r.value)).toBe(true);
          expect(scheme.isValid(c.input)).toBe(true);
          // the registry gives the same value, and the generic AST beside it
          if (group.options === undefined) {
            const p = parse(c.input, { schemes: defaultRegistry });
            if (!p.ok) throw p.error;
            expect(p.value.schemeError).toBeUndefined();
            expect(plain(p.value.scheme)).toEqual(plain(r.value));
          }
        });
      }
      if (invalid.length > 0) {
        it.each(invalid.map((c) => [c.input, c]))("rejects %s", (_input, c) => {
          const scheme = schemeFor(c.scheme, group.options);
          const r = scheme.parse(c.input);
          expect(r.ok).toBe(false);
          if (r.ok) return;
          expect(r.error).toBeInstanceOf(SchemeError);
          expect({ code: r.error.code, offset: r.error.offset }).toEqual({ code: c.code, offset: c.offset });
          if (c.section !== undefined) expect(r.error.section).toBe(c.section);
          expect(r.error.scheme).toBe(scheme.name);
          expect(r.error.input).toBe(c.input);
          expect(r.error.message).toContain(`at offset ${c.offset}`);
          expect(scheme.isValid(c.input)).toBe(false);
          if (["syntax", "uri-syntax", "bad-parameter-value", "unencoded-semicolon"].includes(c.code)) expect(r.error.syntaxError?.offset).toBe(c.offset);
          // with the registry: the generic AST stays available for a URI that RFC 3986 accepts
          if (group.options === undefined && c.code !== "scheme-mismatch") {
            const p = parse(c.input, { schemes: defaultRegistry });
            if (c.code === "uri-syntax") expect(p.ok).toBe(false);
            else {
              if (!p.ok) throw p.error;
              expect(p.value.generic.kind).toBe("URI");
              expect(p.value.scheme).toBeUndefined();
              expect(p.value.schemeError?.code).toBe(c.code);
            }
          }
        });
      }
    });
  }
});
