import childProcess from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import { SERVER_NODE_FLAGS } from "#server/node-flags.ts";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import * as accountSecurityTables from "./schema/account-security.ts";
import * as adminAuditTables from "./schema/admin-audit.ts";
import * as archiveTables from "./schema/archive.ts";
import * as authTables from "./schema/auth.ts";
import * as billingTables from "./schema/billing.ts";
import * as contactMessageTables from "./schema/contact-messages.ts";
import * as generationLogTables from "./schema/content-generation-logs.ts";
import * as cookieConsentTables from "./schema/cookie-consent.ts";
import * as draftTables from "./schema/drafts.ts";
import * as generatorTables from "./schema/generator.ts";
import * as oauthProviderTables from "./schema/oauth-provider.ts";
import * as optimizerAiCallTables from "./schema/optimizer-ai-calls.ts";
import * as passkeyTables from "./schema/passkeys.ts";
import * as profileTables from "./schema/profiles.ts";
import * as publicApiTables from "./schema/public-api.ts";
import * as publishingTables from "./schema/publishing.ts";
import * as queueSlotTables from "./schema/queue-slots.ts";
import * as rateLimitTables from "./schema/rate-limits.ts";
import * as scheduledJobTables from "./schema/scheduled-jobs.ts";
import * as siteSettingTables from "./schema/site-settings.ts";
import * as webhookTables from "./schema/webhooks.ts";
import { DatabaseStartError, describeDatabaseStartError } from "./start-errors.ts";
import { DB_CONNECT_TIMEOUT_MS, DB_QUERY_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS } from "./timeouts.ts";

export const schema = {
  ...accountSecurityTables,
  ...adminAuditTables,
  ...archiveTables,
  ...authTables,
  ...billingTables,
  ...contactMessageTables,
  ...cookieConsentTables,
  ...draftTables,
  ...generationLogTables,
  ...generatorTables,
  ...optimizerAiCallTables,
  ...passkeyTables,
  ...profileTables,
  ...oauthProviderTables,
  ...publicApiTables,
  ...publishingTables,
  ...queueSlotTables,
  ...rateLimitTables,
  ...scheduledJobTables,
  ...siteSettingTables,
  ...webhookTables,
};

// PGlite and node-postgres share one query builder type, so services never know which runs.
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  driver: "pglite" | "postgres";
  close: () => Promise<void>;
  /** What the publishing queue (pg-boss, ADR 0053) connects through: PGlite itself or PostgreSQL's URL. */
  queueConnection: { driver: "pglite"; pglite: PGlite } | { driver: "postgres"; url: string };
  /** PGlite only: a consistent gzipped tarball of the data directory, for `npm run backup`. */
  dumpDataDir?: () => Promise<Blob>;
};

// Postgres sizes its buffer cache and its tables per connection slot at start, and PGlite touches
// all of it in WASM memory: every MB here is resident from the first second (ADR 0029, 0122).
// 32 MB of buffers keep the archive search as fast as 48 MB did; PGlite runs one backend, so four
// connection slots (one more than the three reserved for superusers) and no WAL senders.
const PGLITE_SETTINGS = ["shared_buffers=32MB", "max_connections=4", "max_wal_senders=0"];

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

type DatabaseOptions =
  | {
      driver: "postgres";
      url: string;
      onIdleConnectionError?: (error: Error) => void;
      /** Only tests against a fake, frozen server leave it off (`server/features/health/health.test.ts`). */
      migrate?: boolean;
    }
  | {
      driver: "pglite";
      dataDir?: string;
      loadDataDir?: Blob;
      /** Only the durability bench turns it off, to measure what fsync costs (ADR 0045). */
      durable?: boolean;
      /** Only the memory bench turns it off, to measure a first start in one process (ADR 0046). */
      initializeInChild?: boolean;
    };

