// Issue 12, part 3: the package works in a browser unchanged. scripts/browser-bundle.mjs bundles
// every subpath export of the built package (dist/) with esbuild for the browser, parsimmon and
// tr46 inside; a tiny local server hands it to headless Chromium, which runs test/browser/
// scenario.mjs on it (parse, validate with its caret, resolve, normalize, equivalent, IRIs with
// IDNA, mailto and urn:uuid, rule parsers composed with parsimmon); Node runs the same scenario
// on the package by its own name, and the two answers must be equal. Skipped, and says so, only
// where /usr/bin/chromium is absent, and fails there instead when CI is set.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { Browser } from "playwright-core";
import { describeInChromium, launchChromium, requireDist, root, serve, type Server } from "./serve";

const node = (args: string[]): string => execFileSync(process.execPath, args, { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 }).trim();

/** The same imports, in Node: the built package by its own name (its "exports" map), and parsimmon. */
const nodeProgram = (subpaths: Record<string, string>): string => `
  ${Object.entries(subpaths).map(([ns, spec]) => `import * as ${ns} from ${JSON.stringify(spec)};`).join("\n")}
  import P from "parsimmon";
  import { run } from "./test/browser/scenario.mjs";
  console.log(JSON.stringify(run({ ${Object.keys(subpaths).join(", ")}, P })));
`;

interface Summary {
  file: string;
  bytes: number;
  packages: string[];
  nodeOnly: string[];
  entries: Record<string, { file: string; bytes: number; packages: string[]; nodeOnly: string[] }>;
}


