// Reading values back from a URI (the inverse of RFC 6570 §3): the automaton's path gives, for
// every varspec, the spans of its expansion; each is decoded as §3.2.1 encoded it and typed as a
// string, a list or an associative array (in that order of preference, where several fit); a
// variable named more than once must get one value (§3.2.1: "the value of that variable MUST
// remain static"). Expansion gives back the URI, character for character: readings with a
// variable named twice, or from matchAll, are expanded again and compared; the single reading of
// a template naming each variable once is read span by span by the inverse of each encoding (its
// round trip is the property test/template/match.test.ts checks on generated values).
import { reservedTable, unreservedTable } from "../charsets.js";
import { triplet } from "../percent-encoding.js";
import { encodedCharLength, encodeValue, prefixOf } from "./encode.js";
import { expandParts, OPERATOR_ROWS } from "./expand.js";
import type { Tag } from "./language.js";
import type { TemplateExpression, TemplatePart, VarSpec } from "./parse.js";
import type { MatchedRecord, MatchedValue } from "./types.js";
import type { Units } from "./units.js";

/** The parts expanded again, summed over the combinations of values one path's reading tries. */
const COMBINATION_WORK = 1 << 20;

/** One varspec's share of a path: its spans and marks, in path order. */
interface ItemRead {
  readonly spec: VarSpec;
  readonly x: TemplateExpression;
  present: boolean;
  /** Where the span being read began. */
  open: number;
  /** The index in the path's events of the item's first tag; the unit offset of its last. */
  first: number;
  end: number;
  /** An index in the path's events up to which no path gives this share a value, when one is known. */
  dead?: number;
  /** A name its pairs hold twice (they read as no associative array: {@link record}), when it has read them. */
  twice?: string;
  /**
   * Its spans of a value's text and its marks (roles "empty" and "name-key": no text), in path
   * order, four numbers each from `lo` to `hi` in `buf` (shared by the path's shares): its tag,
   * its start and end (string offsets), its tag's index in the path's events. Numbers, not an
   * object a span: an explode on a long URI has a span every few characters (issue 30).
   */
  buf: Int32Array;
  lo: number;
  hi: number;
  readonly tags: readonly Tag[];
}

/** The role of the span at `e` in `o.buf`. */
const roleAt = (o: ItemRead, e: number): Tag["role"] => (o.tags[o.buf[e] as number] as Tag).role;

/** The text of the span at `e` in `o.buf`. */
const spanAt = (o: ItemRead, e: number, uri: string): string => uri.slice(o.buf[e + 1], o.buf[e + 2]);

/**
 * The spans of a short path, kept for the next one (a new typed array of more than 64 bytes is
 * slow to make: a match of a few varspecs took a third longer): what itemsOf returns reads them
 * until itemsOf is called again, and each caller reads its shares before that.
 */
const SPANS = new Int32Array(1024);

/** The varspecs' shares of a path, in the template's order (read them before the next call: {@link SPANS}). */
export function itemsOf(events: ArrayLike<number>, tags: readonly Tag[], expressions: readonly TemplateExpression[], units: Units | undefined): ItemRead[] {
  const all: ItemRead[] = [];
  // (a share's events are one run of the path's: the automaton reads the varspecs one after another)
  const buf = 2 * events.length > SPANS.length ? new Int32Array(2 * events.length) : SPANS;
  let n = 0;
  for (const x of expressions) for (const spec of x.varspecs) all.push({ spec, x, present: false, open: 0, first: -1, end: 0, buf, lo: 0, hi: 0, tags });
  for (let i = 0; i < events.length; i += 2) {
    const tag = events[i] as number;
    const t = tags[tag] as Tag;
    const at = units === undefined ? (events[i + 1] as number) : (units.offsets[events[i + 1] as number] as number);
    const item = all[t.item] as ItemRead;
    if (!item.present) (item.first = i), (item.lo = item.hi = n);
    item.present = true;
    item.end = events[i + 1] as number;
    if (t.kind === "open") item.open = at;
    else (buf[n++] = tag), (buf[n++] = t.kind === "close" ? item.open : at), (buf[n++] = at), (buf[n++] = i), (item.hi = n);
  }
  return all;
}

