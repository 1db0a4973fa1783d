import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "#server/db/client.ts";

// What durable commits on PGlite cost (ADR 0045): the same single-row commits with fsync as the
// server runs them, and without (PGlite's default, which loses acknowledged commits on power
// loss). A report, not a test. The directory decides the figures: BENCH_DIR points it at the
// disk the data will live on (default: the system's temporary directory).
export const DURABILITY_COMMITS = 300;

export type DurabilityFigures = { durable: boolean; openMs: number; medianMs: number; p95Ms: number; totalMs: number };

export async function runDurabilityBenchmark(baseDir: string = os.tmpdir()): Promise<DurabilityFigures[]> {
  const root = fs.mkdtempSync(path.join(baseDir, "postwerk-durability-"));
  try {
    const figures: DurabilityFigures[] = [];
    for (const durable of [true, false]) {
      const opening = performance.now();
      const database = await openDatabase({
        driver: "pglite",
        dataDir: path.join(root, String(durable)),
        durable,
        // Both first starts in this process, so they differ only in fsync.
        initializeInChild: false,
      });
      const openMs = performance.now() - opening;
      try {
        const durations = new Float64Array(DURABILITY_COMMITS);
        const started = performance.now();
        for (let i = 0; i < DURABILITY_COMMITS; i++) {
          const commit = performance.now();
          await database.db.execute(
            sql`insert into scheduled_jobs (name, last_run_at) values (${`bench-${i % 10}`}, now())
                on conflict (name) do update set last_run_at = excluded.last_run_at`,
          );
          durations[i] = performance.now() - commit;
        }
        const totalMs = performance.now() - started;
        durations.sort();
        figures.push({
          durable,
          openMs,
          totalMs,
          medianMs: durations[Math.floor(DURABILITY_COMMITS / 2)] ?? Number.NaN,
          p95Ms: durations[Math.floor(DURABILITY_COMMITS * 0.95)] ?? Number.NaN,
        });
      } finally {
        await database.close();
      }
    }
    return figures;
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
