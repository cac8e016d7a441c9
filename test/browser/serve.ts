// What the browser tests share: where Chromium is expected and how it is launched, the suite
// that runs only where it is (and fails in CI where it is not), the check that dist/ is built,
// and a tiny static file server (node:http, a random free port on 127.0.0.1).
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as path from "node:path";
import { chromium, type Browser } from "playwright-core";

/** The Chromium the browser tests drive (Debian's package). */
export const CHROMIUM = "/usr/bin/chromium";
export const hasChromium = fs.existsSync(CHROMIUM);

/** The repository's root. */
export const root = path.resolve(__dirname, "../..");

/**
 * `describe` where Chromium is present. Where it is absent: skipped, with a message on stderr;
 * but when the environment variable CI is set (CI installs Chromium, .ci/run), one failing test
 * instead, so a CI run never passes with the browser tests left out.
 */
export function describeInChromium(file: string, name: string, body: () => void): void {
  if (hasChromium) {
    describe(name, body);
    return;
  }
  const why = `no Chromium at ${CHROMIUM} (Debian: apt-get install -y chromium; .ci/run installs it)`;
  if (process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "false" && process.env.CI !== "0") {
    describe(name, () => {
      test("Chromium is installed (required when CI is set)", () => {
        throw new Error(`${file}: ${why}; CI is set, so the browser tests fail rather than skip`);
      });
    });
    return;
  }
  process.stderr.write(`\n  ${file}: skipped, ${why}\n`);
  describe.skip(name, body);
}

/** Headless Chromium; `--no-sandbox` when running as root (Chromium refuses to start otherwise). */
export function launchChromium(): Promise<Browser> {
  const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: asRoot ? ["--no-sandbox"] : [] });
}

/** Throws, saying what to do, where the package was not built (the browser tests bundle dist/). */
export function requireDist(): void {
  if (!fs.existsSync(path.join(root, "dist", "index.js"))) {
    throw new Error("dist/index.js is missing: the browser tests bundle the built package; run `npm run build` first (`npm test` does)");
  }
}

export interface Server {
  readonly url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".map": "application/json",
};

/** Serves the files under `dir` (GET only; nothing outside `dir`). */
export function serve(dir: string): Promise<Server> {
  const base = path.resolve(dir);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const file = path.resolve(base, `.${decodeURIComponent(url.pathname)}`);
    if (req.method !== "GET" || (file !== base && !file.startsWith(base + path.sep)) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream", "cache-control": "no-store" });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
      });
    });
  });
}
