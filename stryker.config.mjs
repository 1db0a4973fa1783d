// @ts-check
// Mutation testing (ADR 0074, "Mutationstest"): `npm run mutation` runs StrykerJS once per group
// below (scripts/mutation.ts), each group with only the test files that are meant to catch its
// mutants. A group of its own matters for the state tables: they run at module load, so Stryker
// runs every test of the group for each of their mutants, and the transition tests alone take
// seconds where the whole publishing suite takes minutes. Not part of CI or `npm test`.

/** @type {Record<string, { mutate: string[]; testFiles: string[] }>} */
export const MUTATION_GROUPS = {
  "state-machine": {
    mutate: ["shared/publishing-states.ts", "server/features/publishing/publication-transitions.ts"],
    testFiles: ["shared/publishing-states.test.ts", "server/features/publishing/publication-transitions.test.ts"],
  },
  delivery: {
    mutate: [
      "server/features/publishing/publication-outcomes.ts",
      "server/features/publishing/delivery.service.ts",
      "server/features/publishing/thread-delivery.ts",
      "server/features/publishing/publishing-sweep.ts",
    ],
    testFiles: [
      "server/features/publishing/delivery*.test.ts",
      "server/features/publishing/thread-delivery*.test.ts",
      "server/features/publishing/publishing-sweep*.test.ts",
      "server/features/publishing/publishing-queue.test.ts",
      "server/features/publishing/publishing-caps.test.ts",
      "server/features/publishing/publication-outcomes*.test.ts",
    ],
  },
  webhook: {
    mutate: ["server/features/billing/billing-webhook.service.ts"],
    testFiles: ["server/features/billing/billing-webhook*.test.ts"],
  },
};

const groupName = process.env.MUTATION_GROUP;
const group = groupName ? MUTATION_GROUPS[groupName] : undefined;
if (groupName && !group)
  throw new Error(`Unknown MUTATION_GROUP "${groupName}": ${Object.keys(MUTATION_GROUPS).join(", ")}`);
const all = Object.values(MUTATION_GROUPS);
const reportName = groupName ?? "all";

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  // The integration tests reach the code through the HTTP app, not by importing it: no `related`.
  vitest: { configFile: "vitest.config.ts", related: false },
  mutate: group?.mutate ?? all.flatMap((g) => g.mutate),
  testFiles: group?.testFiles ?? all.flatMap((g) => g.testFiles),
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
