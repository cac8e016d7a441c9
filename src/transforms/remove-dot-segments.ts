// RFC 3986 §5.2.4 remove_dot_segments, on an output stack of segments instead of a string
// buffer (the RFC allows this), so a path of n characters takes O(n) time.
import { expectString } from "../describe.js";

/**
 * RFC 3986 §5.2.4: removes the complete path segments "." and ".." from a path, interpreting
 * ".." as a step up the hierarchy and never going above the root. Each loop iteration is one
 * of the RFC's steps 2A–2E; the output buffer is kept as a stack of pieces, each one segment with
 * its preceding "/" (if any), so step 2C pops one piece.
 *
 * @example
 * removeDotSegments("/a/b/c/./../../g");   // "/a/g"
 * removeDotSegments("mid/content=5/../6"); // "mid/6"
 */
export function removeDotSegments(path: string): string {
  expectString(path, "path", "removeDotSegments");
  return dotSegmentsRemoved(path);
}

/**
 * §3.3: without an authority a path cannot begin with "//". A "/." prefix keeps such a path's
 * meaning ("/." + "//bar" has the segments "." "" "bar", and "." is removed again by §5.2.4).
 */
export const guardPath = (hasAuthority: boolean, text: string): string =>
  !hasAuthority && text.startsWith("//") ? `/.${text}` : text;

/**
 * @internal {@link removeDotSegments} of a string, unchecked: for the transforms, whose paths are
 * strings. With `hasAuthority` false, the path of a reference without an authority: one that the
 * removal leaves beginning with "//" gets {@link guardPath}'s "/." (a path with no dot segment
 * comes back as it is).
 */
export function dotSegmentsRemoved(path: string, hasAuthority = true): string {
  // Step 1: the input buffer is path.slice(i). The output buffer is kept as a stack of pieces,
  // each a range [starts[k], ends[k]) of `path` (every piece step 2E moves is a substring of the
  // input, and so is each "/" that steps 2B and 2C leave behind).
  const n = path.length;
  // A dot segment starts the path or follows a "/": without either, every step is 2E.
  let dot = path.indexOf(".");
  while (dot > 0 && path.charCodeAt(dot - 1) !== 0x2f) dot = path.indexOf(".", dot + 1);
  if (dot < 0) return path;
  const starts: number[] = [];
  const ends: number[] = [];
  let i = 0;
  // Step 2: while the input buffer is not empty.
  while (i < n) {
    const c0 = path.charCodeAt(i);
    if (c0 !== 0x2f) {
      // Steps 2A and 2D apply only before any segment moved (2B, 2C and 2E leave a leading "/").
      if (path.startsWith("../", i)) {
        i += 3; // step 2A: remove the prefix "../"
        continue;
      }
      if (path.startsWith("./", i)) {
        i += 2; // step 2A: remove the prefix "./"
        continue;
      }
      if (n - i === 1 && c0 === 0x2e) break; // step 2D: the input buffer is ".": remove it
      if (n - i === 2 && c0 === 0x2e && path.charCodeAt(i + 1) === 0x2e) break; // step 2D: ".."
    } else if (path.charCodeAt(i + 1) === 0x2e) {
      const c2 = path.charCodeAt(i + 2); // NaN past the end
      if (c2 === 0x2f) {
        i += 2; // step 2B: replace the prefix "/./" with "/"
        continue;
      }
      if (i + 2 === n) {
        // step 2B: replace "/." (a complete segment, at the end) with "/"; step 2E then moves that "/"
        starts.push(i);
        ends.push(i + 1);
        break;
      }
      if (c2 === 0x2e) {
        const c3 = path.charCodeAt(i + 3);
        if (c3 === 0x2f) {
          i += 3; // step 2C: replace the prefix "/../" with "/" ...
          starts.pop(); // ... and remove the last segment and its preceding "/" from the output
          ends.pop();
          continue;
        }
        if (i + 3 === n) {
          starts.pop(); // step 2C: "/.." at the end: remove the last output segment ...
          ends.pop();
          starts.push(i); // ... and the input buffer becomes "/", which step 2E moves
          ends.push(i + 1);
          break;
        }
      }
    }
    // Step 2E: move the first segment, with its initial "/" (if any), up to the next "/".
    let j = path.indexOf("/", i + 1);
    if (j < 0) j = n;
    starts.push(i);
    ends.push(j);
    i = j;
  }
  // Step 3: the output buffer is the result; adjacent ranges are copied in one piece.
  let out = "";
  let k = 0;
  while (k < starts.length) {
    const from = starts[k] ?? 0;
    let to = ends[k] ?? 0;
    k++;
    while (k < starts.length && starts[k] === to) to = ends[k++] ?? to;
    out += path.slice(from, to);
  }
  return hasAuthority ? out : guardPath(false, out);
}
