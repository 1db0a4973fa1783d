// @ts-check
import { MUTATION_GROUPS } from "./scripts/mutation-groups.ts";

// Mutation testing (ADR 0074, "Mutationstest"): `npm run mutation` runs StrykerJS once per group
// of scripts/mutation-groups.ts, each with only the test files meant to catch its mutants
// (vitest.mutation.config.ts picks them). Not part of CI or `npm test`.

const groupName = process.env.MUTATION_GROUP;
const group = groupName ? MUTATION_GROUPS[groupName] : undefined;
if (groupName && !group)
  throw new Error(`Unknown MUTATION_GROUP "${groupName}": ${Object.keys(MUTATION_GROUPS).join(", ")}`);
const reportName = groupName ?? "all";

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  // The integration tests reach the code through the HTTP app, not by importing it: no `related`.
  vitest: { configFile: "vitest.mutation.config.ts", related: false },
  mutate: group?.mutate ?? Object.values(MUTATION_GROUPS).flatMap((g) => g.mutate),
  coverageAnalysis: "perTest",
  concurrency: 2,
  // A busy 2-core machine is slow, not stuck: a mutant counts as a timeout only well past its tests' time.
  timeoutMS: 20_000,
  incremental: true,
  incrementalFile: `reports/mutation/${reportName}.incremental.json`,
  reporters: ["clear-text", "progress-append-only", "json"],
  jsonReporter: { fileName: `reports/mutation/${reportName}.json` },
  clearTextReporter: { logTests: false },
  // Stryker rewrites the tsconfig through TypeScript's JS API, which TypeScript 7 (the native
  // compiler) no longer has; ours needs no rewriting (no extends or references outside the
  // project), so Stryker is pointed at a file that does not exist and skips the step.
  tsconfigFile: "tsconfig.stryker-skips-this.json",
  // Vitest does not type-check, so the mutants need no `// @ts-nocheck`; adding it would also
  // break the test fixtures that are read as text (tests/fixtures/client/assets).
  disableTypeChecks: false,
  ignorePatterns: [
    "build",
    "data",
    "test-results",
    "playwright-report",
    "bench/results",
    "backups",
    ".e2e-data",
    "reports",
  ],
};