// Each driver is imported only when used: a server on PostgreSQL never loads PGlite's WASM, one
// on PGlite never loads node-postgres.
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === "postgres") {
    const [{ default: pg }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }, { namedStatementClient }] =
      await Promise.all([
        import("pg"),
        import("drizzle-orm/node-postgres"),
        import("drizzle-orm/node-postgres/migrator"),
        import("./postgres-statements.ts"),
      ]);
    // Migrations may take longer than any request and may wait for another server's lock:
    // they get a short-lived pool of their own, without the request timeouts (ADR 0045).
    if (options.migrate !== false) {
      const migrationPool = new pg.Pool({
        connectionString: options.url,
        max: 2,
        connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
      });
      migrationPool.on("error", (error) => options.onIdleConnectionError?.(error));
      try {
        const migrationDb = drizzlePostgres(migrationPool, { schema });
        await migrateOnce(migrationPool, () => migratePostgres(migrationDb, { migrationsFolder }));
      } finally {
        await migrationPool.end();
      }
    }
    const pool = new pg.Pool({
      connectionString: options.url,
      // Every parameterised query a named statement of its connection (ADR 0123). A connection
      // keeps its statements until it closes: after an hour it makes room for a fresh one.
      Client: namedStatementClient(pg.Client),
      maxLifetimeSeconds: 3600,
      max: 10,
      // A frozen PostgreSQL accepts TCP and never answers: without these every request would
      // hang with it (server/db/timeouts.ts, ADR 0045).
      connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
      query_timeout: DB_QUERY_TIMEOUT_MS,
      statement_timeout: DB_STATEMENT_TIMEOUT_MS,
    });
    // An idle connection that the server ends (restart, failover, DROP DATABASE … FORCE)
    // surfaces here; without a listener Node would crash. The pool drops that connection
    // and opens a new one for the next query.
    pool.on("error", (error) => options.onIdleConnectionError?.(error));
    const db = drizzlePostgres(pool, { schema });
    return {
      db,
      driver: "postgres",
      queueConnection: { driver: "postgres", url: options.url },
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir;
  let lock: ReturnType<typeof acquireDataDirLock> | undefined;
  try {
    if (dataDir) {
      // Before PGlite touches the directory: a second process on it loses writes (ADR 0045).
      lock = acquireDataDirLock(dataDir);
      fs.mkdirSync(dataDir, { recursive: true });
      // PGlite reports a read-only directory as "failed to initialize properly" or a bare errno.
      probeWritable(dataDir);
      // initdb and the first migrations leave ~500 MB in the heap that does them for good; a
      // child process does them and exits, the server opens the finished directory (ADR 0046).
      // A restore (loadDataDir) brings its own cluster: nothing to initialise.
      const fresh = !options.loadDataDir && !fs.existsSync(path.join(dataDir, "PG_VERSION"));
      if (options.initializeInChild !== false && fresh) {
        await initializeInChild(dataDir);
      }
    }
    const { client, db } = await openPglite(options);
    return {
      db,
      driver: "pglite",
      queueConnection: { driver: "pglite", pglite: client },
      dumpDataDir: () => client.dumpDataDir("gzip"),
      close: async () => {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw dataDir ? describeDatabaseStartError(error, dataDir) : error;
  }
}

/**
 * Creates and migrates a PGlite directory, then closes it. Only for the child process of
 * `initializeInChild` (server/db/pglite-initialize.ts): it takes no lock, its parent holds it.
 */
export async function initializePgliteDirectoryOfParent(dataDir: string): Promise<void> {
  const { client } = await openPglite({ dataDir });
  await client.close();
}

const initializeScript = path.join(path.dirname(fileURLToPath(import.meta.url)), "pglite-initialize.ts");

async function initializeInChild(dataDir: string): Promise<void> {
  // With the server's flags: initdb and the migrations would otherwise reach ~900 MB (ADR 0056).
  // Node runs the TypeScript itself, as for the server (ADR 0120).
  const child = childProcess.spawn(process.execPath, [...SERVER_NODE_FLAGS, initializeScript, dataDir], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", resolve);
  });
  if (code !== 0) {
    // The child prints one German line (start-errors.ts); anything else is cut to its first line.
    throw new DatabaseStartError(
      stderr.trim().split("\n")[0] || `Die Datenbank unter ${dataDir} ließ sich nicht anlegen (Exit-Code ${code}).`,
    );
  }
}

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob; durable?: boolean }) {
  const [
    { PGlite },
    { pg_trgm },
    { drizzle: drizzlePglite },
    { migrate: migratePglite },
    durability,
    { clientForDrizzle },
  ] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
    import("./pglite-durability.ts"),
    import("./pglite-client.ts"),
  ]);
  const dataDir = options.dataDir;
  const durable = dataDir !== undefined && options.durable !== false;
  const isNew = dataDir !== undefined && !fs.existsSync(path.join(dataDir, "PG_VERSION"));
  const client = await PGlite.create({
    dataDir,
    loadDataDir: options.loadDataDir,
    // Commits wait for the disk (ADR 0045); an in-memory database has no disk to wait for.
    fs: durable && dataDir ? new durability.DurableNodeFS(dataDir) : undefined,
    // The admin's e-mail search (migration 0012); PostgreSQL ships it in contrib.
    extensions: { pg_trgm },
    // Start parameters, not `postgresqlconf`: that would replace initdb's postgresql.conf.
    startParams: [
      ...(durable ? durability.durableStartParams(PGlite.defaultStartParams) : PGlite.defaultStartParams),
      ...PGLITE_SETTINGS.flatMap((setting) => ["-c", setting]),
    ],
  });
  try {
    const db = drizzlePglite(clientForDrizzle(client) as PGlite, { schema });
    await migratePglite(db, { migrationsFolder });
    if (durable && isNew && dataDir) durability.syncDirectoryTree(dataDir);
    return { client, db };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

/** Writes a PGlite data directory from a dump (`npm run restore`), with the product's extensions. */
export async function loadPgliteDump(dataDir: string, dump: Blob): Promise<void> {
  const handle = await openDatabase({ driver: "pglite", dataDir, loadDataDir: dump });
  await handle.close();
}

function probeWritable(dir: string): void {
  const probe = path.join(dir, ".postwerk-write-probe");
  fs.writeFileSync(probe, "");
  fs.rmSync(probe);
}

// Several app servers starting at once must not run the migrations side by side (docs/architecture.md): the
// first takes a session-level advisory lock, the others wait for it and then find nothing to do.
const MIGRATION_LOCK_KEY = 7_320_512_016;

async function migrateOnce(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrate();
  } finally {
    await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lock.release();
  }
}

/**
 * One prepared query per database, for the queries of every request (session, profile; ADR
 * 0029): Drizzle builds the SQL once instead of per call, and PostgreSQL plans it once per
 * connection.
 */
export function preparedPerDatabase<Query>(prepare: (db: Database) => Query): (db: Database) => Query {
  const queries = new WeakMap<Database, Query>();
  return (db) => {
    let query = queries.get(db);
    if (!query) {
      query = prepare(db);
      queries.set(db, query);
    }
    return query;
  };
}