// ---------------------------------------------------------------------------------------------
// Decoding (the inverse of RFC 6570 §3.2.1's encodings, on text the automaton accepted)

/** A U-mode value: its triplets are uppercase UTF-8 of characters that are not unreserved. */
function decodeU(text: string): string {
  return text.includes("%") ? decodeURIComponent(text) : text;
}

/**
 * A U+R-mode value ("+" and "#"): triplets that expansion would have written for a character of
 * the value (uppercase UTF-8 of a character outside unreserved / reserved, and "%25" for a "%"
 * that two hex digits do not follow) are decoded; every other triplet was in the value as it is.
 */
function decodeR(text: string): string {
  /** The end of the UTF-8 sequence decoded last: its other triplets are in its character. */
  let to = 0;
  return text.replace(/%[\dA-Fa-f]{2}/g, (t, i: number) => {
    if (i < to) return "";
    const o = parseInt(t.slice(1), 16);
    if (t !== triplet(o)) return t;
    if (o < 0x80) return (o === 0x25 ? !/^[\dA-F]{2}/i.test(text.slice(i + 3, i + 5)) : unreservedTable[o] !== true && reservedTable[o] !== true) ? String.fromCharCode(o) : t;
    const seq = text.slice(i, i + encodedCharLength(text, i));
    if (seq === "" || seq !== seq.toUpperCase()) return t;
    to = i + seq.length;
    return decodeURIComponent(seq);
  });
}

/** An associative array of decoded pairs, or the first name that repeats (an object cannot hold that). */
function record(pairs: readonly (readonly [string, string])[]): MatchedRecord | string {
  const names = new Set<string>();
  for (const [k] of pairs) if (names.size === names.add(k).size) return k;
  const o = Object.fromEntries(pairs) as Record<string, string>;
  const keys = Object.keys(o);
  // JavaScript puts integer-like names first, in numeric order: a Map keeps the URI's order
  if (keys.every((k, i) => k === (pairs[i] as readonly [string, string])[0])) return Object.freeze(o);
  return new Map(pairs);
}

/**
 * An explode's elements, in order, each as `f` makes it of its key (the varname where a mark
 * stands for it) and its value (what follows its "=", when one does).
 */
function elements<T>(item: ItemRead, uri: string, f: (key: string, value?: string) => T): T[] {
  const out: T[] = [];
  let key = "";
  for (let e = item.lo; e < item.hi; e += 4) {
    const role = roleAt(item, e);
    if (role === "eval") out[out.length - 1] = f(key, spanAt(item, e, uri));
    else out.push(f((key = role === "key" ? spanAt(item, e, uri) : item.spec.name)));
  }
  return out;
}

