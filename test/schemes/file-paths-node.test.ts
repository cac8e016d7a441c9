// Issue 21: file paths as Node converts them. Relative paths are resolved against a working
// directory (`cwd`, default process.cwd()) as url.pathToFileURL resolves them (path.resolve), and
// fileUriToPath ignores the query and the fragment as url.fileURLToPath does. Differential
// against Node on generated POSIX and Windows paths; the fixtures are in file-paths.json.
import fc from "fast-check";
import * as nodePath from "node:path";
import * as url from "node:url";
import { isValid } from "../../src/index";
import { fileUriToPath, pathToFileUri } from "../../src/schemes/index";
import { runs, seed } from "../helpers/runs";

const unit = fc.constantFrom(..."aZ09 -._~!$&'()*+,;=@%#?[]{}|^`\"<>", "é", "\u{1F600}");
const name = fc.string({ unit, minLength: 1, maxLength: 5 }).filter((s) => s !== "." && s !== "..");
const part = fc.oneof({ weight: 4, arbitrary: name }, { weight: 1, arbitrary: fc.constantFrom(".", "..", "") });

/** Node's answer for `p` against `cwd`: url.pathToFileURL of path.resolve, the final separator kept as pathToFileURL keeps it. */
function node(p: string, cwd: string, windows: boolean): string {
  const resolved = (windows ? nodePath.win32 : nodePath.posix).resolve(cwd, p);
  const sep = windows ? /[\\/]$/ : /\/$/;
  const href = url.pathToFileURL(sep.test(p) && !sep.test(resolved) ? `${resolved}${windows ? "\\" : "/"}` : resolved, { windows }).href;
  return url.fileURLToPath(href, { windows });
}

describe("pathToFileUri on relative paths, against path.resolve + url.pathToFileURL", () => {
  it("POSIX: generated relative paths and working directories", () => {
    fc.assert(
      fc.property(fc.array(name, { minLength: 0, maxLength: 3 }), fc.array(part, { minLength: 1, maxLength: 4 }), fc.boolean(), (dir, rel, trailing) => {
        const cwd = `/${dir.join("/")}`;
        const p = `${rel.join("/")}${trailing ? "/" : ""}`;
        const r = pathToFileUri(p, { cwd });
        if (!r.ok) throw r.error;
        expect(isValid(r.value, "URI")).toBe(true);
        expect(url.fileURLToPath(r.value)).toBe(node(p, cwd, false));
      }),
      { numRuns: runs(300), seed: seed(2101) },
    );
  });

  it("Windows: relative, root-relative and same-drive paths against drive and UNC working directories", () => {
    const winName = name.filter((s) => !/[\\/]/.test(s));
    const winPart = part.filter((s) => !/[\\/]/.test(s));
    fc.assert(
      fc.property(
        fc.boolean(), fc.array(winName, { minLength: 0, maxLength: 3 }), fc.constantFrom("", "\\", "C:", "c:"), fc.array(winPart, { minLength: 1, maxLength: 4 }), fc.boolean(),
        (unc, dir, prefix, rel, trailing) => {
          const root = unc ? "\\\\server\\share" : "C:";
          const cwd = `${root}\\${dir.join("\\")}`;
          // a drive-relative path ("C:x") only on the drive of cwd: on another drive Windows reads that drive's own current directory
          const p = `${unc && prefix.endsWith(":") ? "" : prefix}${rel.join("\\")}${trailing ? "\\" : ""}`;
          fc.pre(!p.startsWith("\\\\")); // a UNC path, not a relative one
          const r = pathToFileUri(p, { cwd, windows: true });
          if (!r.ok) throw r.error;
          expect(isValid(r.value, "URI")).toBe(true);
          const expected = node(p, cwd, true);
          // Node writes the root of a drive as "C:\\\\" (file:///C://) where a path resolves to it, and
          // the root of a UNC share with a final "\\" only as path.resolve happens to leave it: the
          // same directory either way
          const atRoot = (x: string): string => x.replace(/^([A-Za-z]:)\\\\$/, "$1\\").replace(/^(\\\\[^\\]+\\[^\\]+)\\$/, "$1");
          expect(atRoot(url.fileURLToPath(r.value, { windows: true }))).toBe(atRoot(expected));
        },
      ),
      { numRuns: runs(300), seed: seed(2102) },
    );
  });

  it("defaults to process.cwd(), as pathToFileURL does", () => {
    const r = pathToFileUri("relative/path");
    expect(r.ok && url.fileURLToPath(r.value)).toBe(url.fileURLToPath(url.pathToFileURL("relative/path")));
    const w = pathToFileUri("relative\\path", { windows: true });
    expect(!w.ok && w.error.code).toBe("relative-path"); // this process's cwd is a POSIX path
    expect(!w.ok && w.error.message).toMatch(/^The path is relative and the current directory ".*" is no absolute Windows path to resolve it against \(pass options\.cwd\)/);
    expect(() => pathToFileUri("a", { cwd: 5 as unknown as string })).toThrow(TypeError);
  });
});

describe("fileUriToPath ignores the query and the fragment, as url.fileURLToPath does", () => {
  const segment = fc.string({ unit: fc.constantFrom(..."aZ09-._~!$&'()*+,;=:@", "%20", "%C3%A9", "%3F", "%23"), minLength: 1, maxLength: 6 });
  const tail = fc.string({ unit: fc.constantFrom(..."aZ09-._~!$&'()*+,;=:@/?", "%20"), maxLength: 8 });

  it("POSIX and Windows, on generated file URIs with a query, a fragment or both", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(segment, { minLength: 1, maxLength: 4 }), fc.option(tail, { nil: undefined }), fc.option(tail, { nil: undefined }), (windows, segments, query, fragment) => {
        const uri = `file:///${windows ? "C:/" : ""}${segments.join("/")}${query === undefined ? "" : `?${query}`}${fragment === undefined ? "" : `#${fragment}`}`;
        const r = fileUriToPath(uri, { windows });
        if (!r.ok) throw r.error;
        expect(r.value).toBe(url.fileURLToPath(uri, { windows }));
      }),
      { numRuns: runs(300), seed: seed(2103) },
    );
  });

  it("says why a URI is no file URI, in the message", () => {
    const r = fileUriToPath("http://a/b");
    expect(!r.ok && r.error.code).toBe("not-a-file-uri");
    expect(!r.ok && r.error.message.split("\n")[0]).toBe('Not a file URI: Invalid file URI at offset 0 (RFC 3986 §3.1, file-URI): the scheme is "http", not "file"');
    const s = fileUriToPath("file:///a b");
    expect(!s.ok && s.error.message.split("\n")[0]).toMatch(/^Not a file URI: Invalid file URI at offset 9 .*found U\+0020$/);
  });
});
