// Issue 12, part 4: the playground (docs/playground/), built by scripts/playground.mjs into a
// temporary folder and driven in headless Chromium: typing a URI shows its components under the
// text, its AST with spans that highlight, the error with its caret under the right character,
// and the railroad diagram of the rule that failed; the rule selector and the IRI toggle change
// what is checked; the page also works opened from file://. Skipped, and says so, only where
// /usr/bin/chromium is absent, and fails there instead when CI is set.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { describeInChromium, launchChromium, requireDist, root, serve, type Server } from "./serve";



/** The text of the characters the figure highlights (`kind`: "hover" or "pin"). */
const highlighted = (page: Page, kind: string): Promise<string> =>
  page.$$eval(`#figure .ch.${kind}`, (els) => els.map((e) => e.textContent).join(""));

/** The figure's components: label, kind, and the span they bracket. */
const parts = (page: Page): Promise<{ part: string; kind: string | undefined; start: number; end: number }[]> =>
  page.$$eval("#figure .part", (els) =>
    els.map((e) => {
      const el = e as unknown as { dataset: Record<string, string>; querySelector(s: string): { textContent: string } | null };
      return { part: el.dataset.part ?? "", kind: el.querySelector(".label small")?.textContent, start: Number(el.dataset.start), end: Number(el.dataset.end) };
    }));

const text = (page: Page, selector: string): Promise<string> => page.$eval(selector, (e) => e.textContent ?? "");