/** The typed values one varspec's share can have, preferred first (empty when none can give it). */
function candidates(item: ItemRead, uri: string, all = true): MatchedValue[] {
  const { spec, x } = item;
  const row = OPERATOR_ROWS[x.operator];
  const dec = row.reserved ? decodeR : decodeU;
  const { lo, hi } = item;
  for (let e = lo; e < hi; e += 4) if (roleAt(item, e) === "empty") return [""];
  if (spec.prefix !== undefined) return [dec(spanAt(item, lo, uri))];
  // the members of a list, when the share reads as one (a string too, when it is one member), and
  // the pairs of an associative array, when it reads as one: preferred in that order
  let members: string[] | undefined;
  let pairs: (() => (readonly [string, string])[]) | undefined;
  let string = true;
  if (!spec.explode) {
    // comma-separated pieces; ";name=" with nothing after it is no string: the empty string expands to ";name" (§3.2.7)
    const raw: string[] = [];
    for (let e = lo; e < hi; e += 4) raw.push(spanAt(item, e, uri));
    const pieces = raw.map(dec);
    members = pieces;
    string = x.operator !== ";" || raw[0] !== "";
    if (pieces.length % 2 === 0) pairs = () => Array.from({ length: pieces.length / 2 }, (_, i) => [pieces[2 * i] as string, pieces[2 * i + 1] as string] as const);
  } else {
    // exploded elements: a name (or a whole member; the varname where it is written as a literal)
    // and, after "=", a value; read here for what they make, then once more into the list or
    // the pairs (no array of them besides: an explode on a long URI has an element every few
    // characters)
    let nameKeys = 0;
    let values = false;
    let named = true;
    // a list: the keys where no element has a value, or (";", "?", "&") the values of elements
    // named by the varname (an element whose varname is written as a literal has the varname for its key)
    const list = (): boolean => (row.named ? named : !values);
    // an associative array holds a name once (§2.4.2): once a name repeats where no list can stand
    // (a member "=" something, a name not the varname's), no path keeping the text up to there
    // reads it (U mode encodes "=" in a member): the paths are pruned there
    const names = new Set<string>();
    let twice = false;
    for (let e = lo; e < hi; e += 4) {
      const role = roleAt(item, e);
      if (role === "key") {
        const key = spanAt(item, e, uri);
        twice ||= names.size === names.add(dec(key)).size;
        named &&= key === spec.name;
      } else if (role === "eval") values = true;
      // the varname written as a literal, where no key span can stand (a name U mode would encode)
      else nameKeys++;
      if (twice && !list() && !row.reserved) item.dead ??= item.buf[e + 3];
    }
    if (list()) members = elements(item, uri, (k, v) => dec(row.named ? (v ?? "") : k));
    if (nameKeys === 0) pairs = () => elements(item, uri, (k, v) => [dec(k), dec(v ?? "")] as const);
  }
  const out: MatchedValue[] = [];
  if (members !== undefined) {
    if (members.length === 1 && string) out.push(members[0] as string);
    if (!all && out.length > 0) return out;
    out.push(Object.freeze(members));
    if (!all) return out;
  }
  const r = pairs && record(pairs());
  if (typeof r === "object") out.push(r);
  else item.twice = r;
  return out;
}

/**
 * The preferred value of one varspec's share: `candidates(...)[0]`, without making the list
 * when the share is one span of a varspec without modifiers (the usual case), which reads as
 * the string it decodes to.
 */
function preferred(item: ItemRead, uri: string): MatchedValue | undefined {
  const { spec, x } = item;
  if (item.hi - item.lo === 4 && !spec.explode && spec.prefix === undefined && roleAt(item, item.lo) !== "empty") {
    const text = spanAt(item, item.lo, uri);
    if (x.operator !== ";" || text !== "") {
      return OPERATOR_ROWS[x.operator].reserved ? decodeR(text) : decodeU(text);
    }
  }
  return candidates(item, uri, false)[0];
}

// ---------------------------------------------------------------------------------------------
// Readings: one value per variable

/** A read value as text: strings, lists and pairs (a Map's, in order) each written apart. */
const json = (v: MatchedValue): string => JSON.stringify(v instanceof Map ? [...v] : v);

/** Deep equality of two read values (the same pairs are the same kind of record: record() decides by them). */
const same = (a: MatchedValue, b: MatchedValue): boolean => a === b || (typeof a === "object" && typeof b === "object" && json(a) === json(b));

/** Why a path gives no reading, for the error, and the choices that settle it ({@link settled}). */
export interface Disagreement {
  readonly name: string;
  readonly why: string;
  readonly blame: readonly [number, number, number];
}

/** "+" and "#" keep a value's triplets as they are and encode its other characters: their text reads two ways ("%25" is "%", or "%25" kept). */
const reserved = (o: ItemRead): boolean => OPERATOR_ROWS[o.x.operator].reserved;

/** The text of an occurrence read (it has a span or a mark), its first span to its last. */
const text = (o: ItemRead, uri: string): string => uri.slice(o.buf[o.lo + 1], o.buf[o.hi - 2]);

