import { inArray } from "drizzle-orm";
import fc from "fast-check";
import { archivedPosts } from "#server/db/schema/archive.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { createAiClient } from "#server/integrations/ai/ai-client.ts";
import { apiRequests, describeFuzzRequest, sendFuzzRequest } from "./api-fuzz.ts";
import { BENCH_BASE_URL, openBenchDatabase, startBenchApp } from "./bench-app.ts";

// `npm run bench -- fuzz` (ADR 0020): tens of thousands of random and mutated requests to the
// real app as `npm start` runs it (PGlite, demo AI), a few at a time so that concurrent
// requests meet too. Bounded in count; FUZZ_REQUESTS and FUZZ_SEED change the run.

export const FUZZ_REQUESTS = Number(process.env.FUZZ_REQUESTS) || 12_000;
const CONCURRENCY = 4;
// Each account may generate 20 times in 10 minutes; ten of them let ~200 paid runs meet.
const ACCOUNTS = 10;
const STARTING_CREDITS = 100;

type FuzzReport = {
  sent: number;
  seed: number;
  seconds: number;
  serverErrors: string[];
  /** "POST /api/contact" → status → count */
  statusCounts: Map<string, Map<number, number>>;
  alive: boolean;
  creditsTaken: number;
  generationsArchived: number;
};

export async function runApiFuzzBenchmark(): Promise<FuzzReport> {
  const seed = Number(process.env.FUZZ_SEED) || Date.now() % 1_000_000;
  const bench = await openBenchDatabase(undefined, { TRUST_PROXY: "1" });
  try {
    const app = await startBenchApp(bench, createAiClient(null));
    const emails = Array.from({ length: ACCOUNTS }, (_, index) => `fuzz-${index}@example.test`);
    const cookies: string[] = [];
    for (const email of emails) cookies.push(await app.signUpUser(email, { credits: STARTING_CREDITS }));
    const requests = fc.sample(apiRequests({ baseUrl: BENCH_BASE_URL, cookies }), { numRuns: FUZZ_REQUESTS, seed });
    const serverErrors: string[] = [];
    const statusCounts = new Map<string, Map<number, number>>();
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let index = next++; index < requests.length; index = next++) {
          const request = requests[index];
          if (!request) continue;
          const { status, body } = await sendFuzzRequest(app.app, request).catch((error: unknown) => ({
            status: 599,
            body: `Ausnahme im Fuzzer: ${error instanceof Error ? error.message : String(error)}`,
          }));
          const endpoint = `${request.method} ${request.path.split("?")[0]?.replace(/^\/api\/archive\/.+/, "/api/archive/:id")}`;
          const counts = statusCounts.get(endpoint) ?? new Map<number, number>();
          counts.set(status, (counts.get(status) ?? 0) + 1);
          statusCounts.set(endpoint, counts);
          if (status >= 500) serverErrors.push(`${status} ${describeFuzzRequest(request)} → ${body.slice(0, 200)}`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const alive = (await app.app.request("/api/config")).status === 200;
    const accounts = await app.deps.db
      .select({ credits: profiles.credits, id: profiles.id })
      .from(profiles)
      .where(inArray(profiles.email, emails));
    const archived = await app.deps.db
      .select({ id: archivedPosts.id })
      .from(archivedPosts)
      .where(
        inArray(
          archivedPosts.userId,
          accounts.map((account) => account.id),
        ),
      );
    return {
      sent: requests.length,
      seed,
      seconds,
      serverErrors,
      statusCounts,
      alive,
      creditsTaken: accounts.reduce((taken, account) => taken + STARTING_CREDITS - account.credits, 0),
      generationsArchived: archived.length,
    };
  } finally {
    await bench.close();
  }
}
