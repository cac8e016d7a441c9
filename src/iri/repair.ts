// Tolerant input (spaces, "|", '"', "{}", "^", "`", "\", non-ASCII, a stray "%") made a valid RFC 3986 URI (or RFC 3987 IRI) reference: the URL
// Standard's clean-up, then percent-encoding exactly what the grammar does not allow where it stands, in components split as by RFC 3986 Appendix B.
import { hasCodePoint, type CodePointSet } from "../abnf/charset.js";
import { componentSets, isUrlCodePoint, unitsOf, urlCleanUp, type IriComponent } from "../charsets.js";
import { isValid } from "../parse.js";
import { schemeAt } from "../core/scheme-table.js";
import { encodedCharacter, octetAt, sameCharacter } from "../percent-encoding.js";
import { expectString } from "../describe.js";
import { passwordRange } from "../password.js";

/** Where a repaired character stands: a component, the scheme, or `"reference"` for the characters before or after it. */
export type RepairComponent = IriComponent | "scheme" | "reference";

/**
 * What a repair did to a character: `"removed"` (the URL Standard's clean-up: a C0 control or
 * space at either end, a tab or newline anywhere), `"percent-encoded"`, or `"inserted"`: the
 * "@" of an authority without one whose text after its first ":" is no port (`http://user:pw/`,
 * RFC 3986 §3.2.3: port = *DIGIT), read as a userinfo whose host is missing (`http://user:pw@/`),
 * so that what may be a password stays in the userinfo (§3.2.1, §7.5).
 */
export type RepairKind = "removed" | "percent-encoded" | "inserted";

/** One character the repair removed or encoded. */
export interface RepairChange {
  /** Where the character stands in the input, in UTF-16 code units. */
  readonly offset: number;
  /** The character (or run of removed characters) as it was (a lone surrogate is one code unit; "%" when it started no triplet). */
  readonly from: string;
  /** What stands for it now: `""` when removed, else its UTF-8 octets percent-encoded (`"%25"` for a stray "%"). */
  readonly to: string;
  /** The component it stands in. */
  readonly component: RepairComponent;
  readonly kind: RepairKind;
  /**
   * The URL Standard's name for what was wrong with the input here (its validation errors,
   * https://url.spec.whatwg.org/#validation-error-invalid-url-unit): `"invalid-URL-unit"` for a
   * character that is no URL unit (a space, a control, "|", "{", a stray "%", ...); `undefined`
   * for one the URL Standard allows but RFC 3986 does not where it stands (non-ASCII in a URI, a
   * ":" in a first relative segment, a second "@"); `"port-invalid"` for the "@" inserted
   * before a port that is no port, which the URL Standard refuses there (#port-invalid).
   */
  readonly validationError: "invalid-URL-unit" | "port-invalid" | undefined;
}

/** What a repair gives: the valid reference, and every change, in input order. */
export interface Repair {
  readonly value: string;
  readonly changes: readonly RepairChange[];
}

const isDigits = (s: string): boolean => /^[0-9]*$/.test(s);

/** The URL Standard's clean-up (#concept-basic-url-parser, first steps): the text left, where each of its code units was, and what went. */
function cleanUp(input: string): { readonly text: string; readonly at: readonly number[]; readonly removed: readonly { readonly offset: number; readonly from: string; readonly edge: boolean }[] } {
  const { from, to, tabs } = urlCleanUp(input);
  const removed = tabs.map((t) => ({ offset: t.start, from: input.slice(t.start, t.end), edge: false }));
  if (from > 0) removed.unshift({ offset: 0, from: input.slice(0, from), edge: true });
  if (to < input.length) removed.push({ offset: to, from: input.slice(to), edge: true });
  const { text, at } = unitsOf(input, { start: from, end: to });
  return { text, at: [...at, to], removed };
}

class Repairer {
  value = "";
  readonly changes: RepairChange[] = [];
  readonly text: string;
  /** The offset in the input of each code unit of `text` (and of its end). */
  readonly at: readonly number[];
  readonly removed: ReturnType<typeof cleanUp>["removed"];
  constructor(readonly input: string, readonly iri: boolean) {
    const c = cleanUp(input);
    this.text = c.text;
    this.at = c.at;
    this.removed = c.removed;
  }

