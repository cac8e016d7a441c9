// With PROPERTY_SEED set (npm run test:long), the properties that name no seed take it too, so a
// long run can be replayed (test/helpers/runs.ts).
import fc from "fast-check";
import { SEED_SHIFT } from "./runs";

if (SEED_SHIFT !== undefined) fc.configureGlobal({ seed: SEED_SHIFT | 0 });
