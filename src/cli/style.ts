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
export function toJson(value: unknown, replacer?: Replacer, indent?: number): string {
  return safeJson(JSON.stringify(value, replacer, indent) ?? "null");
}

/** A replacer of JSON.stringify. */
export type Replacer = (this: unknown, key: string, value: unknown) => unknown;

const safeJson = (json: string): string => json.replace(/[\u007f-\u009f\p{Bidi_Control}\u2028\u2029]/gu, hex4);

/** A value as JSON.stringify reads it after `toJSON` and the replacer (ECMA-262 SerializeJSONProperty): its text, undefined (left out), or an object to walk. */
function jsonPart(holder: object, key: string, value: unknown, replacer: Replacer | undefined): string | object | undefined {
  let v = value;
  if ((typeof v === "object" && v !== null) || typeof v === "bigint") {
    const f = (v as { toJSON?: unknown }).toJSON;
    if (typeof f === "function") v = (f as (this: unknown, key: string) => unknown).call(v, key);
  }
  if (replacer !== undefined) v = replacer.call(holder, key, v);
  if (typeof v === "object" && v !== null) {
    if (v instanceof Number || v instanceof String || v instanceof Boolean || v instanceof BigInt) return JSON.stringify(v);
    return v;
  }
  return typeof v === "function" || typeof v === "symbol" ? undefined : JSON.stringify(v);
}

interface Open {
  readonly value: object;
  /** An object's keys, in JSON.stringify's order; undefined: an array. */
  readonly keys: readonly string[] | undefined;
  readonly length: number;
  next: number;
  /** Whether a member is written (the next one is after a comma). */
  some: boolean;
}

/**
 * {@link toJson} without indentation, in pieces of about `size` UTF-16 code units (a piece ends
 * after a member, so each is escaped as the whole would be): joined, the same text. For a value
 * too large to hold as one string beside itself (batch mode's record of a long line): its
 * pieces are written as they are made. Walks with its own stack (as deep as JSON.stringify goes)
 * and refuses a cycle with JSON.stringify's TypeError.
 */
export function* jsonPieces(value: unknown, replacer?: Replacer, size = 65536): Generator<string, void, undefined> {
  const stack: Open[] = [];
  const open = new Set<object>();
  let out = "";
  const enter = (part: string | object | undefined): void => {
    if (typeof part !== "object") {
      out += part ?? "null";
      return;
    }
    if (open.has(part)) throw new TypeError("Converting circular structure to JSON");
    open.add(part);
    const keys = Array.isArray(part) ? undefined : Object.keys(part);
    stack.push({ value: part, keys, length: keys === undefined ? (part as readonly unknown[]).length : keys.length, next: 0, some: false });
    out += keys === undefined ? "[" : "{";
  };
  enter(jsonPart({ "": value }, "", value, replacer));
  while (stack.length > 0) {
    const o = stack[stack.length - 1] as Open;
    if (o.next === o.length) {
      stack.pop();
      open.delete(o.value);
      out += o.keys === undefined ? "]" : "}";
    } else {
      const key = o.keys === undefined ? String(o.next) : (o.keys[o.next] as string);
      o.next++;
      const part = jsonPart(o.value, key, (o.value as Record<string, unknown>)[key], replacer);
      if (o.keys === undefined || part !== undefined) {
        if (o.some) out += ",";
        o.some = true;
        if (o.keys !== undefined) out += `${JSON.stringify(key)}:`;
        enter(part);
      }
    }
    if (out.length >= size) {
      yield safeJson(out);
      out = "";
    }
  }
  if (out !== "") yield safeJson(out);
}