describeInChromium("test/browser/browser.test.ts", "in a browser (headless Chromium, esbuild bundle)", () => {
  let dir: string;
  let summary: Summary;
  let server: Server;
  let browser: Browser;
  let inBrowser: { ok: boolean; value?: Record<string, unknown>; error?: string; entries?: Record<string, string[] | string>; pageErrors: string[] };
  let inNode: Record<string, unknown>;

  beforeAll(async () => {
    requireDist();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "uri-grammar-browser-"));
    summary = JSON.parse(node(["scripts/browser-bundle.mjs", "--out", dir, "--entries", "--json"])) as Summary;
    fs.copyFileSync(path.join(__dirname, "scenario.mjs"), path.join(dir, "scenario.mjs"));
    // one page: the whole bundle runs the scenario; each subpath's own bundle is imported alone
    const entryImports = Object.keys(summary.entries).map((s) => `entries/${s === "." ? "main" : s.slice(2)}.js`);
    fs.writeFileSync(path.join(dir, "index.html"), `<!doctype html>
<meta charset="utf-8"><title>uri-grammar in a browser</title>
<script type="module">
  const out = { pageErrors: [] };
  window.addEventListener("error", (e) => out.pageErrors.push(String(e.message)));
  try {
    const lib = await import("./uri-grammar.browser.js");
    const { run } = await import("./scenario.mjs");
    Object.assign(out, { ok: true, value: run(lib) });
  } catch (e) {
    Object.assign(out, { ok: false, error: String(e && e.stack || e) });
  }
  out.entries = {};
  for (const f of ${JSON.stringify(entryImports)}) {
    try { out.entries[f] = Object.keys(await import("./" + f)).sort(); } catch (e) { out.entries[f] = "failed: " + String(e); }
  }
  window.__result = out;
</script>`);
    server = await serve(dir);
    browser = await launchChromium();
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (e) => pageErrors.push(e.message));
    await page.goto(`${server.url}/index.html`);
    await page.waitForFunction(() => (globalThis as unknown as { __result?: unknown }).__result !== undefined, undefined, { timeout: 30000 });
    inBrowser = await page.evaluate(() => (globalThis as unknown as { __result: typeof inBrowser }).__result);
    inBrowser.pageErrors.push(...pageErrors);
    const subpaths = Object.fromEntries(Object.keys(summary.entries).map((s) => [s === "." ? "main" : s.slice(2), s === "." ? "uri-grammar" : `uri-grammar/${s.slice(2)}`]));
    inNode = JSON.parse(node(["--input-type=module", "-e", nodeProgram(subpaths)])) as Record<string, unknown>;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("every subpath export bundles for the browser with no Node module, each on its own", () => {
    expect(Object.keys(summary.entries).sort()).toEqual(expect.arrayContaining([".", "./abnf", "./builder", "./components", "./iri", "./rules", "./schemes"]));
    for (const [subpath, e] of Object.entries(summary.entries)) {
      expect([subpath, e.nodeOnly]).toEqual([subpath, []]);
    }
    expect(summary.nodeOnly).toEqual([]);
    expect(summary.packages).toEqual(expect.arrayContaining(["parsimmon", "tr46"]));
  });

  test("the page loads without errors, and each subpath's own bundle has the package's exports", () => {
    expect(inBrowser.error).toBeUndefined();
    expect(inBrowser.pageErrors).toEqual([]);
    expect(inBrowser.ok).toBe(true);
    const exportsInNode = inNode.exports as Record<string, string[]>;
    for (const [file, keys] of Object.entries(inBrowser.entries ?? {})) {
      const ns = path.basename(file, ".js");
      expect([ns, keys]).toEqual([ns, exportsInNode[ns]]);
    }
  });

  test("Chromium and Node give the same answers, call by call", () => {
    const value = inBrowser.value ?? {};
    expect(Object.keys(value).sort()).toEqual(Object.keys(inNode).sort());
    for (const k of Object.keys(inNode)) expect([k, value[k]]).toEqual([k, inNode[k]]);
  });

  test("the answers are the documented ones (so both cannot be wrong alike)", () => {
    const v = inBrowser.value as Record<string, any>;
    expect(v.parse.authority.port).toBe("8042");
    expect(v.parse.path.span).toEqual({ start: 22, end: 33 });
    expect(v.parseIri.authority.host.text).toBe("r\u00e9sum\u00e9.example");
    expect(v.validate.error.offset).toBe(12);
    expect(v.validate.error.expected).toEqual(["DIGIT", "HEXDIG", '"."', '":"', '"]"']);
    expect(v.validate.error.found).toBe('"/"');
    expect(v.validate.isUriSyntaxError).toBe(true);
    expect(v.validate.caretLine).toBe(" ".repeat(14) + "^");
    expect(v.resolve.map((r: { value: string }) => r.value)).toEqual(["g:h", "http://a/b/g", "http://a/b/c/d;p?y", "http://a/b/c/g;x?y#s", "http://a/g", "http://a/g", "http://a/b/c/h"]);
    expect(v.resolveError.error.code).toBe("base-not-absolute");
    expect(v.normalize.map((r: { value: string }) => r.value)).toEqual(["example://a/b/c/%7Bfoo%7D", "http://www.example.com/", "file:///etc/fstab", "http://127.0.0.1/"]);
    expect(v.equivalent.map((r: { value: boolean }) => r.value)).toEqual([true, true, true, false]);
    expect(v.iriToUri.value).toBe("http://xn--rsum-bpad.example.org/D%C3%BCrst");
    expect(v.uriToIri.value).toBe("http://r\u00e9sum\u00e9.example.org/D\u00fcrst");
    expect(v.displayIri).toBe("http://b\u00fccher.example/");
    expect(v.mailto.to[0].address).toBe("user@example.org");
    expect(v.mailto.subject).toBe("caf\u00e9");
    expect(v.uuid.uuid.version).toBe(1);
    expect(v.uuidError.error.code).toBe("invalid-uuid");
    expect(v.composedHostPort).toEqual({ host: "IPv6address", text: "::1", port: "8080" });
    expect(v.composedList).toEqual({ status: true, value: ["http://a/b", "mailto:x@y", "urn:isbn:1"] });
    expect(v.composedFailure.offset).toBeGreaterThan(0);
    expect(v.isParser).toBe(true);
    if ("diagram" in v) expect(v.diagram).toMatch(/^<svg[^>]*class="railroad-diagram"/);
  });
});
