import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { createApp } from "#server/app.ts";
import { connectDatabase, createDeps } from "#server/bootstrap.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { user } from "#server/db/schema/auth.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { type Env, readEnv } from "#server/env.ts";
import { loadPageDocuments } from "#server/features/pages/page-documents.ts";
import type { AiClient } from "#server/integrations/ai/ai-client.ts";
import { createLogger } from "#server/logger.ts";
import { SUBSCRIPTION_ACTIVE } from "#shared/credits.ts";

// The real product for the server benchmarks, built from server/ modules the way
// server/main.ts builds it (bench/ does not import tests/: only tests may, docs/design.md import rule 5).
// Each benchmark gets a fresh temporary DATA_DIR and a fresh, migrated database: PGlite on
// disk as `npm start` runs it, or, with a server URL (BENCH_DATABASE_URL), a temporary
// PostgreSQL database on that server, dropped afterwards.

export const BENCH_BASE_URL = "http://localhost:3000";
export const BENCH_PASSWORD = "bench-passwort-123";

type BenchDatabase = {
  label: "PGlite" | "PostgreSQL";
  env: Env;
  database: DatabaseHandle;
  /** Closes the connection and keeps the data, for a server process that opens it itself (PGlite has one owner). */
  release: () => Promise<void>;
  close: () => Promise<void>;
};

export async function openBenchDatabase(
  postgresServerUrl?: string,
  envOverrides: Record<string, string> = {},
): Promise<BenchDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "postwerk-bench-"));
  const temporary = postgresServerUrl ? await createTemporaryPostgresDatabase(postgresServerUrl) : null;
  const env = readEnv({
    // Production settings, so nothing runs that only development or tests switch on.
    NODE_ENV: "production",
    BASE_URL: BENCH_BASE_URL,
    DATA_DIR: dataDir,
    DATABASE_URL: temporary?.url,
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
    // Every sign-up comes from one address here; the limiter is not what we measure.
    AUTH_RATE_LIMIT: "off",
    // A log line per request would measure the terminal, not the server.
    LOG_LEVEL: "silent",
    ...envOverrides,
  });
  const removeTemporaries = async () => {
    await temporary?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  const database = await connectDatabase(env).catch(async (error: unknown) => {
    await removeTemporaries();
    throw error;
  });
  let released = false;
  return {
    label: temporary ? "PostgreSQL" : "PGlite",
    env,
    database,
    release: async () => {
      released = true;
      await database.close();
    },
    close: async () => {
      if (!released) await database.close();
      await removeTemporaries();
    },
  };
}

async function createTemporaryPostgresDatabase(serverUrl: string) {
  const name = `postwerk_bench_${crypto.randomBytes(6).toString("hex")}`;
  await runAdminStatement(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runAdminStatement(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function runAdminStatement(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export type BenchApp = Awaited<ReturnType<typeof startBenchApp>>;

/** createDeps + createApp on the bench database, with `ai` in place of the configured provider. */
export async function startBenchApp(bench: BenchDatabase, ai: AiClient) {
  const { env, database } = bench;
  // No front-end build needed: the API is what we measure, pages answer "not built". The
  // folder exists only so that serveStatic does not warn about it.
  const clientDir = path.join(env.DATA_DIR, "no-client-build");
  await fs.mkdir(clientDir, { recursive: true });
  const deps = await createDeps({
    env,
    database,
    logger: createLogger(env),
    pages: loadPageDocuments(clientDir),
    overrides: { ai },
  });
  const app = createApp(deps, clientDir);

  // What a browser on our origin sends.
  function postJson(pathname: string, body: unknown, cookie?: string) {
    const headers = new Headers({
      origin: BENCH_BASE_URL,
      "content-type": "application/json",
      accept: "text/event-stream, application/json",
      "accept-encoding": "gzip, deflate, br",
    });
    if (cookie) headers.set("cookie", cookie);
    return app.request(pathname, { method: "POST", headers, body: JSON.stringify(body) });
  }

  /**
   * A real account through the real sign-up and sign-in routes, Pro unless `plan.credits`
   * makes it a free account with that many credits. The confirmation mail's link is not under
   * test, so the address is marked confirmed directly. Returns the session cookie.
   */
  async function signUpUser(email: string, plan: { credits?: number } = {}): Promise<string> {
    const signUp = await postJson("/api/auth/sign-up/email", { email, password: BENCH_PASSWORD, name: "Bench" });
    if (!signUp.ok) throw new Error(`Registrierung fehlgeschlagen: ${signUp.status} ${await signUp.text()}`);
    await deps.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    await deps.db
      .update(profiles)
      .set(plan.credits === undefined ? { subscriptionStatus: SUBSCRIPTION_ACTIVE } : { credits: plan.credits })
      .where(eq(profiles.email, email));
    const signIn = await postJson("/api/auth/sign-in/email", { email, password: BENCH_PASSWORD });
    const cookie = signIn.headers
      .getSetCookie()
      .map((header) => header.split(";")[0] ?? "")
      .find((pair) => pair.startsWith("postwerk.session_token="));
    if (!cookie) throw new Error(`Anmeldung fehlgeschlagen: ${signIn.status} ${await signIn.text()}`);
    return cookie;
  }

  return { app, deps, postJson, signUpUser };
}

export function percentile(sortedValues: number[], share: number): number {
  return sortedValues[Math.min(sortedValues.length - 1, Math.floor(sortedValues.length * share))] ?? Number.NaN;
}

export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}
