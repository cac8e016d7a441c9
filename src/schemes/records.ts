// The built-in schemes as records (src/schemes/kernel.ts): what judging, §6.2.3 normalizing and
// comparing their URIs needs, with their top rules as the build compiled them, and without their
// grammar values: so without the ABNF engine (issue 31). The command line's registry for
// `parse --scheme`, `normalize` and `equal`; `defaultRegistry` (src/schemes/built-in.ts) holds the
// same schemes, in the same order, as values with their grammars.
import { dataDefinition } from "./data.js";
import { fileDefinition } from "./file.js";
import { httpDefinition, httpsDefinition } from "./http.js";
import { SchemeRecord } from "./kernel.js";
import { BUILT_IN_SCHEME_NAMES } from "../core/scheme-table.js";
import { mailtoDefinition } from "./mailto.js";
import { createRegistry, type SchemeRegistry } from "./registry.js";
import type { Scheme } from "./scheme.js";
import { telDefinition } from "./tel.js";
import { urnDefinition } from "./urn.js";
import { wsDefinition, wssDefinition } from "./ws.js";

const DEFINITIONS = {
  http: httpDefinition, https: httpsDefinition, ws: wsDefinition, wss: wssDefinition, mailto: mailtoDefinition, urn: urnDefinition, file: fileDefinition(), data: dataDefinition, tel: telDefinition,
} satisfies Record<(typeof BUILT_IN_SCHEME_NAMES)[number], unknown>;

/** The nine built-in schemes' records: a registry whose schemes have no `grammar` and no `generate` (nothing that holds it reads them). */
export const builtInRecords: SchemeRegistry = createRegistry(BUILT_IN_SCHEME_NAMES.map((n) => new SchemeRecord<unknown>(DEFINITIONS[n] as never) as unknown as Scheme));