/** Whether `v` expands to the text of "+" or "#" occurrence `o` (spelled by `canon`). */
function writes(v: MatchedValue, o: ItemRead, uri: string, canon: (s: string) => string): boolean {
  const r = expandParts([{ ...o.x, varspecs: [o.spec] }], () => v, "", "match");
  return r.ok && canon(r.value.slice(o.x.operator === "#" ? 1 : 0)) === text(o, uri);
}

/** The text of an occurrence's one span (undefined when it has several). */
const rawOf = (o: ItemRead, uri: string): string | undefined => (o.hi - o.lo === 4 ? text(o, uri) : undefined);

/**
 * The values every occurrence of one variable (each with its share of the path) can stand for,
 * preferred first, and each occurrence's candidates: a "+" or "#" varspec's text counts as read
 * both ways, and is checked by expanding the values again rather than by its decoding.
 */
function valuesOf(occs: readonly ItemRead[], uri: string, work?: { left: number }, canon = (s: string): string => s): [MatchedValue[], MatchedValue[][]] {
  const lists = occs.map((o) => candidates(o, uri));
  occs.forEach((o, i) => {
    const l = lists[i] as MatchedValue[];
    const raw = rawOf(o, uri);
    if (occs.length > 1 && reserved(o) && raw !== undefined && typeof l[0] === "string" && l[0] !== raw) l.splice(1, 0, raw);
  });
  const paired = occs.map((o, i) => [o, lists[i] as MatchedValue[]] as const);
  // the varspecs whose text reads one way first: their values are the candidates
  const full = paired.filter(([o]) => o.spec.prefix === undefined).sort(([a], [b]) => Number(reserved(a)) - Number(reserved(b)));
  const prefixed = paired.filter(([o]) => o.spec.prefix !== undefined);
  // a "+" or "#" text (a prefix's too) is compared with what the value expands to there (its
  // triplets may be part kept, part encoded); a prefix read one way begins the value
  const fits = (v: MatchedValue): boolean =>
    paired.every(([o, l]) => (reserved(o) ? writes(v, o, uri, canon) : o.spec.prefix === undefined ? l.some((w) => same(v, w)) : typeof v === "string" && prefixOf(v, o.spec.prefix, false) === l[0]));
  const [first] = full;
  // the candidates of the first varspec that reads the whole value; with prefixes only, the
  // longest one read stands for the value (each way it reads; the shorter ones fit only when
  // they are the same value)
  const values = first !== undefined ? [...first[1]] : [...new Set(prefixed.flatMap(([, l]) => l as string[]))].sort((a, b) => [...b].length - [...a].length);
  // no varspec reads the value one way as far as a "+" or "#" text goes (that text read whole, or
  // a longer prefix): a prefix read one way is the value, or begins it, and the "+" or "#" text
  // goes on where the prefix's expansion ends (its last "%" written "%25", or kept: two
  // characters fewer)
  // (each distinct text with each distinct prefix once: a variable in k varspecs is not k^2 pairs)
  const texts = new Set((first !== undefined ? [first] : prefixed).filter(([r]) => reserved(r)).map(([r]) => rawOf(r, uri) ?? ""));
  const heads = new Set(prefixed.filter(([o]) => !reserved(o)).map(([, [p]]) => p as string));
  // (with canon, the text is spelled as RFC 3986 §6.2.2 normalizes it: the value's own triplets
  // may stand there upper-cased, or as the unreserved characters they encode)
  for (const text of texts) {
    for (const p of heads) {
      const n = canon(encodeValue(p, true)).length;
      values.push(p, p + text.slice(n));
      // (only a prefix that ends in "%" or "%" and a digit wrote that "%" as "%25", two characters
      // more than it: else the value's triplet goes on past it, its last digits as written, or
      // the character the triplet encodes)
      const cut = /%[\dA-F]?$/i.exec(p)?.[0].length ?? 0;
      if (cut > 0) {
        const at = n - 2 - cut;
        const rest = text[at] === "%" ? text.slice(at + cut) : triplet(text.charCodeAt(at)).slice(cut) + text.slice(at + 1);
        values.push(p + rest, p + decodeR(rest));
      }
    }
  }
  // each value is checked against each occurrence
  if (work) work.left -= values.length * occs.length;
  return [values.filter(fits), lists];
}

