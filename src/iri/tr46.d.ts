// Types for the parts of tr46 (UTS #46, https://www.unicode.org/reports/tr46/) that src/iri uses.
// tr46 ships no types; these describe tr46 6.x. Nothing of them is part of this package's API.

declare module "tr46" {
  /** The UTS #46 §4 processing flags, each `false` when left out. */
  interface Uts46Options {
    readonly checkHyphens?: boolean;
    readonly checkBidi?: boolean;
    readonly checkJoiners?: boolean;
    readonly useSTD3ASCIIRules?: boolean;
    readonly transitionalProcessing?: boolean;
    readonly verifyDNSLength?: boolean;
    readonly ignoreInvalidPunycode?: boolean;
  }
  const tr46: {
    /** UTS #46 §4.2 ToASCII: the domain with A-labels, or `null` when processing records an error. */
    toASCII(domainName: string, options?: Uts46Options): string | null;
    /** UTS #46 §4.3 ToUnicode: the domain with U-labels, and whether processing recorded an error. */
    toUnicode(domainName: string, options?: Uts46Options): { domain: string; error: boolean };
  };
  export default tr46;
}
