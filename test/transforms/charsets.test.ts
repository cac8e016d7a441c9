// The tables of src/charsets.ts (derived from the rule definitions) against the grammar's own
// answers: for each of the 256 one-character strings, a table says "allowed" exactly when the
// rule of the same name accepts it (RFC 3986 §2, §3).
import { charsets, inTable, reservedTable, unreservedTable, type CharsetName } from "../../src/charsets";
import { isValid } from "../../src/parse";
import type { RuleName } from "../../src/rules/index";

const names = Object.keys(charsets) as CharsetName[];

/** What the grammar says about one character for a table: `scheme` holds the characters after its first. */
const grammarAllows = (name: CharsetName, ch: string): boolean =>
  name === "scheme" ? isValid(`a${ch}`, "scheme") : isValid(ch, name as RuleName);

describe("charsets", () => {
  test("there is a table for every RFC 3986 §2 class and component set", () => {
    expect(names.sort()).toEqual(
      ["ALPHA", "DIGIT", "HEXDIG", "fragment", "gen-delims", "path", "pchar", "port", "query", "reg-name", "reserved", "scheme",
        "segment", "segment-nz", "segment-nz-nc", "sub-delims", "unreserved", "userinfo"].sort(),
    );
  });

  test.each(names)("%s: 128 entries, frozen", (name) => {
    const t = charsets[name];
    expect(t).toHaveLength(128);
    expect(Object.isFrozen(t)).toBe(true);
  });

  test.each(names)("%s: equals what the rule accepts, for each of the 256 single characters", (name) => {
    const t = charsets[name];
    const differences: string[] = [];
    for (let c = 0; c < 256; c++) {
      const ch = String.fromCharCode(c);
      if (inTable(t, c) !== grammarAllows(name, ch)) differences.push(`U+${c.toString(16).padStart(4, "0")}`);
    }
    expect(differences).toEqual([]);
  });

  test("unreservedTable (what normalize and the template matcher read, made from its ranges alone) is charsets.unreserved; reservedTable holds charsets.reserved", () => {
    expect(unreservedTable).toBe(charsets.unreserved);
    expect(reservedTable).toEqual(charsets.reserved);
  });

  test("every member of a table is a member by the grammar, and the table is not empty", () => {
    for (const name of names) expect(charsets[name].filter((x) => x).length).toBeGreaterThan(0);
  });

  test("no table allows '%' on its own (it only appears in pct-encoded triplets, §2.1) or any non-ASCII code", () => {
    for (const name of names) {
      expect(inTable(charsets[name], 0x25)).toBe(false);
      expect(inTable(charsets[name], 0xe9)).toBe(false);
    }
  });
});
