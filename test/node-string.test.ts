// String(node) and `${node}` give the node's text, as WHATWG URL's toString gives its href (a new
// user printing a parsed reference got "[object Object]"). Every node kind: the reference, its
// authority, its path, and each of the four host kinds.
import { parse, type UriReference } from "../src/index";

const CASES: readonly string[] = ["http://u@[::1]:80/a/b?q#f", "http://192.0.2.1/", "http://[v7.x]/", "http://example.com", "mailto:a@b", "a/b?c", "//h", "", "#f"];

function nodesOf(r: UriReference): { readonly text: string }[] {
  const out: { readonly text: string }[] = [r, r.path];
  if (r.authority !== undefined) out.push(r.authority, r.authority.host);
  return out;
}

describe("String(node) is the node's text", () => {
  it.each(CASES)("%j", (input) => {
    const r = parse(input);
    if (!r.ok) throw r.error;
    for (const n of nodesOf(r.value)) expect([String(n), `${n}`, n + ""]).toEqual([n.text, n.text, n.text]);
    expect(String(r.value)).toBe(input);
  });

  it("toString is no field of a node: JSON and Object.keys are as before", () => {
    const r = parse("http://a/b");
    if (!r.ok) throw r.error;
    expect([Object.keys(r.value).includes("toString"), Object.hasOwn(JSON.parse(JSON.stringify(r.value)) as object, "toString")]).toEqual([false, false]);
  });
});
