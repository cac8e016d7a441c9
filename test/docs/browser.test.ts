// The grammar reference in a real browser (Chromium through playwright-core, from file://): every
// diagram renders with a size, every name fits its box, a rule box is a link that goes to its
// rule, and a standalone diagram is styled on its own.
import * as fs from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { rfc3986 } from "../../src/abnf/index";
import { diagram } from "../../src/diagrams";
import { describeInChromium, launchChromium } from "../browser/serve";

const docs = path.resolve(__dirname, "../../docs");
const url = (rel: string): string => pathToFileURL(path.join(docs, rel)).href;
const pages = fs.readdirSync(path.join(docs, "grammar")).filter((f) => f.endsWith(".html")).map((f) => `grammar/${f}`);


/**
 * Run in the page (a string: the tests are type-checked without the DOM library): how many
 * diagrams, how many without a size, the names wider than their boxes, and a literal's fill.
 */
const MEASURE = `(() => {
  const svgs = [...document.querySelectorAll("svg.railroad-diagram")];
  const empty = svgs.filter((s) => { const r = s.getBoundingClientRect(); return !(r.width > 0 && r.height > 0); }).length;
  const overflow = [];
  for (const g of document.querySelectorAll("svg.railroad-diagram g.terminal, svg.railroad-diagram g.nonterminal, svg.railroad-diagram g.prose")) {
    const rect = g.querySelector("rect");
    const text = g.querySelector("text");
    if (text.getBBox().width > rect.width.baseVal.value - 4) overflow.push(text.textContent);
  }
  const lit = document.querySelector("svg.railroad-diagram g.terminal.literal rect");
  return { count: svgs.length, empty, overflow, fill: lit === null ? "" : getComputedStyle(lit).fill };
})()`;

describeInChromium("test/docs/browser.test.ts", "the grammar reference in Chromium", () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("every diagram of every page renders, and every name fits its box", async () => {
    for (const rel of [...pages, "index.html"]) {
      await page.goto(url(rel));
      const report = (await page.evaluate(MEASURE)) as { count: number; empty: number; overflow: string[]; fill: string };
      expect({ rel, ...report, count: report.count > 0 }).toEqual({ rel, count: true, empty: 0, overflow: [], fill: report.fill === "" ? "" : "rgb(227, 242, 223)" });
    }
  });

  it("IPv6address renders at its size, and its ls32 box goes to ls32", async () => {
    await page.goto(url("grammar/rfc3986.html"));
    const box = await page.locator("section#IPv6address svg").boundingBox();
    expect(box?.width).toBeGreaterThan(400);
    expect(box?.height).toBeGreaterThan(500);
    await page.locator('section#IPv6address svg g.nonterminal a[href="#ls32"]').first().click();
    await page.waitForFunction('location.hash === "#ls32"');
    const target = await page.evaluate(`(() => {
      const t = document.querySelector(":target");
      const r = t.getBoundingClientRect();
      return { id: t.id, visible: r.top >= 0 && r.top < innerHeight };
    })()`);
    expect(target).toEqual({ id: "ls32", visible: true });
  });

  it("a rule imported from RFC 3986 links to its section there", async () => {
    await page.goto(url("grammar/http.html"));
    await page.locator("section#authority p.home a").click();
    await page.waitForURL(/rfc3986\.html#authority$/);
    expect(await page.evaluate('document.querySelector(":target").id')).toBe("authority");
  });

  it("a standalone SVG (the default) renders styled on its own", async () => {
    await page.goto(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(diagram(rfc3986, "dec-octet"))}`);
    const r = (await page.evaluate(`(() => {
      const svg = document.documentElement;
      const rect = document.querySelector("g.terminal.range rect");
      return { tag: svg.tagName, width: svg.getBoundingClientRect().width, fill: getComputedStyle(rect).fill };
    })()`)) as { tag: string; width: number; fill: string };
    expect(r.tag).toBe("svg");
    expect(r.width).toBeGreaterThan(0);
    expect(r.fill).toBe("rgb(225, 235, 248)");
  });
});
