// The built-in schemes' ABNF of record (grammar/*.abnf) and the code agree: every rule of a file
// prints back from the code's grammar as the same ABNF (compared structurally), except the rules
// the code departs from, each listed with its reason; and the rules a file takes from its RFC
// are the RFC's own, as cut into fixtures/abnf/rfc/.
import * as fs from "node:fs";
import * as path from "node:path";
import type { Grammar } from "../../src/abnf/index";
import { printExpr } from "../../src/abnf/print";
import { rfc3986 } from "../../src/grammars/rfc3986/index";
import { addrSpecGrammar, dataGrammar, fileAppendixEGrammar, fileAppendixFDepartures, fileGrammar, httpGrammar, mailtoDepartures, mailtoGrammar, telDepartures, telGrammar, urnGrammar, uuidGrammar, wsGrammar } from "../../src/schemes/built-in";
import type { Departure } from "../../src/schemes/load";
import { canonicalAbnf, parseAbnf, parseAbnfExpr, type AbnfExpr } from "../helpers/abnf";
import { GRAMMAR_DIR } from "./helpers";

const RFC_DIR = path.resolve(__dirname, "../../fixtures/abnf/rfc");
const OTHER_GRAMMARS = ["rfc3986.abnf", "rfc3987.abnf", "rfc5234-core.abnf", "rfc6570.abnf"]; // rfc6570: URI Templates (src/template), no scheme

interface FileEntry {
  readonly file: string;
  readonly grammar: Grammar;
  readonly departures: readonly Departure[];
  /** The RFC cut(s) in fixtures/abnf/rfc/ the file's rules come from, with the edits that make a cut ABNF. */
  readonly cuts: readonly { readonly file: string; readonly edit?: (text: string) => string; readonly upTo?: string }[];
}

const entries: readonly FileEntry[] = [
  { file: "http.abnf", grammar: httpGrammar, departures: [], cuts: [{ file: "rfc9110-appendix-a.abnf" }] },
  { file: "ws.abnf", grammar: wsGrammar, departures: [], cuts: [{ file: "rfc6455-section3.abnf" }] },
  { file: "mailto.abnf", grammar: addrSpecGrammar, departures: mailtoDepartures, cuts: [{ file: "rfc6068-section2.abnf" }, { file: "../../loader/rfc5322-subset.abnf" }] },
  { file: "urn.abnf", grammar: urnGrammar, departures: [], cuts: [{ file: "rfc8141-section2.abnf" }] },
  { file: "urn-uuid.abnf", grammar: uuidGrammar, departures: [], cuts: [{ file: "rfc9562-section4.abnf" }] },
  { file: "file.abnf", grammar: fileGrammar, departures: [], cuts: [{ file: "rfc8089-section2.abnf" }] },
  { file: "file-appendix-f.abnf", grammar: fileAppendixEGrammar, departures: fileAppendixFDepartures, cuts: [{ file: "rfc8089-appendix-f.abnf" }] },
  // RFC 2397 writes RFC 822 BNF (":=")
  { file: "data.abnf", grammar: dataGrammar, departures: [], cuts: [{ file: "rfc2397-section3.abnf", edit: (t) => t.replace(/:=/g, "=") }] },
  // the RFC misses the space between ")" and "*phonedigit-hex" in local-number-digits
  { file: "tel.abnf", grammar: telGrammar, departures: telDepartures, cuts: [{ file: "rfc3966-section3.abnf", edit: (t) => t.replace('"#")*phonedigit-hex', '"#") *phonedigit-hex') }] },
];

const read = (file: string): string => fs.readFileSync(path.join(GRAMMAR_DIR, file), "utf8");
const canon = (e: AbnfExpr): string => canonicalAbnf(e);
const codeRule = (g: Grammar, name: string): string => canon(parseAbnfExpr(printExpr(g.require(name).expr)));

describe("grammar/ and the scheme grammars", () => {
  it("every scheme file has its grammar here", () => {
    const files = fs.readdirSync(GRAMMAR_DIR).filter((f) => f.endsWith(".abnf") && !OTHER_GRAMMARS.includes(f)).sort();
    expect(entries.map((e) => e.file).sort()).toEqual(files);
  });

  it("leaves no ```abnf block in src/schemes (those quote RFC 3986's rules only)", () => {
    const dir = path.resolve(__dirname, "../../src/schemes");
    const files = fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    expect(files).toContain(path.join("generated", "grammars.ts"));
    for (const f of files) expect(fs.readFileSync(path.join(dir, f), "utf8")).not.toContain("```abnf");
  });
});

