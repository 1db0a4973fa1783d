import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import autocannon from "autocannon";
import { eq } from "drizzle-orm";
import { user } from "#server/db/schema/auth.ts";
import { socialAccounts } from "#server/db/schema/publishing.ts";
import { tokenColumns } from "#server/features/account-tokens/account-tokens.ts";
import { createApiKey } from "#server/features/public-api/api-keys.service.ts";
import { writeApiPlanLimit } from "#server/features/public-api/api-plan-limits.service.ts";
import { createAiClient } from "#server/integrations/ai/ai-client.ts";
import { CAP_PLANS } from "#shared/publishing-caps.ts";
import { openBenchDatabase, startBenchApp } from "./bench-app.ts";

// `npm run bench -- api` (ADR 0107): POST /api/v1/posts under load over loopback — bearer key,
// rate-limit counter, Idempotency-Key claim, the post and its queue job in one transaction — on
// PGlite (and PostgreSQL with BENCH_DATABASE_URL). The operator's limit is lifted for the run, so
// what is measured is the work of a create, not the 429.

export const API_BENCH_TARGETS = { requestsPerSecond: 300, p99Ms: 100 };
export const API_BENCH_SECONDS = 10;
const CONNECTIONS = Number(process.env.API_BENCH_CONNECTIONS ?? 10);

export type ApiBenchReport = {
  database: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
};

export async function runPublicApiBenchmark(postgresServerUrl?: string): Promise<ApiBenchReport> {
  const bench = await openBenchDatabase(postgresServerUrl, process.env.API_BENCH_LOG ? { LOG_LEVEL: "info" } : {});
  const app = await startBenchApp(bench, createAiClient(null));
  const server = createAdaptorServer({ fetch: app.app.fetch });
  try {
    await app.signUpUser("api-bench@example.test");
    const [owner] = await app.deps.db.select().from(user).where(eq(user.email, "api-bench@example.test"));
    if (!owner) throw new Error("Bench-Konto fehlt");
    const accountId = crypto.randomUUID();
    await app.deps.db.insert(socialAccounts).values({
      id: accountId,
      userId: owner.id,
      network: "x",
      externalId: "bench",
      handle: "@bench",
      displayName: "Bench",
      profileUrl: null,
      ...tokenColumns(
        app.deps.tokenBox,
        accountId,
        { accessToken: "a", refreshToken: "r", accessTokenExpiresAt: null, connectionExpiresAt: null, scope: null },
        null,
      ),
    });
    for (const plan of CAP_PLANS) await writeApiPlanLimit(app.deps.db, plan, 100_000);
    const { key } = await createApiKey(app.deps.db, owner.id, {
      name: "Bench",
      scopes: ["posts:write"],
      directScheduling: false,
    });
    // pg-boss starts on first use (seconds on PGlite): a warm-up, not part of a create's cost.
    await app.deps.publishingQueue.ready();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    let counter = 0;
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/api/v1/posts`,
      method: "POST",
      connections: CONNECTIONS,
      duration: API_BENCH_SECONDS,
      timeout: 10,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      // Each request its own Idempotency-Key, as a well-behaved client sends.
      setupClient: (client) => {
        client.setHeadersAndBody(
          {
            authorization: `Bearer ${key}`,
            "content-type": "application/json",
            "idempotency-key": `bench-${counter++}`,
          },
          JSON.stringify({
            targets: [{ accountId, text: "Bench über die API" }],
            plannedFor: { date: day, time: "10:00" },
          }),
        );
      },
    });
    return {
      database: bench.label,
      requestsPerSecond: result.requests.average,
      p99Ms: result.latency.p99,
      errors: result.errors,
      non2xx: result.non2xx,
    };
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await app.deps.jobQueue.stop(0);
    await bench.close();
  }
}
