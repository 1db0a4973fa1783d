import { defineConfig } from "vitest/config";
import { MUTATION_GROUPS } from "./scripts/mutation-groups.ts";
import base from "./vitest.config.ts";

// The Vitest config of `npm run mutation` (stryker.config.mjs): only the test files of the group
// being mutated. They are chosen here and not with Stryker's `testFiles`, because with `testFiles`
// StrykerJS 10.1 switches a module-level (static) mutant on only after its module was loaded, and
// reports it as survived although the tests would kill it (stryker-js issue 6144).
const group = MUTATION_GROUPS[process.env.MUTATION_GROUP ?? ""];
const include = group?.testFiles ?? Object.values(MUTATION_GROUPS).flatMap((g) => g.testFiles);

// Not mergeConfig: it would append these files to the base list instead of replacing it.
export default defineConfig({ ...base, test: { ...base.test, include } });
