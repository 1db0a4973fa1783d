import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { rateLimitCounters } from "#server/db/schema/rate-limits.ts";
import { scheduledJobs } from "#server/db/schema/scheduled-jobs.ts";
import { consumeRateLimit } from "./rate-limit.service.ts";

// ADR 0121: the counters live in an unlogged table. Counting waits for no flush to disk, and a
// crash empties the table (every window starts afresh) while committed rows elsewhere survive.
// PGlite on disk, as `npm start` runs it; a process of its own is killed with SIGKILL.

const root = fs.mkdtempSync(path.join(os.tmpdir(), "postwerk-rate-limit-crash-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const rule = { name: "crash", max: 5, windowMs: 60_000 };

/** Opens the directory in a child, counts twice and commits one logged row, then waits to be killed. */
const CHILD = `
import { openDatabase } from "#server/db/client.ts";
import { scheduledJobs } from "#server/db/schema/scheduled-jobs.ts";
import { consumeRateLimit } from "#server/features/rate-limit/rate-limit.service.ts";
const database = await openDatabase({ driver: "pglite", dataDir: process.argv[1] });
const rule = { name: "crash", max: 5, windowMs: 60_000 };
await consumeRateLimit(database.db, rule, "subject");
await consumeRateLimit(database.db, rule, "subject");
await database.db.insert(scheduledJobs).values({ name: "vor-dem-absturz", lastRunAt: new Date() });
process.stdout.write("COMMITTED\\n");
setInterval(() => {}, 60_000);
`;

async function countAndCrash(dataDir: string): Promise<void> {
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", CHILD, dataDir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  for await (const line of readline.createInterface({ input: child.stdout })) {
    if (line === "COMMITTED") break;
  }
  child.kill("SIGKILL");
  await exited;
}

describe("rate-limit counters (unlogged)", () => {
  it("count without waiting for the disk", async () => {
    const database = await openDatabase({ driver: "pglite", dataDir: path.join(root, "flush") });
    // The first commit after opening flushes what the start left in the WAL, whatever it writes.
    await consumeRateLimit(database.db, rule, "warm-up");
    const fsync = vi.spyOn(fs, "fsyncSync");
    try {
      for (let hit = 0; hit < 3; hit++) await consumeRateLimit(database.db, rule, "subject");
      expect(fsync).not.toHaveBeenCalled();
      // A write to a logged table still waits for the disk (ADR 0045).
      await database.db.insert(scheduledJobs).values({ name: "geloggt", lastRunAt: new Date() });
      expect(fsync).toHaveBeenCalled();
    } finally {
      fsync.mockRestore();
      await database.close();
    }
  });

  it("start afresh after a crash, while committed rows of other tables survive", async () => {
    const dataDir = path.join(root, "crash");
    await countAndCrash(dataDir);
    const database = await openDatabase({ driver: "pglite", dataDir });
    try {
      const jobs = await database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, "vor-dem-absturz"));
      expect(jobs).toHaveLength(1);
      expect(await database.db.$count(rateLimitCounters)).toBe(0);
      expect(await consumeRateLimit(database.db, rule, "subject")).toMatchObject({ allowed: true, remaining: 4 });
      const persistence = (await database.db.execute(
        sql`select relpersistence from pg_class where relname = 'rate_limit_counters'`,
      )) as { rows: { relpersistence: string }[] };
      expect(persistence.rows).toEqual([{ relpersistence: "u" }]);
    } finally {
      await database.close();
    }
  });
});
