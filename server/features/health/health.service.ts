import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import { databaseErrorCode } from "#server/db/database-errors.ts";
import { READINESS_TIMEOUT_MS } from "#server/db/timeouts.ts";

export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * PGlite needs room for the next WAL segment (16 MB): below that a commit that starts a new
 * segment fails with 53100, although reads, `txid_current()` and updates inside existing pages
 * still work on a full disk (measured on a full tmpfs, ADR 0045).
 */
const PGLITE_MIN_FREE_BYTES = 16 * 1024 * 1024;

/** The row the write check updates in `scheduled_jobs` (its "last run" is the last passed check). */
const WRITE_CHECK_JOB = "readiness-write-check";

/**
 * Ready means the database takes a write, within READINESS_TIMEOUT_MS (ADR 0045): a load
 * balancer then stops sending traffic to a server whose every write would fail.
 */
export async function checkReadiness(deps: Pick<AppDeps, "db" | "env">): Promise<Readiness> {
  if (!deps.env.DATABASE_URL) {
    const free = freeBytes(path.join(deps.env.DATA_DIR, "db"));
    if (free !== null && free < PGLITE_MIN_FREE_BYTES) {
      return { ready: false, reason: `Datenträger der Datenbank voll (${Math.floor(free / 1024 / 1024)} MB frei)` };
    }
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), READINESS_TIMEOUT_MS);
  });
  try {
    const outcome = await Promise.race([
      deps.db
        .execute(
          sql`insert into scheduled_jobs (name, last_run_at) values (${WRITE_CHECK_JOB}, now())
              on conflict (name) do update set last_run_at = excluded.last_run_at`,
        )
        .then(() => "written" as const),
      timeout,
    ]);
    if (outcome === "timeout") {
      return { ready: false, reason: `Datenbank antwortet nicht innerhalb von ${READINESS_TIMEOUT_MS / 1000} s` };
    }
    return { ready: true };
  } catch (error) {
    return { ready: false, reason: describeWriteFailure(databaseErrorCode(error)) };
  } finally {
    clearTimeout(timer);
  }
}

function describeWriteFailure(code: string | undefined): string {
  if (code === "53100") return "Datenträger der Datenbank voll (53100), Schreiben nicht möglich";
  if (code === "25006") return "Datenbank nimmt nur Lesezugriffe an (25006)";
  return `Datenbank nicht erreichbar oder nicht beschreibbar${code ? ` (${code})` : ""}`;
}

function freeBytes(dir: string): number | null {
  try {
    const stats = fs.statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    // No directory yet or no statfs: the write check decides.
    return null;
  }
}
