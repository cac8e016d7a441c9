// With PROPERTY_SEED set (npm run test:long), the properties that name no seed take it too, so a
// long run can be replayed (test/helpers/runs.ts). fast-check is loaded only then: this file runs
// before every suite, and jest loads a module anew for each suite (a fifth of a trivial suite's
// time went to loading fast-check), while the suites that use it import it themselves.
import type * as FastCheck from "fast-check";
import { SEED_SHIFT } from "./runs";

if (SEED_SHIFT !== undefined) (require("fast-check") as typeof FastCheck).configureGlobal({ seed: SEED_SHIFT | 0 });
