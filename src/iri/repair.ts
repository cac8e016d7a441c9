// Tolerant input: text as people paste it and pages hold it (spaces, "|", '"', "{}", "^", "`",
// "\", non-ASCII, a stray "%") made into a valid RFC 3986 URI reference (or RFC 3987 IRI
// reference) by percent-encoding exactly the characters the grammar does not allow where they
// stand, and nothing else. The text is divided into components as RFC 3986 Appendix B divides
// it, by its first "#", then its first "?", a scheme when one is valid, and "//" authority.
import { hasCodePoint, type CodePointSet } from "../abnf/charset.js";
import { codePointSets, type CharTable } from "../charsets.js";
import { isValid } from "../parse.js";
import { encodeWith, hexValue } from "../transforms/percent.js";
import { expectString } from "../transforms/arguments.js";
import { componentSets, type IriComponent } from "./charsets.js";

/** One character the repair encoded. */
export interface RepairChange {
  /** Where the character stands in the input, in UTF-16 code units. */
  readonly offset: number;
  /** The character as it was (a lone surrogate is one code unit; "%" when it started no triplet). */
  readonly from: string;
  /** What stands for it now: its UTF-8 octets, percent-encoded (`"%25"` for a stray "%"). */
  readonly to: string;
  /** The component it stands in. */
  readonly component: IriComponent;
}

/** What a repair gives: the valid reference, and every change, in input order. */
export interface Repair {
  readonly value: string;
  readonly changes: readonly RepairChange[];
}

/** No character allowed: encodeWith then encodes every character as UTF-8. */
const NONE: CharTable = Object.freeze(new Array<boolean>(128).fill(false));

const isHex = (c: number): boolean => hexValue(c) >= 0;
const isDigits = (s: string): boolean => /^[0-9]*$/.test(s);

/** The scheme at the start of `hier` (RFC 3986 §3.1: ALPHA then scheme characters, then ":"), or `undefined`. */
function schemeOf(hier: string): string | undefined {
  const colon = hier.indexOf(":");
  if (colon < 1 || !hasCodePoint(codePointSets.ALPHA, hier.charCodeAt(0))) return undefined;
  for (let i = 1; i < colon; i++) if (!hasCodePoint(codePointSets.scheme, hier.charCodeAt(i))) return undefined;
  return hier.slice(0, colon);
}

class Repairer {
  value = "";
  readonly changes: RepairChange[] = [];
  constructor(readonly text: string, readonly iri: boolean) {}

  /** Appends `text[start, end)` as component text that `set` (and triplets) may hold. */
  add(start: number, end: number, component: IriComponent, set: CodePointSet): void {
    const t = this.text;
    let out = "";
    for (let i = start; i < end; ) {
      const cp = t.codePointAt(i) ?? 0;
      const width = cp > 0xffff ? 2 : 1;
      if (cp === 0x25) {
        if (i + 2 < end && isHex(t.charCodeAt(i + 1)) && isHex(t.charCodeAt(i + 2))) out += "%";
        else this.change(i, "%", "%25", component), (out += "%25");
      } else if (hasCodePoint(set, cp)) {
        out += t.slice(i, i + width);
      } else {
        const from = t.slice(i, i + width);
        const to = encodeWith(from, NONE);
        this.change(i, from, to, component);
        out += to;
      }
      i += width;
    }
    this.value += out;
  }

  change(offset: number, from: string, to: string, component: IriComponent): void {
    this.changes.push(Object.freeze({ offset, from, to, component }));
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
    const scheme = schemeOf(t.slice(0, hierEnd));
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
    return Object.freeze({ value: this.value, changes: Object.freeze(this.changes) });
  }
}

/**
 * Makes any text a valid URI reference (RFC 3986 §4.1) by percent-encoding, as UTF-8, exactly
 * the characters the grammar does not allow where they stand, and lists each change. A valid
 * reference comes back unchanged, and no character that is valid where it stands is ever
 * changed: a "%" that starts a triplet stays, one that does not becomes "%25"; a space becomes
 * "%20" anywhere; a "#" after the first becomes "%23"; "[" and "]" outside an IP literal are
 * encoded; a ":" in the first segment of a relative path becomes "%3A"; a lone surrogate becomes
 * "%EF%BF%BD" (U+FFFD). It never fails and never throws for a string.
 *
 * Unlike a WHATWG URL parser it removes nothing (leading and trailing spaces, tabs and newlines
 * are encoded, not stripped), never turns "\" into "/" (it becomes "%5C"), never rewrites the
 * host (no IDNA, no lowercasing, no IPv4 number forms), the scheme or the path (no dot segments
 * removed), and knows no scheme: text that does not start with a valid scheme is a relative
 * reference.
 *
 * @example
 * repairUriReference('http://example.com/a b|c?q="x"#s#t').value; // 'http://example.com/a%20b%7Cc?q=%22x%22#s%23t'
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
