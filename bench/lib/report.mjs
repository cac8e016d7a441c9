// Statistics, number formatting, Markdown tables, and the sectioned bench/RESULTS.md writer.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchDir, repoRoot } from "./corpus.mjs";

export function median(xs) {
  const a = xs.filter((x) => Number.isFinite(x)).sort((p, q) => p - q);
  if (a.length === 0) return NaN;
  const m = a.length >> 1;
  return a.length % 2 ? a[m] : (a[m - 1] + a[m]) / 2;
}

export function quantile(xs, q) {
  const a = xs.filter((x) => Number.isFinite(x)).sort((p, r) => p - r);
  if (a.length === 0) return NaN;
  const pos = (a.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return a[lo] + (a[hi] - a[lo]) * (pos - lo);
}

const group = (n) => n.toLocaleString("en-US");

/** Nanoseconds with sensible precision: "87.4", "1,234". */
export function fmtNs(ns) {
  if (!Number.isFinite(ns)) return "–";
  if (ns < 100) return ns.toFixed(1);
  return group(Math.round(ns));
}

export function fmtRatio(r) {
  if (!Number.isFinite(r)) return "–";
  return r < 10 ? `${r.toFixed(2)}×` : `${r.toFixed(1)}×`;
}

export function fmtBytes(b) {
  if (!Number.isFinite(b)) return "–";
  return group(Math.round(b));
}

export function fmtMs(ms) {
  if (!Number.isFinite(ms)) return "–";
  return ms < 10 ? ms.toFixed(2) : ms.toFixed(1);
}

/** A GitHub Markdown table; `align` is a string of "l"/"r" per column. */
export function mdTable(headers, rows, align = "") {
  const esc = (c) => String(c ?? "").replace(/\|/g, "\\|").replace(/\n/g, " ");
  const sep = headers.map((_, i) => ((align[i] ?? "l") === "r" ? "---:" : "---"));
  return [headers, sep, ...rows].map((r, k) => `| ${(k === 1 ? r : r.map(esc)).join(" | ")} |`).join("\n");
}

export function machineInfo() {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    node: process.version,
    v8: process.versions.v8,
    cpu: cpus.length ? cpus[0].model.trim() : "unknown",
    cores: cpus.length,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    memGiB: Math.round(os.totalmem() / 2 ** 30),
  };
}

/** The commit the benchmarked dist/ was built from, and whether src/ had uncommitted changes. */
export function revision() {
  if (process.env.URI_GRAMMAR_DIST) return `a build at ${process.env.URI_GRAMMAR_DIST}`;
  try {
    const git = (...args) => execFileSync("git", args, { cwd: repoRoot, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    const head = git("rev-parse", "--short", "HEAD");
    const dirty = git("status", "--porcelain", "--", "src") !== "";
    return `commit ${head}${dirty ? " with uncommitted changes in src/" : " (src/ clean)"}`;
  } catch {
    return "unknown revision";
  }
}

export function machineLine(m = machineInfo()) {
  return `${m.date} · uri-grammar ${revision()} · Node ${m.node} (V8 ${m.v8}) · ${m.cpu} × ${m.cores} · ${m.platform} · ${m.memGiB} GiB`;
}

const TITLE = "# uri-grammar benchmark results\n\nWritten by `npm run bench` (main, memory, start-up, profile) and `npm run bench:scaling` (scaling). See bench/README.md for how to read them.\n";

/**
 * Replaces one section of a results file (between HTML comment markers), keeping the others.
 * Sections are kept in the order given by `order`.
 */
export function writeSection(file, name, markdown, order = ["main", "scaling"]) {
  const target = path.isAbsolute(file) ? file : path.join(benchDir, file);
  const text = existsSync(target) ? readFileSync(target, "utf8") : TITLE;
  const sections = new Map();
  const re = /<!-- section:([\w-]+):begin -->\n([\s\S]*?)<!-- section:\1:end -->\n?/g;
  let m;
  while ((m = re.exec(text))) sections.set(m[1], m[2]);
  sections.set(name, markdown.endsWith("\n") ? markdown : `${markdown}\n`);
  const names = [...order.filter((n) => sections.has(n)), ...[...sections.keys()].filter((n) => !order.includes(n))];
  const body = names.map((n) => `<!-- section:${n}:begin -->\n${sections.get(n)}<!-- section:${n}:end -->\n`).join("\n");
  writeFileSync(target, `${TITLE}\n${body}`);
  return target;
}
