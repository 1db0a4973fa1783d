import crypto from "node:crypto";
import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createAdaptorServer } from "@hono/node-server";
import autocannon from "autocannon";
import { eq } from "drizzle-orm";
import { user } from "#server/db/schema/auth.ts";
import { publications, socialAccounts } from "#server/db/schema/publishing.ts";
import { tokenColumns } from "#server/features/account-tokens/account-tokens.ts";
import { createApiKey } from "#server/features/public-api/api-keys.service.ts";
import { writeApiPlanLimit } from "#server/features/public-api/api-plan-limits.service.ts";
import { createAiClient } from "#server/integrations/ai/ai-client.ts";
import { CAP_PLANS } from "#shared/publishing-caps.ts";
import { openBenchDatabase, startBenchApp } from "./bench-app.ts";
import { findFreePort, type RunningServer, startProductionServer } from "./production-server.ts";

// `npm run bench -- api` (ADR 0107, 0118): POST /api/v1/posts under load over loopback — bearer
// key, rate-limit counter, Idempotency-Key claim, the post, its queue job and the activity line
// in one transaction — on PGlite in the bench's process, and with BENCH_DATABASE_URL on
// PostgreSQL, there also with two production servers (processes of their own) sharing the load.
// The operator's limit is lifted for the run, so what is measured is the work of a create, not
// the 429.

export const API_BENCH_TARGETS = { requestsPerSecond: 300, p99Ms: 100 };
export const API_BENCH_SECONDS = 10;
const CONNECTIONS = Number(process.env.API_BENCH_CONNECTIONS ?? 10);

export type ApiBenchReport = {
  database: string;
  servers: number;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** Posts in the database afterwards: every answered create made one (no replays measured). */
  created: number;
};

type BenchApp = Awaited<ReturnType<typeof startBenchApp>>;

/** The bench's user with one X account and a writing key; the limit lifted for every plan. */
async function prepareCaller(app: BenchApp) {
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
  return { key, accountId, userId: owner.id };
}

/** Creates under load against every base URL at once, the connections split between them. */
async function loadCreates(baseUrls: string[], caller: { key: string; accountId: string }) {
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  let counter = 0;
  const results = await Promise.all(
    baseUrls.map((baseUrl) =>
      autocannon({
        url: `${baseUrl}/api/v1/posts`,
        method: "POST",
        connections: Math.max(1, Math.round(CONNECTIONS / baseUrls.length)),
        duration: API_BENCH_SECONDS,
        timeout: 10,
        headers: { authorization: `Bearer ${caller.key}`, "content-type": "application/json" },
        body: JSON.stringify({
          targets: [{ accountId: caller.accountId, text: "Bench über die API" }],
          plannedFor: { date: day, time: "10:00" },
        }),
        // Each request its own Idempotency-Key, as a well-behaved client sends: a key per
        // connection would measure replays of one stored answer, not creates.
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, "idempotency-key": `bench-${counter++}` },
            }),
          },
        ],
      }),
    ),
  );
  return {
    requestsPerSecond: results.reduce((sum, result) => sum + result.requests.average, 0),
    p99Ms: Math.max(...results.map((result) => result.latency.p99)),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
  };
}

async function countPosts(app: BenchApp, userId: string): Promise<number> {
  return app.deps.db.$count(publications, eq(publications.userId, userId));
}

/** One app in the bench's process (PGlite, or PostgreSQL with a server URL). */
export async function runPublicApiBenchmark(postgresServerUrl?: string): Promise<ApiBenchReport> {
  const bench = await openBenchDatabase(postgresServerUrl, process.env.API_BENCH_LOG ? { LOG_LEVEL: "info" } : {});
  const app = await startBenchApp(bench, createAiClient(null));
  const server = createAdaptorServer({ fetch: app.app.fetch });
  try {
    const caller = await prepareCaller(app);
    // pg-boss starts on first use (seconds on PGlite): a warm-up, not part of a create's cost.
    await app.deps.publishingQueue.ready();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const load = await loadCreates([`http://127.0.0.1:${port}`], caller);
    return { database: bench.label, servers: 1, ...load, created: await countPosts(app, caller.userId) };
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await app.deps.jobQueue.stop(0);
    await bench.close();
  }
}

/** Two production servers, each a process of its own, on one PostgreSQL database. */
export async function runPublicApiTwoServerBenchmark(postgresServerUrl: string): Promise<ApiBenchReport> {
  const bench = await openBenchDatabase(postgresServerUrl);
  const app = await startBenchApp(bench, createAiClient(null));
  const servers: RunningServer[] = [];
  const dataDirs: string[] = [];
  try {
    const caller = await prepareCaller(app);
    for (let i = 0; i < 2; i++) {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "postwerk-api-bench-"));
      dataDirs.push(dataDir);
      servers.push(
        await startProductionServer({
          root: process.cwd(),
          port: await findFreePort(),
          dataDir,
          secret: bench.env.BETTER_AUTH_SECRET ?? "",
          databaseUrl: bench.env.DATABASE_URL,
        }),
      );
    }
    // One create each first: the servers start their queue on first use.
    for (const server of servers) await warmUp(server.baseUrl, caller);
    const load = await loadCreates(
      servers.map((server) => server.baseUrl),
      caller,
    );
    return { database: bench.label, servers: 2, ...load, created: await countPosts(app, caller.userId) };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(dataDirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
    await app.deps.jobQueue.stop(0);
    await bench.close();
  }
}

async function warmUp(baseUrl: string, caller: { key: string; accountId: string }) {
  const answer = await fetch(`${baseUrl}/api/v1/posts`, {
    method: "POST",
    headers: { authorization: `Bearer ${caller.key}`, "content-type": "application/json" },
    body: JSON.stringify({ targets: [{ accountId: caller.accountId, text: "Aufwärmen" }], when: "draft" }),
  });
  if (answer.status !== 201) throw new Error(`Aufwärmen: ${answer.status} ${await answer.text()}`);
}
