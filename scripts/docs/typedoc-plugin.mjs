// A typedoc plugin for the API reference: names each entry module by the package subpath users
// import it from ("uri-grammar/builder", not "uri-builder"), read from package.json's "exports",
// and describes a module that has no module comment by its file's header (the leading `//` lines).
import * as fs from "node:fs";
import * as path from "node:path";
import { Comment, Converter, ReflectionKind } from "typedoc";

/** Typedoc's default name of an entry point: its path under src/, without ".ts" and "/index". */
export const defaultName = (srcPath) => srcPath.replace(/^(\.\/)?src\//, "").replace(/\.ts$/, "").replace(/\/index$/, "");

/** "./builder" -> "./dist/uri-builder.d.ts" -> "uri-builder" -> "uri-grammar/builder". */
export function moduleNames(pkg) {
  const names = new Map();
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    const types = typeof target === "object" && target !== null ? target.types : undefined;
    if (typeof types !== "string") continue;
    const src = types.replace(/^\.\/dist\//, "src/").replace(/\.d\.ts$/, ".ts");
    names.set(defaultName(src), subpath === "." ? pkg.name : `${pkg.name}/${subpath.slice(2)}`);
  }
  return names;
}

/** The leading `//` comment of a source file, as one paragraph. */
export function headerOf(file) {
  const lines = [];
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    const m = /^\/\/ ?(.*)$/.exec(line);
    if (m === null) break;
    lines.push(m[1]);
  }
  return lines.join(" ").trim();
}

export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve("package.json"), "utf8"));
    const names = moduleNames(pkg);
    const files = new Map(app.options.getValue("entryPoints").map((p) => [defaultName(path.relative(process.cwd(), path.resolve(p)).split(path.sep).join("/")), path.resolve(p)]));
    for (const child of context.project.children ?? []) {
      if (!child.kindOf(ReflectionKind.Module)) continue;
      const file = files.get(child.name);
      if (child.comment === undefined && file !== undefined) {
        const header = headerOf(file);
        if (header !== "") child.comment = new Comment([{ kind: "text", text: header }]);
      }
      const name = names.get(child.name);
      if (name !== undefined) child.name = name;
    }
  });
}
