// RFC 3986 Appendix A as data: every rule defined once, in the section files beside this one.
// index.ts makes it a grammar; src/charsets.ts reads it without importing any parser.
import { authorityRules } from "./authority.js";
import { characterRules } from "./characters.js";
import { pathRules } from "./path.js";
import { queryFragmentRules } from "./query-fragment.js";
import { referenceRules } from "./reference.js";
import { schemeRules } from "./scheme.js";

/** The rules of RFC 3986 Appendix A, in the order of the appendix. */
export const rfc3986Rules = {
  ...referenceRules,
  ...schemeRules,
  ...authorityRules,
  ...pathRules,
  ...queryFragmentRules,
  ...characterRules,
};
