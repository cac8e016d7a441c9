// Colours for the command line: on for a terminal; NO_COLOR (no-color.org) turns them off, FORCE_COLOR on (0 or false:
// off), --color and --no-color decide over both. Plain SGR codes, so the output is the same on every Node version.

/** The colours the tool uses. */
export type Colour = "red" | "green" | "yellow" | "blue" | "magenta" | "cyan" | "dim" | "bold";

const SGR: Readonly<Record<Colour, readonly [number, number]>> = {
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  blue: [34, 39],
  magenta: [35, 39],
  cyan: [36, 39],
  dim: [2, 22],
  bold: [1, 22],
};

/** Paints text in a colour, or leaves it as it is. */
export type Paint = (colour: Colour | undefined, text: string) => string;

export const plain: Paint = (_colour, text) => text;

export const ansi: Paint = (colour, text) => {
  if (colour === undefined || text === "") return text;
  const [on, off] = SGR[colour];
  return `\u001b[${on}m${text}\u001b[${off}m`;
};

/** Whether to colour a stream: the option first, then FORCE_COLOR, NO_COLOR, and whether it is a terminal. */
export function wantsColour(option: boolean | undefined, stream: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (option !== undefined) return option;
  const force = env["FORCE_COLOR"];
  if (force !== undefined) return force !== "0" && force.toLowerCase() !== "false";
  if (env["NO_COLOR"] !== undefined && env["NO_COLOR"] !== "") return false;
  return stream.isTTY === true && env["TERM"] !== "dumb";
}

/** Bidirectional formatting characters (RFC 3987 §4.1), which would reorder what a terminal shows, and the line and paragraph separators, where it may break the line. */
const UNDRAWABLE = /[\p{Bidi_Control}\u2028\u2029]/gu;

/**
 * Text from the input made safe to print on a terminal: C0 and C1 controls (ESC among them),
 * bidirectional formatting characters and line and paragraph separators shown as "?", so no
 * input can move the cursor, change colours, reorder or break the line.
 */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "?").replace(UNDRAWABLE, "?");
}

/** Text as it is drawn in a figure: bidirectional formatting characters and U+2028, U+2029 as U+FFFD (one UTF-16 unit for one, so offsets stay). */
export const drawable = (text: string): string => text.replace(UNDRAWABLE, "\ufffd");

const hex4 = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/**
 * JSON text that is safe on a terminal too: what JSON.stringify leaves raw (DEL, C1 controls,
 * bidirectional formatting characters, U+2028 and U+2029) escaped as `\uXXXX`.
 */
export function toJson(value: unknown, replacer?: (this: unknown, key: string, value: unknown) => unknown, indent?: number): string {
  const json = JSON.stringify(value, replacer, indent) ?? "null";
  return json.replace(/[\u007f-\u009f\p{Bidi_Control}\u2028\u2029]/gu, hex4);
}
