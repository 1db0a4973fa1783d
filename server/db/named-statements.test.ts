import { eq, type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTestDatabase } from "../../tests/setup/test-database.ts";
import type { Database } from "./client.ts";
import { scheduledJobs } from "./schema/scheduled-jobs.ts";

// ADR 0123: on PGlite (pglite-client.ts) and on PostgreSQL (postgres-statements.ts) a query with
// parameters is parsed and planned once per connection, not per call.

const database = withTestDatabase();

const jobNamed = (db: Database, name: string) => db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name));

/** PGlite and node-postgres both answer `execute` with `rows`; Drizzle's type does not say so. */
async function countOf(db: Database, query: SQL): Promise<number | undefined> {
  const result = (await db.execute(query)) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n;
}

describe("named statements", () => {
  it("run the same parameterised query as one prepared statement of the connection", async () => {
    const text = jobNamed(database.db, "x").toSQL().sql;
    const prepared = await database.db.transaction(async (tx) => {
      // One transaction: one connection, whose statements pg_prepared_statements lists.
      for (const name of ["a", "b", "c"]) await jobNamed(tx, name);
      return countOf(tx, sql`select count(*)::int as n from pg_prepared_statements where statement = ${text}`);
    });
    expect(prepared).toBe(1);
  });

  it("give the same rows as before, and leave queries without parameters to the simple protocol", async () => {
    await database.db.insert(scheduledJobs).values({ name: "benannt", lastRunAt: new Date("2026-11-29T10:00:00Z") });
    for (let run = 0; run < 3; run++)
      expect(await jobNamed(database.db, "benannt")).toEqual([
        expect.objectContaining({ name: "benannt", lastRunAt: new Date("2026-11-29T10:00:00Z") }),
      ]);
    expect(await countOf(database.db, sql`select count(*)::int as n from scheduled_jobs`)).toBeGreaterThanOrEqual(1);
  });
});
