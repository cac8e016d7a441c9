// RFC 3987 §2.2's character classes: the one character-class module (src/charsets.ts) has them.
export { componentSets, hasCodePoint, iprivate, ucschar, type CodePointSet, type ComponentSets, type IriComponent } from "../charsets.js";
