// The packed tarball installed in a scratch project (test/helpers/packed.ts), used as a new user
// uses it: the command through node_modules/.bin and npx, the pages the README links, and no
// install script for npm to warn about.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { env, packAndInstall, removePacked, root, type Packed } from "./helpers/packed";

let packed: Packed | undefined;

beforeAll(() => {
  expect(fs.existsSync(path.join(root, "dist/bundle/cli.js"))).toBe(true);
  packed = packAndInstall("uri-grammar-installed-");
}, 300_000);

afterAll(() => removePacked(packed));

const installedDir = (): string => path.join(packed!.consumer, "node_modules/uri-grammar");

/** What `npx uri-grammar` runs: the link npm made in node_modules/.bin, executed (its #! line). */
const bin = (args: readonly string[]): { status: number | null; stdout: string; stderr: string } =>
  spawnSync(path.join(packed!.consumer, "node_modules/.bin/uri-grammar"), args, { cwd: packed!.consumer, env, encoding: "utf8" });

describe("the installed command", () => {
  const { version } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };

  it("prints package.json's version for --version and -V, also through npx", () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect(bin(["--version"])).toMatchObject({ status: 0, stdout: `${version}\n`, stderr: "" });
    expect(bin(["-V"])).toMatchObject({ status: 0, stdout: `${version}\n`, stderr: "" });
    expect(packed!.npm(["exec", "--offline", "--no", "--", "uri-grammar", "--version"], packed!.consumer)).toBe(`${version}\n`);
  });

  it("prints its usage for --help", () => {
    const help = bin(["--help"]);
    expect(help).toMatchObject({ status: 0, stderr: "" });
    expect(help.stdout).toMatch(/^Usage: uri-grammar \[options\] \[command\]/);
    expect(help.stdout).toContain("Exit status: 0 valid");
  });

  it("parses a URI", () => {
    const figure = bin(["parse", "foo://example.com:8042/over/there?name=ferret#nose"]);
    expect(figure).toMatchObject({ status: 0, stderr: "" });
    expect(figure.stdout).toContain("foo://example.com:8042/over/there?name=ferret#nose\n");
    const json = bin(["parse", "--json", "foo://example.com:8042/over/there?name=ferret#nose"]);
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ kind: "URI", scheme: "foo", authority: { host: { kind: "reg-name", text: "example.com" }, port: "8042" }, fragment: "nose" });
  });

  it("runs the commands whose modules it loads when they run (chunks of dist/bundle/chunks/): normalize, validate --rule, to-uri, expand, and rule with its RFC section (read from the declaration files the package ships)", () => {
    expect(bin(["normalize", "HTTP://Example.COM:80/a/./b/%7e"])).toMatchObject({ status: 0, stdout: "http://example.com/a/b/~\n", stderr: "" });
    expect(bin(["validate", "--rule", "IPv6address", "1::3"])).toMatchObject({ status: 0, stdout: "valid IPv6address\n", stderr: "" });
    expect(bin(["to-uri", "--idna", "http://r\u00e9sum\u00e9.example/"])).toMatchObject({ status: 0, stdout: "http://xn--rsum-bpad.example/\n", stderr: "" });
    expect(bin(["expand", "http://example.com/search{?q,lang}", "--var", "q=cat", "--var", "lang=en"])).toMatchObject({ status: 0, stdout: "http://example.com/search?q=cat&lang=en\n", stderr: "" });
    const rule = bin(["rule", "host"]);
    expect(rule).toMatchObject({ status: 0, stderr: "" });
    expect(rule.stdout).toMatch(/^host = IP-literal \/ IPv4address \/ reg-name\n {2}grammar {2}RFC 3986 §3\.2\.2\n/);
  });
});

describe("the installed package", () => {
  it("has no install script (npm warns every consumer of one: preinstall, install, postinstall, prepare)", () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(installedDir(), "package.json"), "utf8")) as { scripts?: Record<string, string> };
    expect(Object.keys(scripts ?? {}).filter((s) => ["preinstall", "install", "postinstall", "prepare"].includes(s))).toEqual([]);
  });

  /** The relative links of a Markdown page, [text](target): no address with a scheme, no #anchor of the page itself. */
  const relativeLinks = (text: string): string[] =>
    [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith("#"));

  it("ships every page the README links, and every page those link (a link to a directory: a file in it)", () => {
    const files = new Set(packed!.files);
    const pages = packed!.files.filter((f) => f.endsWith(".md"));
    expect(pages).toEqual(expect.arrayContaining(["README.md", "SECURITY.md", "docs/guide/README.md", "docs/guide/cli-batch.md", "docs/testing.md", "bench/README.md"]));
    const dead: string[] = [];
    let checked = 0;
    for (const page of pages) {
      for (const link of relativeLinks(fs.readFileSync(path.join(installedDir(), page), "utf8"))) {
        checked++;
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(page), decodeURIComponent(link.replace(/#.*$/, ""))));
        const dir = target.endsWith("/") ? target : `${target}/`;
        if (!files.has(target) && !packed!.files.some((f) => f.startsWith(dir))) dead.push(`${page}: ${link}`);
      }
    }
    expect(dead).toEqual([]);
    // the README alone links some twenty pages: the check read them
    expect(relativeLinks(fs.readFileSync(path.join(installedDir(), "README.md"), "utf8")).length).toBeGreaterThan(15);
    expect(checked).toBeGreaterThan(50);
  });

  it("names equivalenceKey, the key to deduplicate by, in its README", () => {
    expect(fs.readFileSync(path.join(installedDir(), "README.md"), "utf8")).toMatch(/`equivalenceKey\(uri\)`/);
  });
});