  /** Appends `text[start, end)` as component text that `set` (and triplets) may hold. */
  add(start: number, end: number, component: IriComponent, set: CodePointSet): void {
    const t = this.text;
    let out = "";
    for (let i = start; i < end; ) {
      const cp = t.codePointAt(i) ?? 0;
      const width = cp > 0xffff ? 2 : 1;
      if (cp === 0x25) {
        if (i + 2 < end && octetAt(t, i) >= 0) out += "%";
        else this.change(i, "%", "%25", component), (out += "%25");
      } else if (hasCodePoint(set, cp)) {
        out += t.slice(i, i + width);
      } else {
        const ch = t.slice(i, i + width);
        const to = encodedCharacter(ch);
        const start = this.at[i] ?? i;
        const last = this.at[i + width - 1] ?? i + width - 1;
        // a pair whose halves a removed tab or newline stood between: the clean-up made them one
        // character (the URL Standard removes those first), and the change is the whole span
        if (last !== start + width - 1) this.absorbed.push([start, last + 1]);
        this.change(i, last === start + width - 1 ? sameCharacter(ch) : this.input.slice(start, last + 1), to, component, cp);
        out += to;
      }
      i += width;
    }
    this.value += out;
  }

  /** Input spans `[start, end)` an encoding covers with the removals inside them (see {@link add}). */
  readonly absorbed: [number, number][] = [];

  change(offset: number, from: string, to: string, component: IriComponent, cp: number = from.codePointAt(0) ?? 0): void {
    const validationError = from === "%" || !isUrlCodePoint(cp) ? "invalid-URL-unit" : undefined;
    this.changes.push(Object.freeze({ offset: this.at[offset] ?? offset, from, to, component, kind: "percent-encoded", validationError }));
  }

  /** Appends text that is known to be valid where it stands (delimiters, a scheme, a port, an IP literal). */
  keep(start: number, end: number): void {
    this.value += this.text.slice(start, end);
  }

  set(component: IriComponent | "segmentNzNc"): CodePointSet {
    return this.iri ? componentSets[component].iri : componentSets[component].uri;
  }

  /** RFC 3986 §3.2: `[ userinfo "@" ] host [ ":" port ]` over `text[start, end)`. */
  authority(start: number, end: number): void {
    const t = this.text;
    const at = t.lastIndexOf("@", end - 1);
    let hostStart = start;
    const pw = passwordRange(t);
    if (at < start && pw !== undefined && pw.start > start && pw.end <= end) {
      // no "@", and the text after the first ":" is no port (§3.2.3): a userinfo whose "@host" is
      // missing, as password.ts reads it (SECURITY.md). Its "@" is written, the host left empty
      // (§3.2.2), so the would-be password stays a password for every reader and every mask;
      // the ":" encoded into the host would show it as a host, which the URL Standard refuses
      this.add(start, end, "userinfo", this.set("userinfo"));
      this.value += "@";
      const offset = this.at[end] ?? end;
      this.changes.push(Object.freeze({ offset, from: "", to: "@", component: "userinfo", kind: "inserted", validationError: "port-invalid" }));
      return;
    }
    if (at >= start) {
      this.add(start, at, "userinfo", this.set("userinfo")); // an earlier "@" is not allowed there: %40
      this.keep(at, at + 1);
      hostStart = at + 1;
    }
    let hostEnd = end;
    if (t.charCodeAt(hostStart) === 0x5b) {
      const close = t.indexOf("]", hostStart);
      if (close >= 0 && close < end) {
        const after = t.slice(close + 1, end);
        if ((after === "" || (after.startsWith(":") && isDigits(after.slice(1)))) && isValid(t.slice(hostStart, close + 1), "IP-literal")) {
          this.keep(hostStart, end); // §3.2.2 IP-literal, then the port
          return;
        }
        const colon = t.lastIndexOf(":", end - 1);
        if (colon > close && isDigits(t.slice(colon + 1, end))) hostEnd = colon;
      }
    } else {
      const colon = t.lastIndexOf(":", end - 1);
      if (colon >= hostStart && isDigits(t.slice(colon + 1, end))) hostEnd = colon;
    }
    this.add(hostStart, hostEnd, "host", this.set("host"));
    this.keep(hostEnd, end);
  }

