// RFC 3987 §7.5 and §8 (spoofing): labels that mix scripts (Latin "a", Cyrillic "а", Greek "α"), Common and Inherited characters left out, except
// the sets UTS #39 §5.2 "Highly Restrictive" allows for Japanese, Chinese and Korean. Scripts by the engine's \p{Script=...}.

/** Unicode Script values (long names); those the engine does not know yet are left out at load. */
const SCRIPT_NAMES = [
  "Adlam", "Ahom", "Anatolian_Hieroglyphs", "Arabic", "Armenian", "Avestan", "Balinese", "Bamum", "Bassa_Vah", "Batak",
  "Bengali", "Beria_Erfe", "Bhaiksuki", "Bopomofo", "Brahmi", "Braille", "Buginese", "Buhid", "Canadian_Aboriginal", "Carian",
  "Caucasian_Albanian", "Chakma", "Cham", "Cherokee", "Chorasmian", "Coptic", "Cuneiform", "Cypriot", "Cypro_Minoan",
  "Cyrillic", "Deseret", "Devanagari", "Dives_Akuru", "Dogra", "Duployan", "Egyptian_Hieroglyphs", "Elbasan", "Elymaic",
  "Ethiopic", "Garay", "Georgian", "Glagolitic", "Gothic", "Grantha", "Greek", "Gujarati", "Gunjala_Gondi", "Gurmukhi",
  "Gurung_Khema", "Han", "Hangul", "Hanifi_Rohingya", "Hanunoo", "Hatran", "Hebrew", "Hiragana", "Imperial_Aramaic",
  "Inscriptional_Pahlavi", "Inscriptional_Parthian", "Javanese", "Kaithi", "Kannada", "Katakana", "Kawi", "Kayah_Li",
  "Kharoshthi", "Khitan_Small_Script", "Khmer", "Khojki", "Khudawadi", "Kirat_Rai", "Lao", "Latin", "Lepcha", "Limbu",
  "Linear_A", "Linear_B", "Lisu", "Lycian", "Lydian", "Mahajani", "Makasar", "Malayalam", "Mandaic", "Manichaean",
  "Marchen", "Masaram_Gondi", "Medefaidrin", "Meetei_Mayek", "Mende_Kikakui", "Meroitic_Cursive", "Meroitic_Hieroglyphs",
  "Miao", "Modi", "Mongolian", "Mro", "Multani", "Myanmar", "Nabataean", "Nag_Mundari", "Nandinagari", "New_Tai_Lue",
  "Newa", "Nko", "Nushu", "Nyiakeng_Puachue_Hmong", "Ogham", "Ol_Chiki", "Ol_Onal", "Old_Hungarian", "Old_Italic",
  "Old_North_Arabian", "Old_Permic", "Old_Persian", "Old_Sogdian", "Old_South_Arabian", "Old_Turkic", "Old_Uyghur",
  "Oriya", "Osage", "Osmanya", "Pahawh_Hmong", "Palmyrene", "Pau_Cin_Hau", "Phags_Pa", "Phoenician", "Psalter_Pahlavi",
  "Rejang", "Runic", "Samaritan", "Saurashtra", "Sharada", "Shavian", "Siddham", "Sidetic", "SignWriting", "Sinhala",
  "Sogdian", "Sora_Sompeng", "Soyombo", "Sundanese", "Sunuwar", "Syloti_Nagri", "Syriac", "Tagalog", "Tagbanwa",
  "Tai_Le", "Tai_Tham", "Tai_Viet", "Tai_Yo", "Takri", "Tamil", "Tangsa", "Tangut", "Telugu", "Thaana", "Thai",
  "Tibetan", "Tifinagh", "Tirhuta", "Todhri", "Tolong_Siki", "Toto", "Tulu_Tigalari", "Ugaritic", "Vai", "Vithkuqi",
  "Wancho", "Warang_Citi", "Yezidi", "Yi", "Zanabazar_Square",
] as const;

/** The scripts the engine knows, each with its test; made on first use. */
let scripts: readonly (readonly [string, RegExp])[] | undefined;
const knownScripts = (): readonly (readonly [string, RegExp])[] =>
  (scripts ??= SCRIPT_NAMES.flatMap((name) => {
    try {
      return [[name, new RegExp(`^\\p{Script=${name}}$`, "u")] as const];
    } catch {
      return [];
    }
  }));

const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]$/u;
const known = new Map<number, string | undefined>();

/** The Script of a character; `undefined` for Common, Inherited and unassigned ones. */
export function scriptOf(ch: string): string | undefined {
  const cp = ch.codePointAt(0) ?? 0;
  if (known.has(cp)) return known.get(cp);
  let script: string | undefined;
  if (cp < 0x80) script = /[A-Za-z]/.test(ch) ? "Latin" : undefined;
  else if (!NEUTRAL.test(ch)) script = knownScripts().find(([, re]) => re.test(ch))?.[0];
  known.set(cp, script);
  return script;
}

/** UTS #39 §5.2 "Highly Restrictive": the sets of scripts one label may mix. */
const ALLOWED_MIXES: readonly ReadonlySet<string>[] = [
  new Set(["Latin", "Han", "Hiragana", "Katakana"]), // Japanese
  new Set(["Latin", "Han", "Bopomofo"]), // Chinese
  new Set(["Latin", "Han", "Hangul"]), // Korean
];

/** The scripts of a label's characters, Common and Inherited left out, in order of appearance. */
export function scriptsOf(label: string): string[] {
  const out = new Set<string>();
  for (const ch of label) {
    const s = scriptOf(ch);
    if (s !== undefined) out.add(s);
  }
  return [...out];
}

/**
 * True when a label mixes scripts in a way no language writes a word (RFC 3987 §7.5: "all the
 * characters in a single component are used together in a given language"), e.g. Latin with
 * Cyrillic ("pаypal" with a Cyrillic "а") or Greek; Japanese (Latin, Han, Hiragana, Katakana),
 * Chinese (with Bopomofo) and Korean (with Hangul) combinations are not mixing.
 */
export function mixesScripts(label: string): boolean {
  const scripts = scriptsOf(label);
  if (scripts.length < 2) return false;
  return !ALLOWED_MIXES.some((allowed) => scripts.every((s) => allowed.has(s)));
}
