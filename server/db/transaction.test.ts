import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTestDatabase } from "../../tests/setup/test-database.ts";
import { scheduledJobs } from "./schema/scheduled-jobs.ts";
import { inTransaction } from "./transaction.ts";

const database = withTestDatabase();

const jobNamed = (name: string) => database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name));

describe("inTransaction", () => {
  it("works in the caller's transaction, without a savepoint of its own", async () => {
    await database.db
      .transaction(async (tx) => {
        await inTransaction(tx, async (inner) => {
          expect(inner).toBe(tx);
          await inner.insert(scheduledJobs).values({ name: "innen", lastRunAt: new Date() });
        });
        throw new Error("der Aufrufer bricht ab");
      })
      .catch(() => {});
    // The work's row went with the caller's rollback.
    expect(await jobNamed("innen")).toEqual([]);
  });

  it("opens a transaction of its own outside one, which a failure rolls back", async () => {
    await expect(
      inTransaction(database.db, async (tx) => {
        await tx.insert(scheduledJobs).values({ name: "allein", lastRunAt: new Date() });
        throw new Error("die Arbeit scheitert");
      }),
    ).rejects.toThrow("die Arbeit scheitert");
    expect(await jobNamed("allein")).toEqual([]);
    await inTransaction(database.db, (tx) =>
      tx.insert(scheduledJobs).values({ name: "fertig", lastRunAt: new Date() }),
    );
    expect(await jobNamed("fertig")).toHaveLength(1);
  });
});
