import crypto from "node:crypto";
import fs from "node:fs/promises";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { type Database, type DatabaseHandle, openDatabase } from "#server/db/client.ts";
import { user } from "#server/db/schema/auth.ts";
import { profiles } from "#server/db/schema/profiles.ts";

// A fresh, migrated database for one test file, so tests never share rows.
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = inject("testDatabaseUrl");
  if (!serverUrl) {
    const dumpPath = inject("pgliteDumpPath");
    if (!dumpPath) throw new Error("global-setup did not prepare a PGlite dump");
    const dump = await fs.readFile(dumpPath);
    return openDatabase({ driver: "pglite", loadDataDir: new Blob([dump]) });
  }
  const name = `postwerk_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ driver: "postgres", url: url.toString() });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** The calling file's (or describe block's) own database, open from beforeAll to afterAll: tests read `database.db`. */
export function withTestDatabase(): { readonly db: Database } {
  let handle: DatabaseHandle | null = null;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle?.close());
  return {
    get db() {
      if (!handle) throw new Error("Die Test-Datenbank ist noch nicht offen");
      return handle.db;
    },
  };
}

/** A user and profile straight in the database, for tests about SQL rather than sign-up. */
export async function insertUserWithProfile(
  db: Database,
  profile: { credits: number; subscriptionStatus?: string },
): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(user).values({ id, name: "Test", email: `${id}@example.test`, emailVerified: true });
  await db.insert(profiles).values({ id, email: `${id}@example.test`, ...profile });
  return id;
}

/** How many jobs pg-boss holds for a publication (ADR 0053); rows come back as PGlite or node-postgres gives them. */
export async function queuedJobsFor(db: Database, publicationId: string): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'publications' and data->>'publicationId' = ${publicationId}`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as { n: number }[];
  return rows[0]?.n ?? 0;
}

/**
 * One fresh PostgreSQL database with a connection pool per app server, as separate server
 * processes would have, all opened at once (so their migrations start together, as on a
 * deployment); null without TEST_DATABASE_URL (PGlite serves one process only).
 */
export async function openSharedTestDatabase(servers: number) {
  const serverUrl = inject("testDatabaseUrl");
  if (!serverUrl) return null;
  const name = `postwerk_test_${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handles = await Promise.all(
    Array.from({ length: servers }, () => openDatabase({ driver: "postgres", url: url.toString() })),
  );
  return {
    handles,
    close: async () => {
      for (const handle of handles) await handle.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminQuery(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(statement);
  await admin.end();
}
