// fileUriToPath and pathToFileUri (RFC 8089 Appendix D, E.2, E.3) against fixtures/schemes/
// file-paths.json and against Node's url.fileURLToPath / url.pathToFileURL, on the fixtures
// and on random paths.
import fc from "fast-check";
import * as nodePath from "node:path";
import * as url from "node:url";
import { isValid } from "../../src/index";
import { file, fileScheme, fileUriToPath, FilePathError, pathToFileUri } from "../../src/schemes/index";
import { readFixture } from "./helpers";
import { runs } from "../helpers/runs";

type Expected = string | { readonly error: string };
interface PathFixture {
  readonly toPath: readonly { readonly source: string; readonly uri: string; readonly posix: Expected; readonly windows: Expected; readonly node?: boolean }[];
  readonly fromPath: readonly { readonly source: string; readonly path: string; readonly cwd?: string; readonly posix?: Expected; readonly windows?: Expected; readonly node?: boolean }[];
}

const fixture = readFixture<PathFixture>("file-paths.json");
const appendixE = fileScheme({ appendixE: true });

const nodeToPath = (uri: string, windows: boolean): string | undefined => {
  try {
    return url.fileURLToPath(uri, { windows });
  } catch {
    return undefined;
  }
};

/** Node's file URL of `p` resolved against `cwd` (pathToFileURL resolves against process.cwd(), which these tests choose). */
export const nodeFileUrl = (p: string, cwd: string | undefined, windows: boolean): URL => {
  if (cwd === undefined) return url.pathToFileURL(p, { windows });
  const resolved = (windows ? nodePath.win32 : nodePath.posix).resolve(cwd, p);
  const sep = windows ? /[\\/]$/ : /\/$/;
  return url.pathToFileURL(sep.test(p) && !sep.test(resolved) ? `${resolved}${windows ? "\\" : "/"}` : resolved, { windows });
};

const check = (r: ReturnType<typeof fileUriToPath>, expected: Expected): void => {
  if (typeof expected === "string") {
    if (!r.ok) throw r.error;
    expect(r.value).toBe(expected);
  } else {
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toBeInstanceOf(FilePathError);
      expect(r.error.code).toBe(expected.error);
    }
  }
};

describe("fileUriToPath", () => {
  describe.each([["posix", false], ["windows", true]] as const)("%s", (which, windows) => {
    it.each(fixture.toPath.map((c) => [c.uri, c]))("%s", (_uri, c) => {
      const expected = c[which];
      check(fileUriToPath(c.uri, { windows }), expected);
      if (c.node !== false) expect(nodeToPath(c.uri, windows)).toBe(typeof expected === "string" ? expected : undefined);
    });
  });

  it("takes a file URI node too", () => {
    const node = appendixE.parseOrThrow("file:///c:/x");
    expect(node.kind).toBe("file");
    const r = fileUriToPath("file:///c:/x", { windows: true });
    expect(r.ok && r.value).toBe("c:\\x");
    expect(() => fileUriToPath(42 as unknown as string)).toThrow(TypeError);
  });
});

describe("pathToFileUri", () => {
  describe.each([["posix", false], ["windows", true]] as const)("%s", (which, windows) => {
    const cases = fixture.fromPath.filter((c) => c[which] !== undefined);
    it.each(cases.map((c) => [c.path, c]))("%s", (_path, c) => {
      const expected = c[which] as Expected;
      const r = pathToFileUri(c.path, { windows, cwd: c.cwd });
      check(r, expected);
      if (!r.ok) return;
      // a valid URI, valid under RFC 8089 (Appendix E for UNC), that names the same file for Node
      expect(isValid(r.value, "URI")).toBe(true);
      expect((windows ? appendixE : file).isValid(r.value)).toBe(true);
      if (c.node !== false) expect(url.fileURLToPath(r.value, { windows })).toBe(url.fileURLToPath(nodeFileUrl(c.path, c.cwd, windows), { windows }));
      const back = fileUriToPath(r.value, { windows });
      expect(back.ok && back.value).toBe(url.fileURLToPath(r.value, { windows }));
    });
  });

  it("throws a TypeError for a path that is no string", () => {
    expect(() => pathToFileUri(undefined as unknown as string)).toThrow(TypeError);
  });
});

describe("random paths, against node:url", () => {
  const segment = fc.string({ unit: fc.constantFrom(..."aZ09 -._~!$&'()*+,;=:@%#?[]{}|^`\"<>", "é", "\u{1F600}", "\\"), minLength: 1, maxLength: 6 }).filter((s) => s !== "." && s !== "..");

  it("POSIX: the URI is valid, Node reads the same path from it, and it converts back", () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 0, maxLength: 4 }), fc.boolean(), (segments, trailing) => {
        const p = `/${segments.join("/")}${trailing && segments.length > 0 ? "/" : ""}`;
        const r = pathToFileUri(p);
        if (!r.ok) throw r.error;
        expect(isValid(r.value, "URI")).toBe(true);
        expect(file.isValid(r.value)).toBe(true);
        expect(url.fileURLToPath(r.value)).toBe(p);
        expect(url.fileURLToPath(url.pathToFileURL(p))).toBe(p);
        const back = fileUriToPath(r.value);
        expect(back.ok && back.value).toBe(p);
      }),
      { numRuns: runs(300) },
    );
  });

  it("Windows: drive and UNC paths convert both ways as Node does", () => {
    const winSegment = segment.filter((s) => !/[\\/]/.test(s));
    fc.assert(
      fc.property(fc.boolean(), fc.array(winSegment, { minLength: 1, maxLength: 4 }), (unc, segments) => {
        const p = unc ? `\\\\server.example\\${segments.join("\\")}` : `D:\\${segments.join("\\")}`;
        const r = pathToFileUri(p, { windows: true });
        if (!r.ok) throw r.error;
        expect(isValid(r.value, "URI")).toBe(true);
        expect(appendixE.isValid(r.value)).toBe(true);
        expect(url.fileURLToPath(r.value, { windows: true })).toBe(p);
        const back = fileUriToPath(r.value, { windows: true });
        expect(back.ok && back.value).toBe(p);
      }),
      { numRuns: runs(300) },
    );
  });
});
