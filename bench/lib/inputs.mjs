// The inputs of the timed rows, made the same way by run.mjs and by focus-child.mjs (so a row
// timed in its own process reads the same strings, in the same representations).
import { sample } from "./corpus.mjs";

/**
 * The real sample (lines uri-grammar and URL both accept), the raw sample, and the resolution
 * pairs: each sample URL (fragment stripped) as the base; the reference cycles through RFC 3986
 * §5.4 examples, another URL's path+query, "../" + a last segment, and a whole absolute URL.
 */
export function timedInputs(ours, fastUri, uriJs, allReal, rfc, size) {
  const commonPool = allReal.filter((s) => ours.isValid(s, "URI-reference") && URL.canParse(s));
  const S = sample(commonPool, size, 3986);
  const RAW = sample(allReal, size, 3986);

  // Resolution pairs: each sample URL (fragment stripped) as the base; the reference cycles through
  // RFC 3986 §5.4 examples, another URL's path+query, "../" + a last segment, and a whole absolute URL.
  const pathQuery = (s) => {
    const u = new URL(s);
    return u.pathname + u.search;
  };
  const lastSeg = (s) => {
    const p = new URL(s).pathname;
    return p.slice(p.lastIndexOf("/") + 1) || "x";
  };
  const rfcRefs = rfc.pairs.map(([r]) => r);
  // fast-uri throws on some pairs (e.g. "http:g" against an http base: "HTTP URIs must have a host.").
  let peerThrows = 0;
  const peersResolve = (b, r) => {
    try {
      fastUri.resolve(b, r);
      uriJs.resolve(b, r);
      fastUri.resolveComponent(fastUri.parse(b), fastUri.parse(r), {}, true);
      uriJs.resolveComponents(uriJs.parse(b), uriJs.parse(r), {}, true);
      return true;
    } catch {
      peerThrows++;
      return false;
    }
  };
  const PAIRS = [];
  for (let i = 0; i < S.length; i++) {
    const hash = S[i].indexOf("#");
    const base = hash >= 0 ? S[i].slice(0, hash) : S[i];
    const other = S[(i + 7) % S.length];
    let ref;
    switch (i % 4) {
      case 0:
        ref = rfcRefs[(i >> 2) % rfcRefs.length];
        break;
      case 1:
        ref = pathQuery(other);
        break;
      case 2:
        ref = `../${lastSeg(other)}`;
        break;
      default:
        ref = other;
    }
    if (ours.isValid(base, "absolute-URI") && ours.isValid(ref, "URI-reference") && URL.canParse(ref, base) && peersResolve(base, ref)) PAIRS.push([base, ref]);
  }
  return { commonPool, S, RAW, PAIRS, peerThrows };
}