describe.each(entries.map((e) => [e.file, e]))("%s", (_file, entry) => {
  const rules = parseAbnf(read(entry.file));
  const departed = new Map(entry.departures.map((d) => [d.rule.toLowerCase(), d]));

  it.each(rules.ruleNames().map((n) => [n]))("%s prints back from the code as in the file", (name) => {
    const body = rules.get(name) as AbnfExpr;
    const d = departed.get(name.toLowerCase());
    if (d !== undefined) {
      expect(codeRule(entry.grammar, name)).toBe(canon(parseAbnfExpr(d.abnf)));
      expect(codeRule(entry.grammar, name)).not.toBe(canon(body));
      return;
    }
    if (body.type === "prose") {
      // "host = <host, defined in [RFC3986], Section 3.2.2>": RFC 3986's rule, under its name or the prose's
      const target = /^([A-Za-z][A-Za-z0-9-]*)/.exec(body.text)?.[1] ?? "";
      const code = codeRule(entry.grammar, name);
      expect([codeRule(rfc3986, target), target.toLowerCase()]).toContain(code);
      return;
    }
    expect(codeRule(entry.grammar, name)).toBe(canon(body));
  });

  it("departs only where it says, with a reason", () => {
    for (const d of entry.departures) {
      expect(rules.has(d.rule)).toBe(true);
      expect(d.why.length).toBeGreaterThan(40);
      expect(d.why).toMatch(/RFC \d+/);
    }
  });

  it.each(entry.cuts.map((c) => [c.file, c]))("takes its RFC's rules as %s has them", (_cut, cut) => {
    const raw = fs.readFileSync(path.join(RFC_DIR, cut.file), "utf8");
    const rfc = parseAbnf(cut.edit === undefined ? raw : cut.edit(raw));
    const own = parseAbnf(read(entry.file));
    let shared = 0;
    for (const name of own.ruleNames()) {
      if (!rfc.has(name)) continue;
      shared++;
      expect([name, canon(own.get(name) as AbnfExpr)]).toEqual([name, canon(rfc.get(name) as AbnfExpr)]);
    }
    expect(shared).toBeGreaterThan(0);
  });
});

describe("mailto: RFC 6068 §2 item 1 applied to the file's rules", () => {
  const file = parseAbnf(read("mailto.abnf"));
  // the rules under local-part and domain that hold a character (the others hold only rule names)
  const encoded = ["domain", "dtext-no-obs", "atext", "dot-atom-text", "qtext", "quoted-pair", "quoted-string", "UTF8-2", "UTF8-3", "UTF8-4", "UTF8-tail"];

  it("rewrites exactly the rules under local-part and domain that hold characters", () => {
    for (const name of file.ruleNames()) {
      const same = codeRule(mailtoGrammar, name) === canon(file.get(name) as AbnfExpr);
      expect([name, same]).toEqual([name, !encoded.includes(name)]);
    }
  });

  it("writes a character that must be encoded only as a triplet, and an allowed one either way", () => {
    expect(mailtoGrammar.isValid("%22", "quoted-string")).toBe(false);
    expect(mailtoGrammar.isValid("%22%22", "quoted-string")).toBe(true);
    expect(mailtoGrammar.isValid('""', "quoted-string")).toBe(false);
    expect(mailtoGrammar.isValid("a", "atext")).toBe(true);
    expect(mailtoGrammar.isValid("%61", "atext")).toBe(true);
    expect(mailtoGrammar.isValid("%7b", "atext")).toBe(true);
    expect(mailtoGrammar.isValid("{", "atext")).toBe(false);
    expect(mailtoGrammar.isValid("%", "atext")).toBe(false);
    expect(mailtoGrammar.isValid("%25", "atext")).toBe(true);
    expect(mailtoGrammar.isValid("%C3%A9", "atext")).toBe(true);
    expect(mailtoGrammar.isValid("%C3", "atext")).toBe(false);
    expect(mailtoGrammar.isValid("%ED%A0%80", "atext")).toBe(false); // a UTF-8 surrogate (RFC 3629 §4)
  });
});