  run(): Repair {
    const t = this.text;
    const n = t.length;
    const hash = t.indexOf("#");
    const beforeHash = hash < 0 ? n : hash;
    const question = t.indexOf("?");
    const queryAt = question >= 0 && question < beforeHash ? question : -1;
    const hierEnd = queryAt < 0 ? beforeHash : queryAt;
    const scheme = schemeAt(t.slice(0, hierEnd));
    let i = 0;
    if (scheme !== undefined) {
      this.keep(0, scheme.length + 1);
      i = scheme.length + 1;
    }
    if (t.startsWith("//", i)) {
      const slash = t.indexOf("/", i + 2);
      const authorityEnd = slash >= 0 && slash < hierEnd ? slash : hierEnd;
      this.keep(i, i + 2);
      this.authority(i + 2, authorityEnd);
      this.add(authorityEnd, hierEnd, "path", this.set("path"));
    } else if (scheme === undefined) {
      // RFC 3986 §4.2: the first segment of a relative path holds no ":".
      const slash = t.indexOf("/", i);
      const firstEnd = slash >= 0 && slash < hierEnd ? slash : hierEnd;
      this.add(i, firstEnd, "path", this.set("segmentNzNc"));
      this.add(firstEnd, hierEnd, "path", this.set("path"));
    } else {
      this.add(i, hierEnd, "path", this.set("path"));
    }
    if (queryAt >= 0) {
      this.keep(queryAt, queryAt + 1);
      this.add(queryAt + 1, beforeHash, "query", this.set("query"));
    }
    if (hash >= 0) {
      this.keep(hash, hash + 1);
      this.add(hash + 1, n, "fragment", this.set("fragment")); // a second "#" is not allowed there: %23
    }
    // the clean-up's removals, where they stood, among the encodings. Both lists are in input
    // order, so one pointer into `at` finds the first kept character after each removal.
    let k = 0;
    const where = (offset: number): RepairComponent => {
      while (k < this.text.length && (this.at[k] as number) < offset) k++;
      const i = k;
      if (scheme !== undefined && i <= scheme.length) return "scheme";
      if (hash >= 0 && i > hash) return "fragment";
      if (queryAt >= 0 && i > queryAt) return "query";
      return "path";
    };
    let span = 0;
    for (const r of this.removed) {
      while (span < this.absorbed.length && (this.absorbed[span] as [number, number])[1] <= r.offset) span++;
      const covering = this.absorbed[span];
      if (covering !== undefined && covering[0] < r.offset) continue; // inside an encoded pair's span: that change says it
      const component: RepairComponent = r.edge ? "reference" : where(r.offset);
      this.changes.push(Object.freeze({ offset: r.offset, from: r.from, to: "", component, kind: "removed", validationError: "invalid-URL-unit" }));
    }
    this.changes.sort((a, b) => a.offset - b.offset);
    return Object.freeze({ value: this.value, changes: Object.freeze(this.changes) });
  }
}

/**
 * Makes any text a valid URI reference (RFC 3986 §4.1), and lists each change. First the clean-up
 * every WHATWG URL parser does before reading (URL Standard #concept-basic-url-parser): C0
 * controls and spaces at either end are removed, and so is every tab and newline, so pasted text
 * keeps its scheme (" http://a/\tb " is "http://a/b", never a relative path). Then exactly the
 * characters the grammar does not allow where they stand are percent-encoded as UTF-8. A valid
 * reference comes back unchanged, and no character that is valid where it stands is ever
 * changed: a "%" that starts a triplet stays, one that does not becomes "%25"; a space inside
 * becomes "%20"; a "#" after the first becomes "%23"; "[" and "]" outside an IP literal are
 * encoded; a ":" in the first segment of a relative path becomes "%3A"; a lone surrogate becomes
 * "%EF%BF%BD" (U+FFFD). One thing is written, not encoded: an authority without "@" whose text
 * after its first ":" is no port (`http://user:pw/`) is a userinfo whose host is missing, and
 * gets its "@" (`http://user:pw@/`), so that what may be a password stays in the userinfo,
 * where every mask finds it (RFC 3986 §3.2.1, §7.5), not in a host (`http://user%3Apw/`, which
 * the URL Standard's host parser refuses). Each change says where it stood in the input, what it did, and the URL
 * Standard's validation error for it. It never fails and never throws for a string.
 *
 * Past that clean-up it reads no further as a WHATWG URL parser does: it never turns "\" into
 * "/" (it becomes "%5C"), never rewrites the host (no IDNA, no lowercasing, no IPv4 number
 * forms), the scheme or the path (no dot segments removed), and knows no scheme: text that does
 * not start with a valid scheme is a relative reference. For a browser's reading, use `parse`
 * from `uri-grammar/whatwg`.
 *
 * @example
 * repairUriReference('http://example.com/a b|c?q="x"#s#t').value; // 'http://example.com/a%20b%7Cc?q=%22x%22#s%23t'
 * repairUriReference(" http://a/\tb ").value; // "http://a/b"
 * repairUriReference("http://a/b/c/d;p?q").changes; // []
 */
export function repairUriReference(text: string): Repair {
  expectString(text, "text", "repairUriReference");
  return new Repairer(text, false).run();
}

/**
 * {@link repairUriReference} for IRIs (RFC 3987 §2.2): the result is a valid IRI reference, and
 * non-ASCII characters the IRI grammar allows where they stand (ucschar; iprivate in the query)
 * are kept; other non-ASCII characters (C1 controls, noncharacters, private use outside the
 * query, lone surrogates) are percent-encoded as UTF-8.
 *
 * @example
 * repairIriReference("http://example.com/r\u00E9sum\u00E9 2.html").value; // "http://example.com/r\u00E9sum\u00E9%202.html"
 */
export function repairIriReference(text: string): Repair {
  expectString(text, "text", "repairIriReference");
  return new Repairer(text, true).run();
}
