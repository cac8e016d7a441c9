// The built-in schemes as records (./kernel.ts: judging, §6.2.3 normalizing, comparing), without grammar values and so without the
// ABNF engine (issue 31): the command line's registry. defaultRegistry (./built-in.ts) holds them in the same order as values.
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