/**
 * Where a path's disagreement on a variable (its occurrences `occs`, each with its share of the
 * path) is settled, as indexes in its events: `hi`, such that every path with the same events up
 * to there disagrees too (Matcher.paths skips them; so too every path with the same choices up
 * to the unit offset `end`, when the occurrences are all defined), and `lo`, such that the
 * disagreement reads no event before it (0 when it reads an undefined varspec, whose place has
 * no event). The occurrences are taken in the template's order, each with the first (up to 64 of
 * them: each check reads its pair again): the first pair no value fits (one defined and one
 * undefined; two defined whose texts no one value gives, a "+" or "#" text compared with what the
 * value expands to there, RFC 6570 §3.2.1), or a share no value gives, settles it.
 */
function settled(all: readonly ItemRead[], occs: readonly ItemRead[], uri: string, canon?: (s: string) => string): [number, number, number] {
  const first = occs[0] as ItemRead;
  let checks = 0;
  /** The occurrence that settles it (the last one, when no pair does). */
  let f = first;
  /** Whether f and the first, both defined, read no common value. */
  let pair = false;
  for (const o of occs) {
    if (o.dead !== undefined) return [o.first, o.dead, o.end];
    f = o;
    if (first.present !== o.present) break;
    if (++checks < 64 && o.present && o !== first && valuesOf([first, o], uri, undefined, canon)[0].length === 0) {
      pair = true;
      break;
    }
  }
  // settled where its span ends (a prefix), or where a varspec after it begins (until then, more of it may be read)
  // (a varspec present after one that is not: every path with the same events up to its first has
  // the earlier one undefined too, whose events would come first)
  // (or where its span ends, when it is written as the first is, by an operator that names no
  // variable, RFC 6570 §3.2.1: one value, one text, its span's; and its text is no beginning of
  // the first's: reading more of it only adds text)
  const alike = pair && !OPERATOR_ROWS[f.x.operator].named && f.x.operator === first.x.operator && f.spec.explode === first.spec.explode && f.spec.prefix === first.spec.prefix && !text(first, uri).startsWith(text(f, uri));
  const hi = f.present && !first.present ? f.first : f.present && (alike || f.spec.prefix !== undefined) ? (f.buf[f.hi - 1] as number) : (all.slice(all.indexOf(f) + 1).find((p) => p.present)?.first ?? Infinity);
  // (the occurrences' events come in the template's order: the first one's is the lowest; with
  // every occurrence up to f defined, f's last tag is the furthest; and a later pair's events
  // end no sooner than the first pair's: it settles soonest)
  return [first.present ? first.first : 0, hi, first.present && f.present ? f.end : Infinity];
}

/** A variable's value in a reading: an own property, whatever its name ("__proto__" too). */
const put = (vars: Record<string, MatchedValue>, name: string, value: MatchedValue | undefined): void => void Object.defineProperty(vars, name, { value, enumerable: true });

/**
 * The readings of one path, preferred first (at most `limit`): each variable's value chosen among
 * its varspecs' candidates so that every occurrence agrees, then the whole checked by expanding
 * it again. When there is none, a disagreement: of the variables that disagree, the one whose
 * settling events ({@link settled}) end first, so that the paths skipped after it are the most.
 */
