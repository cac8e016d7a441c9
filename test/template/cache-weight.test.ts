// issue 30, "memory kept by the cache <= the documented bound after any sequence of calls": the
// cache of templates given as text weighs each by UriTemplate.retained (entries of four bytes) and
// keeps at most 8 Mi entries. retained counted an automaton at 16 entries (64 bytes) a state, when
// its typed arrays are 10-16 bytes a state (router30's flat Nfa), and did not count the fixed
// arrays of the automata a match builds: measured (node --expose-gc, heap and array buffers after
// the match, less before), a matched "/p{i}/{a}/{b}" (130 states) kept 24.9 KB and was counted 9.0
// KB, an API route 51 KB for 25.5 KB, 200 expressions 1,041 KB for 807 KB; so the cache's 8 Mi
// entries could hold more than the bytes stated. These check the counts against the bytes the
// code's own arrays hold (the floor) and that an automaton is not weighed at four times its bytes.
// Since round 11, each automaton, matcher and forward automaton reports what it keeps (its
// `retained`, counted where its arrays are made), and a template's is theirs.
import { Deterministic, Matcher, unitClasses, type Nfa } from "../../src/template/automaton";
import { readTemplate } from "../../src/template/parse";
import { SubsetDfa, Union } from "../../src/template/router";
import { UNIT_COUNT } from "../../src/template/units";
import { match, parseTemplateOrThrow } from "../../src/template/template";
import { GRAMMAR_CHARACTERS_KEPT, grammarOf, grammarsKept, GRAMMARS_KEPT } from "../../src/template/grammar";

/** Bytes of an automaton's typed arrays. */
const typedBytes = (nfa: Nfa): number => (Object.values(nfa) as unknown[]).reduce<number>((n, v) => n + (ArrayBuffer.isView(v) ? v.byteLength : 0), 0);

const TEMPLATES = [
  "/p0/{a}/{b}",
  "/repos/{owner}/{repo}/issues/{number}/comments{?page,per_page}",
  "/q" + Array.from({ length: 200 }, (_, k) => `/{a${k}}`).join(""),
];

describe("the weight of a template in the cache is the memory it keeps", () => {
  it.each(TEMPLATES)("built, not matched: its automaton's typed arrays, not four times them (%#)", (text) => {
    const t = parseTemplateOrThrow(text);
    const nfa = t.nfa;
    expect(t.retained).toBe(nfa.retained);
    expect(nfa.retained).toBeGreaterThanOrEqual(typedBytes(nfa) / 4);
    // the rest of an automaton (sets, tags, bounded spans, yieldAt) is less than its typed arrays
    expect(nfa.retained).toBeLessThanOrEqual(typedBytes(nfa) / 2 + 1024);
  });

  it.each(TEMPLATES)("matched: at least its automaton and the forward automaton's fixed arrays (%#)", (text) => {
    const t = parseTemplateOrThrow(text);
    const uri = text.replace(/\{\?[^}]*\}/g, "").replace(/\{[^}]*\}/g, "x");
    expect(t.match(uri).ok).toBe(true);
    const nfa = t.nfa;
    // classOf (a Uint16Array of every unit), a stamp and a set id per state, the first table (4 rows of the classes)
    const fixed = UNIT_COUNT / 2 + 2 * nfa.size + 4 * unitClasses(nfa.sets).count;
    expect(t.retained).toBeGreaterThanOrEqual(typedBytes(nfa) / 4 + fixed);
  });

  it("a sequence of matches through the cache: each template weighed after its match as above", () => {
    for (let i = 0; i < 40; i++) {
      const text = `/s${i}/{a}`;
      expect(match(text, `/s${i}/x`).ok).toBe(true);
      const t = parseTemplateOrThrow(text);
      const nfa = t.nfa;
      expect(t.retained).toBeGreaterThanOrEqual(typedBytes(nfa) / 4 + UNIT_COUNT / 2 + 2 * nfa.size + 4 * unitClasses(nfa.sets).count);
    }
  });
});

// issue 30 again (round 11): a full cache kept 36.7-38.3 MB against the 32 MB weighed, because the
// parsed parts, the cache's own entries and the template values were not weighed, and template.ts
// weighed the matchers by constants calibrated on the heap rather than by what their arrays hold.
// The floor below counts the objects and arrays a value holds as V8 lays them out on 64 bits (an
// object 24 bytes and 8 a field, an array 48 bytes and 8 an element; strings, which may be shared,
// are left out), in entries of four bytes.
const floorOf = (x: unknown, seen = new Set<unknown>()): number => {
  if (typeof x !== "object" || x === null || seen.has(x) || ArrayBuffer.isView(x)) return 0;
  seen.add(x);
  const values = Object.values(x as object);
  return (Array.isArray(x) ? 48 : 24) / 4 + 2 * values.length + values.reduce<number>((n, v) => n + floorOf(v, seen), 0);
};

const PARSED = [
  // a varspec every two characters: 1,000 objects of five fields for 2,001 characters
  `{${Array.from({ length: 1000 }, (_, k) => String.fromCharCode(0x41 + (k % 26))).join(",")}}`,
  // an expression every three characters
  Array.from({ length: 500 }, (_, k) => `{${String.fromCharCode(0x61 + (k % 26))}}`).join(""),
  "/users/{id}",
];

