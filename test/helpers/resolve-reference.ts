// A literal transcription of RFC 3986 §5.2.2 (transform references), §5.2.3 (merge), §5.2.4
// (remove_dot_segments, with two string buffers) and §5.3 (recomposition), on strings. It shares
// no code with src/: components come from the regular expression of RFC 3986 Appendix B. It is
// quadratic on purpose (string buffers, as the RFC describes them) and only meant for short inputs.

/** The five components of §3; `undefined` when the delimiter is absent (§5.2.1). */
export interface LiteralComponents {
  scheme: string | undefined;
  authority: string | undefined;
  path: string;
  query: string | undefined;
  fragment: string | undefined;
}

/** RFC 3986 Appendix B. */
const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;

/** Splits a URI reference into its components with the Appendix B regular expression. */
export function splitAppendixB(s: string): LiteralComponents {
  const m = APPENDIX_B.exec(s);
  if (!m) throw new Error(`Appendix B regex did not match ${JSON.stringify(s)}`);
  return {
    scheme: m[1] === undefined ? undefined : m[2],
    authority: m[3] === undefined ? undefined : m[4],
    path: m[5] ?? "",
    query: m[6] === undefined ? undefined : m[7],
    fragment: m[8] === undefined ? undefined : m[9],
  };
}

/** §5.2.4, literally: an input buffer and an output buffer, both strings. */
export function removeDotSegmentsLiteral(path: string): string {
  // 1. The input buffer is initialized with the now-appended path components and the output
  //    buffer is initialized to the empty string.
  let input = path;
  let output = "";
  const removeLastOutputSegment = (): void => {
    const k = output.lastIndexOf("/");
    output = k < 0 ? "" : output.slice(0, k);
  };
  // 2. While the input buffer is not empty, loop as follows:
  while (input !== "") {
    if (input.startsWith("../")) {
      // A. If the input buffer begins with a prefix of "../" or "./", then remove that prefix
      input = input.slice(3);
    } else if (input.startsWith("./")) {
      input = input.slice(2);
    } else if (input.startsWith("/./")) {
      // B. if the input buffer begins with a prefix of "/./" or "/.", where "." is a complete
      //    path segment, then replace that prefix with "/" in the input buffer
      input = "/" + input.slice(3);
    } else if (input === "/.") {
      input = "/";
    } else if (input.startsWith("/../")) {
      // C. if the input buffer begins with a prefix of "/../" or "/..", where ".." is a complete
      //    path segment, then replace that prefix with "/" in the input buffer and remove the last
      //    segment and its preceding "/" (if any) from the output buffer
      input = "/" + input.slice(4);
      removeLastOutputSegment();
    } else if (input === "/..") {
      input = "/";
      removeLastOutputSegment();
    } else if (input === "." || input === "..") {
      // D. if the input buffer consists only of "." or "..", then remove that from the input buffer
      input = "";
    } else {
      // E. move the first path segment in the input buffer to the end of the output buffer,
      //    including the initial "/" character (if any) and any subsequent characters up to, but
      //    not including, the next "/" character or the end of the input buffer.
      const from = input.startsWith("/") ? 1 : 0;
      let end = input.indexOf("/", from);
      if (end < 0) end = input.length;
      output += input.slice(0, end);
      input = input.slice(end);
    }
  }
  // 3. Finally, the output buffer is returned as the result of remove_dot_segments.
  return output;
}

/** §5.2.3, literally. */
export function mergeLiteral(base: LiteralComponents, refPath: string): string {
  // If the base URI has a defined authority component and an empty path, then return a string
  // consisting of "/" concatenated with the reference's path; otherwise,
  if (base.authority !== undefined && base.path === "") return "/" + refPath;
  // return a string consisting of the reference's path component appended to all but the last
  // segment of the base URI's path (i.e., excluding any characters after the right-most "/" in
  // the base URI path, or excluding the entire base URI path if it does not contain any "/").
  const k = base.path.lastIndexOf("/");
  return (k < 0 ? "" : base.path.slice(0, k + 1)) + refPath;
}

/** §5.2.2, literally. */
export function resolveLiteral(baseText: string, refText: string, strict = true): LiteralComponents {
  const Base = splitAppendixB(baseText);
  const R = splitAppendixB(refText);
  const T: LiteralComponents = { scheme: undefined, authority: undefined, path: "", query: undefined, fragment: undefined };

  // -- A non-strict parser may ignore a scheme in the reference if it is identical to the base URI's scheme.
  if (!strict && R.scheme !== undefined && Base.scheme !== undefined && R.scheme.toLowerCase() === Base.scheme.toLowerCase()) {
    R.scheme = undefined;
  }

  if (R.scheme !== undefined) {
    T.scheme = R.scheme;
    T.authority = R.authority;
    T.path = removeDotSegmentsLiteral(R.path);
    T.query = R.query;
  } else {
    if (R.authority !== undefined) {
      T.authority = R.authority;
      T.path = removeDotSegmentsLiteral(R.path);
      T.query = R.query;
    } else {
      if (R.path === "") {
        T.path = Base.path;
        if (R.query !== undefined) {
          T.query = R.query;
        } else {
          T.query = Base.query;
        }
      } else {
        if (R.path.startsWith("/")) {
          T.path = removeDotSegmentsLiteral(R.path);
        } else {
          T.path = mergeLiteral(Base, R.path);
          T.path = removeDotSegmentsLiteral(T.path);
        }
        T.query = R.query;
      }
      T.authority = Base.authority;
    }
    T.scheme = Base.scheme;
  }
  T.fragment = R.fragment;
  return T;
}

/** §5.3, literally. */
export function recomposeLiteral(c: LiteralComponents): string {
  let result = "";
  if (c.scheme !== undefined) {
    result += c.scheme;
    result += ":";
  }
  if (c.authority !== undefined) {
    result += "//";
    result += c.authority;
  }
  result += c.path;
  if (c.query !== undefined) {
    result += "?";
    result += c.query;
  }
  if (c.fragment !== undefined) {
    result += "#";
    result += c.fragment;
  }
  return result;
}
