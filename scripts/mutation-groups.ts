// What `npm run mutation` mutates, and which test files are meant to catch it (ADR 0074,
// "Mutationstest"): read by stryker.config.mjs, vitest.mutation.config.ts and scripts/mutation.ts.
// The state tables have a group of their own: they run at module load, so Stryker runs every test
// of the group for each of their mutants, and the transition tests alone take seconds where the
// whole publishing suite takes minutes.
export const MUTATION_GROUPS: Record<string, { mutate: string[]; testFiles: string[] }> = {
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
      "server/features/publishing/network-call.ts",
    ],
    testFiles: [
      "server/features/publishing/delivery*.test.ts",
      "server/features/publishing/thread-delivery*.test.ts",
      "server/features/publishing/bluesky-thread-delivery.test.ts",
      "server/features/media/media.test.ts",
      "server/features/publishing/publishing-sweep*.test.ts",
      "server/features/publishing/publishing-queue.test.ts",
      "server/features/publishing/publishing-caps.test.ts",
      "server/features/publishing/publication-outcomes*.test.ts",
      "server/features/publishing/network-call*.test.ts",
    ],
  },
  webhook: {
    mutate: ["server/features/billing/billing-webhook.service.ts"],
    testFiles: ["server/features/billing/billing-webhook*.test.ts"],
  },
};
