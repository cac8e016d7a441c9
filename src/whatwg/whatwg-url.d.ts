// Types for whatwg-url 15.x (it ships none), not part of this package's API: the "URL Standard API" src/whatwg uses, from lib/url-state-machine.js:
// the index also loads the WebIDL URL class, whose webidl-conversions reads SharedArrayBuffer at load (fails in a page not cross-origin isolated; +7 KB gzip).

declare module "whatwg-url/lib/url-state-machine.js" {
  /** A URL record (#concept-url). */
  export interface UrlRecord {
    readonly scheme: string;
    readonly username: string;
    readonly password: string;
    /** A domain or opaque host (string), an IPv4 address (number), an IPv6 address (eight pieces), or null. */
    readonly host: string | number | readonly number[] | null;
    readonly port: number | null;
    /** A URL path: a list of segments, or an opaque path (string). */
    readonly path: string | readonly string[];
    readonly query: string | null;
    readonly fragment: string | null;
  }
  const whatwgUrl: {
    /** The basic URL parser (#concept-basic-url-parser) with no state override: a URL record, or null for failure. */
    basicURLParse(input: string, options?: { readonly baseURL?: UrlRecord | null }): UrlRecord | null;
    /** The URL serializer (#concept-url-serializer). */
    serializeURL(url: UrlRecord, excludeFragment?: boolean): string;
    /** The host serializer (#concept-host-serializer). */
    serializeHost(host: string | number | readonly number[]): string;
  };
  export default whatwgUrl;
}
