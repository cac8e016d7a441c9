import { match, expand, createRouter, parseTemplateOrThrow } from "uri-grammar/template";
const r = Proxy.revocable({}, {}); r.revoke();
const thrower = new Proxy({}, { get() { throw new Error("trap get"); }, getPrototypeOf() { throw new Error("trap proto"); }, has() { throw new Error("trap has"); }, ownKeys() { throw new Error("trap keys"); }, getOwnPropertyDescriptor() { throw new Error("trap gopd"); } });
const t = parseTemplateOrThrow("/x/{y}");
const proxied = new Proxy(t, {});
for (const [name, v] of [["revoked", r.proxy], ["thrower", thrower], ["proxied template", proxied], ["null-proto", Object.create(null)]]) {
  for (const [fn, f] of [["match", () => match(v, "/x/1")], ["expand", () => expand(v, {})], ["router.add", () => createRouter().add(v, 1)]]) {
    try { const out = f(); console.log(name, fn, "=>", JSON.stringify(out)?.slice(0, 150)); } catch (e) { console.log(name, fn, "threw", e.constructor.name, e.message.slice(0, 150)); }
  }
}
