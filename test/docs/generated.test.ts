// docs/, as scripts/docs.mjs generates it from the built package: up to date with the code, a
// section with a railroad diagram for every rule of every grammar, and every link resolving.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { core, Grammar, rfc3986 } from "../../src/abnf/index";
import { rfc3987 } from "../../src/grammars/rfc3987/index";
import * as schemes from "../../src/schemes/index";
import { nonTerminals, parseSvg } from "./svg";

const root = path.resolve(__dirname, "../..");
const docs = path.join(root, "docs");
const read = (rel: string): string => fs.readFileSync(path.join(docs, rel), "utf8");

/** The page of a grammar export, as scripts/docs/grammars.mjs names it. */
const slugOf = (exportName: string): string => exportName.replace(/Grammar$/, "").replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();

const grammars: [string, Grammar][] = [
  ["rfc3986", rfc3986],
  ["rfc3987", rfc3987],
  ["core", core],
  ...Object.entries(schemes).filter((e): e is [string, Grammar] => e[1] instanceof Grammar),
];

/** The rule sections of a page: id -> inner HTML. */
function sections(html: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of html.matchAll(/<section class="rule" id="([^"]+)">([\s\S]*?)<\/section>/g)) out.set(m[1] as string, m[2] as string);
  return out;
}

describe("docs/ is what scripts/docs.mjs makes of the current code", () => {
  it("node scripts/docs.mjs --check finds nothing missing or stale", () => {
    const r = spawnSync(process.execPath, ["scripts/docs.mjs", "--check"], { cwd: root, encoding: "utf8" });
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: "" });
  });
});

describe("every rule of every grammar has its section and its diagram", () => {
  it.each(grammars.map(([name, g]) => [name, g] as const))("%s", (exportName, g) => {
    const file = `grammar/${slugOf(exportName)}.html`;
    expect(fs.existsSync(path.join(docs, file))).toBe(true);
    const html = read(file);
    expect(html).toContain(`data-grammar="${exportName}"`);
    const found = sections(html);
    expect([...found.keys()]).toEqual(g.ruleNames);
    for (const name of g.ruleNames) {
      const body = found.get(name) ?? "";
      const svgs = body.match(/<svg class="railroad-diagram"[\s\S]*?<\/svg>/g) ?? [];
      if (svgs.length !== 1) throw new Error(`${file}: rule ${name} has ${svgs.length} diagrams, not one`);
      const svg = parseSvg(svgs[0] as string);
      for (const box of nonTerminals(svg)) expect(found.has((box.href ?? "").slice(1))).toBe(true);
      expect(body).toMatch(new RegExp(`<pre class="abnf"><a href="#${name}">${name}</a> = `));
    }
  });
});

/** The HTML pages this script owns. */
const pages = ["index.html", ...fs.readdirSync(path.join(docs, "grammar")).filter((f) => f.endsWith(".html")).map((f) => `grammar/${f}`)];
const idsOf = new Map<string, Set<string>>();
const ids = (rel: string): Set<string> => {
  let s = idsOf.get(rel);
  if (s === undefined) {
    s = new Set([...read(rel).matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] as string));
    idsOf.set(rel, s);
  }
  return s;
};

describe("links resolve", () => {
  it.each(pages.map((p) => [p]))("%s", (page) => {
    const html = read(page);
    const broken: string[] = [];
    const hrefs = [...html.matchAll(/\shref="([^"]*)"/g)].map((m) => (m[1] as string).replace(/&amp;/g, "&"));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      if (/^https?:/.test(href)) {
        if (!/^https:\/\/www\.rfc-editor\.org\/rfc\/rfc\d+(#(section|appendix)-[\w.]+)?$/.test(href)) broken.push(href);
        continue;
      }
      const [file, frag] = href.split("#") as [string, string | undefined];
      const target = file === "" ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), decodeURIComponent(file)));
      if (target.startsWith("..")) {
        broken.push(href);
        continue;
      }
      // the API reference (typedoc) and the playground are built apart: checked where present
      const apart = /^(api|playground)\//.exec(target);
      if (apart !== null && !fs.existsSync(path.join(docs, apart[1] as string))) continue;
      if (!fs.existsSync(path.join(docs, target))) broken.push(href);
      else if (frag !== undefined && frag !== "" && target.endsWith(".html") && apart === null && !ids(target).has(decodeURIComponent(frag))) broken.push(href);
    }
    expect(broken).toEqual([]);
  });

  it("ids are unique on every page", () => {
    for (const page of pages) {
      const all = [...read(page).matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] as string);
      expect(all.length).toBe(new Set(all).size);
    }
  });
});

describe("the API reference", () => {
  it("typedoc.json documents each entry point of package.json's exports", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { exports: Record<string, string | { types?: string }> };
    const typedoc = JSON.parse(fs.readFileSync(path.join(root, "typedoc.json"), "utf8")) as { entryPoints: string[]; out: string };
    const fromExports = Object.values(pkg.exports)
      .flatMap((t) => (typeof t === "object" && typeof t.types === "string" ? [t.types] : []))
      .map((t) => t.replace(/^\.\/dist\//, "src/").replace(/\.d\.ts$/, ".ts"));
    expect([...typedoc.entryPoints].sort()).toEqual([...fromExports].sort());
    expect(typedoc.out).toBe("docs/api");
  });
});