export function readingsOf(
  reads: readonly ItemRead[],
  parts: readonly TemplatePart[],
  uri: string,
  limit: number,
  repeats = true,
  work?: { left: number },
  canon?: (s: string) => string,
): Record<string, MatchedValue>[] | Disagreement {
  if (!repeats && limit === 1) {
    // one varspec per variable: each one's preferred value, checked by expanding it again
    const vars: Record<string, MatchedValue> = {};
    let fast = true;
    for (const item of reads) {
      if (!item.present) continue;
      const c = preferred(item, uri);
      if (c === undefined) {
        fast = false;
        break;
      }
      const { name } = item.spec;
      if (name === "__proto__") put(vars, name, c);
      else vars[name] = c;
    }
    // each value is read back from its own span by the inverse of its encoding, so its
    // expansion is that span (test/template/match.test.ts checks it on generated values)
    if (fast) return [Object.freeze(vars)];
  }
  const byName = new Map<string, ItemRead[]>();
  for (const o of reads) {
    const list = byName.get(o.spec.name) ?? [];
    list.push(o);
    byName.set(o.spec.name, list);
  }
  // each variable's possible values, preferred first
  const choices: [string, MatchedValue[]][] = [];
  /** The disagreement whose settling choices end first (its paths are skipped soonest), of the variables read. */
  let worst: Disagreement | undefined;
  for (const [name, occs] of byName) {
    const present = occs.filter((o) => o.present).length;
    if (!present) continue;
    let why: string | undefined;
    if (present < occs.length) why = "would be defined in one expression and undefined in another";
    else {
      const [values, lists] = valuesOf(occs, uri, work, canon);
      if (values.length) choices.push([name, values]);
      else {
        // an occurrence that reads no value: an explode whose pairs name a key twice (candidates),
        // which no associative array holds (§2.4.2; match gives an object or a Map)
        const twice = occs.find((o, i) => !(lists[i] as MatchedValue[]).length)?.twice;
        // else the first occurrence and the first that reads another value (or the last): two of
        // them, not every one (a failing path writes it, and only the last path's is shown)
        const k = lists.findIndex((l) => !same(l[0] as MatchedValue, (lists[0] as MatchedValue[])[0] as MatchedValue));
        why = twice
          ? `would hold the name ${JSON.stringify(twice)} twice, which no associative array does`
          : `must have one value, but its expressions read different ones (${[0, k < 0 ? occs.length - 1 : k].map((i) => `${(occs[i] as ItemRead).x.text}: ${JSON.stringify((lists[i] as MatchedValue[])[0] ?? null)}`).join(", ")})`;
      }
    }
    if (why) {
      const blame = settled(reads, occs, uri, canon);
      if (worst === undefined || blame[1] < worst.blame[1]) worst = { name, why: `the variable ${JSON.stringify(name)} ${why}`, blame };
    }
  }
  if (worst !== undefined) return worst;
  // the combinations, preferred first, each expanded again and compared with the URI
  const out: Record<string, MatchedValue>[] = [];
  const pick = new Array<number>(choices.length).fill(0);
  let why = "expanding the values read does not give the URI back";
  // each combination is one expansion of the template: at most about a million parts expanded
  let combinations = Math.max(16, Math.floor(COMBINATION_WORK / Math.max(1, parts.length)));
  for (;;) {
    if (--combinations < 0 || (work !== undefined && (work.left -= parts.length + reads.length + uri.length) < 0)) {
      why = "the combinations of the values read are too many to try";
      break;
    }
    const vars: Record<string, MatchedValue> = {};
    choices.forEach(([name, values], i) => put(vars, name, values[pick[i] as number]));
    const again = expandParts(parts, (n) => (Object.hasOwn(vars, n) ? vars[n] : undefined), "", "match");
    if (again.ok && (canon?.(again.value) ?? again.value) === uri) {
      out.push(Object.freeze(vars));
      if (out.length >= limit) return out;
    } else if (!again.ok) why = again.error.message;
    // next combination (the last variable varies fastest)
    let i = choices.length - 1;
    while (i >= 0 && (pick[i] as number) + 1 >= ((choices[i] as [string, MatchedValue[]])[1].length)) pick[i--] = 0;
    if (i < 0) break;
    pick[i] = (pick[i] as number) + 1;
  }
  // (the expansion disagrees, which every choice may change)
  return out.length > 0 ? out : { name: "", why, blame: [0, Infinity, Infinity] };
}
