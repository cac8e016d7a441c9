// Argument checks for the public functions of this folder: a wrong argument is a TypeError that
// names it (never a crash inside, nor a silently wrong answer).

import { describeValue as describeArgument } from "../describe.js";

export { describeArgument };

/** Throws a TypeError unless `x` is a string. */
export function expectString(x: unknown, name: string, caller: string): asserts x is string {
  if (typeof x !== "string") throw new TypeError(`${caller}: the argument "${name}" must be a string, got ${describeArgument(x)}`);
}

/** Throws a TypeError unless `x` is an object or undefined (an options argument). */
export function expectOptions(x: unknown, caller: string): void {
  if (x !== undefined && (typeof x !== "object" || x === null)) {
    throw new TypeError(`${caller}: the argument "options" must be an object or undefined, got ${describeArgument(x)}`);
  }
}
