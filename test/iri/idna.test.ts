// IDNA in the RFC 3987 mappings: UTS #46 through tr46, with the flags of the WHATWG URL Standard,
// against web-platform-tests' toascii.json vectors (as facts), and what differs on purpose.
import { UriSyntaxError } from "../../src/errors";
import { serializeNode } from "../../src/transforms/serialize";
import { IdnaError, iriToUri, iriToUriOrThrow, uriToIriOrThrow } from "../../src/iri/index";
import { readJson } from "../helpers/fixtures";

interface IdnaFixture {
  readonly toAscii: { readonly source: string; readonly cases: readonly (readonly [string, string | null])[] };
  readonly differs: { readonly source: string; readonly cases: readonly (readonly [string, string])[] };
  readonly notIris: { readonly source: string; readonly cases: readonly string[] };
  readonly asciiUnchanged: { readonly source: string; readonly cases: readonly string[] };
}
const fx = readJson<IdnaFixture>("iri", "idna.json");
const url = (host: string): string => `http://${host}/`;

describe("UTS #46 ToASCII on an IRI's host (iriToUri with { idna: true })", () => {
  test.each(fx.toAscii.cases)(`${fx.toAscii.source}: %j -> %j`, (host, expected) => {
    const r = iriToUri(url(host), { idna: true });
    if (expected === null) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toBeInstanceOf(IdnaError);
      return;
    }
    if (!r.ok) throw r.error;
    expect(serializeNode(r.value)).toBe(url(expected));
    // and back (ToUnicode): each A-label that converts exactly gives its U-label again
    const back = uriToIriOrThrow(r.value, { idna: true });
    expect(serializeNode(iriToUriOrThrow(back, { idna: true }))).toBe(url(expected));
  });

  test.each(fx.differs.cases)(`${fx.differs.source}: %j`, (host, code) => {
    const r = iriToUri(url(host), { idna: true });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ name: "IdnaError", code });
  });

  test.each(fx.notIris.cases)(`${fx.notIris.source}: %j`, (host) => {
    const r = iriToUri(url(host), { idna: true });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toBeInstanceOf(UriSyntaxError);
  });

  test.each(fx.asciiUnchanged.cases)(`${fx.asciiUnchanged.source}: %j`, (host) => {
    const r = iriToUri(url(host), { idna: true });
    if (!r.ok) throw r.error;
    expect(serializeNode(r.value)).toBe(url(host));
  });
});