describeInChromium("test/browser/playground.test.ts", "the playground (headless Chromium)", () => {
  let dir: string;
  let server: Server;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    requireDist();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "uri-grammar-playground-"));
    execFileSync(process.execPath, ["scripts/playground.mjs", "--out", dir], { cwd: root, encoding: "utf8" });
    server = await serve(dir);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on("pageerror", (e) => pageErrors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") pageErrors.push(m.text());
    });
    await page.goto(`${server.url}/index.html`);
    await page.waitForSelector("body[data-ready=true]");
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("a valid URI: the figure brackets each component under its characters, with its label", async () => {
    const uri = "foo://user@example.com:8042/over/there?name=ferret#nose";
    await page.fill("#input", uri);
    expect(await text(page, "#status")).toBe("\u2713 Valid URI-reference (URI)");
    const ps = await parts(page);
    expect(ps.map((p) => p.part)).toEqual(["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"]);
    expect(Object.fromEntries(ps.map((p) => [p.part, uri.slice(p.start, p.end)]))).toEqual({
      scheme: "foo", authority: "user@example.com:8042", userinfo: "user", host: "example.com", port: "8042", path: "/over/there", query: "name=ferret", fragment: "nose",
    });
    expect(ps.find((p) => p.part === "host")?.kind).toBe("reg-name");
    expect(ps.find((p) => p.part === "path")?.kind).toBe("path-abempty");
    // each bracket sits under its characters (the grid aligns them to the pixel)
    const geometry = await page.evaluate(() => {
      const d = (globalThis as unknown as { document: { querySelector(s: string): { getBoundingClientRect(): { left: number; right: number } } } }).document;
      const box = (s: string) => d.querySelector(s).getBoundingClientRect();
      return { host: box(".part-host"), first: box('.ch[data-offset="11"]'), last: box('.ch[data-offset="21"]') };
    });
    expect(Math.abs(geometry.host.left - geometry.first.left)).toBeLessThan(1.5);
    expect(Math.abs(geometry.host.right - geometry.last.right)).toBeLessThan(1.5);
    // hover a bracket: its characters are highlighted
    await page.hover(".part-host");
    expect(await highlighted(page, "hover")).toBe("example.com");
    await page.focus(".part-port");
    expect(await highlighted(page, "hover")).toBe("8042");
  });

  test("the AST, with spans: clicking a node highlights its span and selects it in the input", async () => {
    await page.fill("#input", "http://[2001:db8::7]:80/a/b?x#f");
    const tree = await text(page, "#ast");
    expect(tree).toContain("URI [0, 31)");
    expect(tree).toContain("IPv6address [7, 20)");
    expect(tree).toContain("pieces: [0x2001, 0xdb8, 0x0, 0x0, 0x0, 0x0, 0x0, 0x7]");
    await page.click('#ast button.kind:text-is("IPv6address")');
    expect(await highlighted(page, "pin")).toBe("[2001:db8::7]");
    expect(await page.$eval("#input", (e) => [(e as unknown as { selectionStart: number }).selectionStart, (e as unknown as { selectionEnd: number }).selectionEnd])).toEqual([7, 20]);
    await page.locator("#ast button.seg").nth(1).click();
    expect(await highlighted(page, "pin")).toBe("b");
    await page.hover('#ast button.key:text-is("query")');
    expect(await highlighted(page, "hover")).toBe("x");
  });

  test("an invalid URI: the error, and the caret under the character at its offset", async () => {
    await page.fill("#input", "");
    await page.locator("#input").pressSequentially("https://[::1/");
    expect(await text(page, "#status")).toBe('\u2717 Invalid URI-reference at offset 12: expected DIGIT, HEXDIG, ".", ":" or "]", found "/"');
    expect(await text(page, '#error [data-field="offset"]')).toBe("12");
    expect(await text(page, '#error [data-field="found"]')).toBe('"/"');
    expect(await page.$$eval('#error [data-field="expected"] .chip', (els) => els.map((e) => e.textContent))).toEqual(["DIGIT", "HEXDIG", '"."', '":"', '"]"']);
    expect((await text(page, '#error [data-field="message"]')).split("\n")[2]).toBe(" ".repeat(14) + "^");
    expect(await page.$$eval("#figure .ch.bad", (els) => els.map((e) => (e as unknown as { dataset: { offset: string } }).dataset.offset))).toEqual(["12"]);
    const x = await page.evaluate(() => {
      const d = (globalThis as unknown as { document: { querySelector(s: string): { getBoundingClientRect(): { left: number; width: number } } } }).document;
      const mid = (s: string) => {
        const r = d.querySelector(s).getBoundingClientRect();
        return r.left + r.width / 2;
      };
      return { caret: mid("#figure .caret .mark"), bad: mid("#figure .ch.bad") };
    });
    expect(Math.abs(x.caret - x.bad)).toBeLessThan(1.5);
    expect(await text(page, "#figure .caret .label")).toBe("offset 12");
    expect(await text(page, "#ast")).toContain("No AST");
  });

  test("the railroad diagram of the rule that failed, and of any rule it names", async () => {
    await page.fill("#input", "https://[::1/");
    expect(await text(page, "#diagram-name")).toBe("IP-literal");
    expect(await page.$$eval("#crumbs .crumb", (els) => els.map((e) => e.textContent))).toEqual(["URI-reference", "URI", "hier-part", "authority", "host", "IP-literal"]);
    expect(await page.$$eval("#diagram svg.railroad-diagram", (els) => els.length)).toBe(1);
    expect(await text(page, "#diagram-abnf")).toBe('IP-literal = "[" ( IPv6address / IPvFuture ) "]"');
    // the link into the grammar reference (docs/grammar/, committed) names an anchor that exists
    const ref = await page.getAttribute("#diagram-ref", "href");
    expect(ref).toBe("../grammar/rfc3986.html#IP-literal");
    expect(fs.readFileSync(path.join(root, "docs/grammar/rfc3986.html"), "utf8")).toContain('id="IP-literal"');
    await page.click('#diagram svg a[href="#diagram-IPv6address"]');
    expect(await text(page, "#diagram-name")).toBe("IPv6address");
    expect(await page.$$eval("#diagram svg.railroad-diagram .nonterminal", (els) => els.length)).toBeGreaterThan(0);
    await page.click('#error button.chip:text-is("HEXDIG")');
    expect(await text(page, "#diagram-name")).toBe("HEXDIG");
    // a bad percent-encoding in the query fails in pct-encoded, reached through the query
    await page.fill("#input", "mailto:a@b?x=%g");
    expect(await page.$$eval("#crumbs .crumb", (els) => els.map((e) => e.textContent))).toEqual(["URI-reference", "URI", "query", "pchar", "pct-encoded"]);
    // a port with a letter: "example.com:80a" could still be a userinfo, so authority failed
    await page.fill("#input", "http://example.com:80a/");
    expect(await text(page, "#diagram-name")).toBe("authority");
    // where the failure belongs to no one rule, the rule checked
    await page.fill("#input", "http://a b/");
    expect(await text(page, "#diagram-name")).toBe("URI");
  });

  test("the rule selector checks any rule; the IRI toggle switches to RFC 3987", async () => {
    await page.selectOption("#rule", "host");
    await page.fill("#input", "[v1.x]");
    expect(await text(page, "#status")).toBe("\u2713 Valid host (IPvFuture)");
    expect((await parts(page)).map((p) => [p.part, p.kind])).toEqual([["host", "IPvFuture"]]);
    expect(await text(page, "#diagram-name")).toBe("host");
    expect(await page.isHidden("#crumbs")).toBe(true);
    await page.selectOption("#rule", "dec-octet");
    await page.fill("#input", "256");
    expect(await text(page, "#status")).toContain("Invalid dec-octet at offset 2");

    await page.selectOption("#rule", "URI-reference");
    await page.fill("#input", "http://r\u00e9sum\u00e9.example/D\u00fcrst");
    expect(await text(page, "#status")).toContain("Invalid URI-reference at offset 8");
    await page.check("#iri");
    expect(await page.$eval("#rule", (e) => (e as unknown as { value: string }).value)).toBe("IRI-reference");
    expect(await text(page, "#status")).toBe("\u2713 Valid IRI-reference (URI)");
    expect((await parts(page)).find((p) => p.part === "host")?.end).toBe(21);
    const options = await page.$$eval("#rule option", (els) => els.map((e) => e.textContent));
    expect(options).toEqual(expect.arrayContaining(["IRI", "ihost", "ucschar", "iprivate", "port"]));
    await page.uncheck("#iri");
    expect(await page.$eval("#rule", (e) => (e as unknown as { value: string }).value)).toBe("URI-reference");
  });

  test("a character beyond U+FFFF takes one column; the state is kept in the address", async () => {
    await page.check("#iri");
    await page.fill("#input", "http://a/\u{1F600}?q");
    const ps = await parts(page);
    expect(ps.find((p) => p.part === "query")).toMatchObject({ start: 12, end: 13 });
    expect(await page.$$eval("#figure .ch", (els) => els.length)).toBe([..."http://a/\u{1F600}?q"].length + 1);
    expect(decodeURIComponent(new URL(page.url()).hash)).toContain("rule=IRI-reference");
    await page.uncheck("#iri");
  });

  test("a new address on the open page (location.hash, a link, back): its input, rule and IRI setting are shown", async () => {
    await page.fill("#input", "http://old.example/");
    const go = (hash: string): Promise<void> =>
      page.evaluate((h) => {
        (globalThis as unknown as { location: { hash: string } }).location.hash = h;
      }, hash);
    /** Waits until the input box holds `value` (the page answers the address's change). */
    const shows = async (value: string): Promise<void> => {
      await page.waitForFunction((v) => (globalThis as unknown as { document: { getElementById(id: string): { value: string } } }).document.getElementById("input").value === v, value, { timeout: 10000 });
    };
    await go(`input=${encodeURIComponent("[2001:db8::7]")}&rule=host`);
    await shows("[2001:db8::7]");
    expect(await page.$eval("#rule", (e) => (e as unknown as { value: string }).value)).toBe("host");
    expect(await text(page, "#status")).toBe("\u2713 Valid host (IPv6address)");
    expect((await parts(page)).map((p) => [p.part, p.kind])).toEqual([["host", "IPv6address"]]);
    // an IRI rule: the toggle follows; then an address without iri=1 turns it off again
    await go(`input=${encodeURIComponent("r\u00e9sum\u00e9")}&rule=ihost&iri=1`);
    await shows("r\u00e9sum\u00e9");
    expect(await page.isChecked("#iri")).toBe(true);
    expect(await text(page, "#status")).toBe("\u2713 Valid ihost (reg-name)");
    await page.goBack();
    await shows("[2001:db8::7]");
    expect(await page.isChecked("#iri")).toBe(false);
    expect(await page.$eval("#rule", (e) => (e as unknown as { value: string }).value)).toBe("host");
    await go(`input=${encodeURIComponent("http://a/b")}&rule=URI-reference`);
    await shows("http://a/b");
    expect(await text(page, "#status")).toBe("\u2713 Valid URI-reference (URI)");
  });

  test("works opened from file://, with no errors on the page", async () => {
    const local = await browser.newPage();
    const errors: string[] = [];
    local.on("pageerror", (e) => errors.push(e.message));
    await local.goto(`${pathToFileURL(path.join(dir, "index.html")).href}#input=mailto%3Aa%40b&rule=URI`);
    await local.waitForSelector("body[data-ready=true]");
    expect(await text(local, "#status")).toBe("\u2713 Valid URI");
    expect(errors).toEqual([]);
    await local.close();
    expect(pageErrors).toEqual([]);
  });
});