describe("the cache weighs everything it keeps: parts, its entries, the template values", () => {
  it.each(PARSED)("read from text (what expand keeps): its parts, the entry and the Map's, and its text (%#)", (text) => {
    const r = readTemplate(text);
    // the entry object and what it holds, the Map's entry (three fields), the text a byte a character
    expect(r.weight).toBeGreaterThanOrEqual(floorOf(r) + 6 + text.length / 4);
  });

  it.each(PARSED)("with its template value: its parts and the value's own arrays too (%#)", (text) => {
    const t = parseTemplateOrThrow(text);
    // (the entry holds the value: its public fields are walked too)
    expect(readTemplate(text).value?.value).toBe(t);
    expect(readTemplate(text).weight).toBeGreaterThanOrEqual(floorOf(readTemplate(text)) + 6 + text.length / 4);
  });

  it.each(PARSED)("after a match through the cache: its parts and its automata (%#)", (text) => {
    const t = parseTemplateOrThrow(text);
    match(text, "x");
    expect(readTemplate(text).weight).toBeGreaterThanOrEqual(floorOf(readTemplate(text)) + 6 + text.length / 4 + t.nfa.retained);
  });

  it.each(TEMPLATES)("a matcher and a forward automaton report their fixed arrays as soon as they are made (%#)", (text) => {
    const nfa = parseTemplateOrThrow(text).nfa;
    // the class of every unit (a byte each at least); the matcher's reverse edges' offsets (two
    // entries a state); the forward automaton's set id a state and its first table of 4 rows
    expect(new Matcher(nfa).retained).toBeGreaterThanOrEqual(UNIT_COUNT / 4 + 2 * nfa.size);
    expect(new Deterministic(nfa).retained).toBeGreaterThanOrEqual(UNIT_COUNT / 4 + nfa.size + 4 * unitClasses(nfa.sets).count);
  });
});

// The router's DFA (router.ts SubsetDfa) is let go past ROUTER_MEMO_LIMIT entries of four bytes;
// it counted a state at its set, its key and 19 entries, when a state keeps a typed array (some
// 200 bytes with its buffer), its key, a map's entry, its list of accepting routes and three
// places in arrays: measured (node --expose-gc, the heap let go with the DFA of 1,000 API routes
// warmed, 24,953 states), 426 bytes a state for 144 counted.
describe("the router's DFA counts what its states keep", () => {
  it("each state at least its set, its key, a typed array's objects, a list and its places", () => {
    const texts = Array.from({ length: 50 }, (_, i) => `/r${i}/{a}/x${i}/{b}`);
    const union = new Union();
    for (const t of texts) union.add(parseTemplateOrThrow(t).unboundedNfa);
    const dfa = new SubsetDfa(union, texts.map((_, i) => i));
    const classOf = union.classes.classOf;
    for (const uri of texts.map((_, i) => `/r${i}/v/x${i}/w`)) {
      let d = dfa.start;
      for (let k = 0; k < uri.length; k++) d = dfa.step(d, classOf[uri.charCodeAt(k)] as number);
    }
    // a typed array and its buffer 184 bytes before its elements, an array 32 and a map's entry 24, three places 24, a key 16 and a byte a character
    const floor = dfa.states.reduce((n, s) => n + s.length + (s.join(",").length + 16) / 4 + (184 + 32 + 24 + 24) / 4, 0);
    expect(dfa.retained).toBeGreaterThanOrEqual(floor);
  });
});

// grammarOf kept each template's grammar beside the template value (a WeakMap), outside what the
// cache weighs: 1,000 templates of 20 expressions as text, each read one URI, kept 161 MB (512
// cached templates with their grammars). It keeps the last GRAMMARS_KEPT grammars, by text.
describe("grammarOf keeps the grammars of a bounded number of templates, apart from the cache", () => {
  const texts = Array.from({ length: 48 }, (_, i) => `/g${i}` + Array.from({ length: 20 }, (_, k) => `/{a${k}}`).join(""));

  it("after many distinct templates, at most GRAMMARS_KEPT grammars, and the first is let go", () => {
    const first = grammarOf(texts[0] as string);
    expect(first.isValid("/g0" + "/x".repeat(20), "template")).toBe(true);
    for (const text of texts) {
      grammarOf(text).isValid(text, "template");
      expect(grammarsKept().grammars).toBeLessThanOrEqual(GRAMMARS_KEPT);
    }
    expect(grammarsKept().grammars).toBe(GRAMMARS_KEPT);
    // the template is still in the cache (512 templates); its grammar is not kept with it
    expect(grammarOf(texts[0] as string)).not.toBe(first);
  });

  it("a repeated template is a hit: the same grammar, by its text or by its template value", () => {
    const g = grammarOf("/h/{x}-{y}");
    for (const text of texts.slice(0, 15)) {
      grammarOf(text);
      expect(grammarOf("/h/{x}-{y}")).toBe(g);
    }
    expect(grammarOf(parseTemplateOrThrow("/h/{x}-{y}"))).toBe(g);
  });

  it("and of at most GRAMMAR_CHARACTERS_KEPT characters of text: long templates are let go sooner, one longer than that is not kept", () => {
    const long = (i: number): string => `/L${i}` + Array.from({ length: 200 }, (_, k) => `/{a${k}}`).join("");
    for (let i = 0; i < 8; i++) {
      grammarOf(long(i)).isValid(`/L${i}` + "/x".repeat(200), "template");
      expect(grammarsKept().characters).toBeLessThanOrEqual(GRAMMAR_CHARACTERS_KEPT);
    }
    expect(grammarsKept().grammars).toBe(Math.floor(GRAMMAR_CHARACTERS_KEPT / long(7).length));
    const huge = "/" + Array.from({ length: 1000 }, (_, k) => `{a${k}}`).join("/");
    expect(grammarOf(huge).isValid("/x", "template")).toBe(false);
    expect(grammarOf(huge)).not.toBe(grammarOf(huge));
    expect(grammarsKept().characters).toBeLessThanOrEqual(GRAMMAR_CHARACTERS_KEPT);
  });
});
