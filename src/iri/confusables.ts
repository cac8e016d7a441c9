// RFC 3987 §8 and UTS #39 §4 (whole-script confusables): a host label written in one script other
// than Latin whose every character looks like an ASCII letter, digit or "-" ("аррӏе", all
// Cyrillic, reads "apple"). Mixed scripts are scripts.ts's rule; this is the one it misses. The
// data (confusables-data.ts) is generated from Unicode's confusables.txt; Chrome's IDN display
// policy shows such labels as their A-labels, and so does toDisplayString.
import { ASCII_LOOKALIKES } from "./confusables-data.js";
import { scriptsOf } from "./scripts.js";

/**
 * The ASCII label a label can be read as, when it is a whole-script confusable of one (UTS #39
 * §4): its characters beyond ASCII all of one script other than Latin (Common and Inherited ones
 * aside), and its skeleton made only of characters of ASCII labels' skeletons, so that some ASCII
 * label has the same skeleton. `undefined` for any other label, ASCII ones included. The label is
 * a U-label: lower case, NFC (IDNA's mapping made it so).
 *
 * @example
 * asciiLookalike("аррӏе"); // "appie": all Cyrillic (а, р, ӏ palochka, е), each like an ASCII letter
 * asciiLookalike("пример"); // undefined: п, и, м look like no ASCII letter
 */
export function asciiLookalike(label: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(label)) return undefined;
  const scripts = scriptsOf(label);
  if (scripts.length !== 1 || scripts[0] === "Latin") return undefined;
  let reads = "";
  for (const ch of label) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x80) {
      if (!/[a-z0-9-]/.test(ch)) return undefined;
      reads += ch;
      continue;
    }
    const k = ASCII_LOOKALIKES.get(cp);
    if (k === undefined) return undefined;
    reads += k.toLowerCase();
  }
  return reads;
}
