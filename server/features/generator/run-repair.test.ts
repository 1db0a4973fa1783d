import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "#server/db/client.ts";
import { contentGenerationLogs } from "#server/db/schema/content-generation-logs.ts";
import { createLogger } from "#server/logger.ts";
import { insertUserWithProfile, withTestDatabase } from "../../../tests/setup/test-database.ts";
import { consumeCredit, getCreditStatus, markRunArchived } from "./credits.service.ts";
import { RUN_REPAIR_AFTER_MS, repairAbandonedRuns } from "./run-repair.service.ts";

// ADR 0049: a run cut short (server killed, database away during the refund) leaves its charge
// row open; the repair sweep gives it back exactly once after the timeout, and only then.
// The clock is injected: "now" is moved past the timeout instead of waiting for it.

const database = withTestDatabase();

const logger = createLogger({ NODE_ENV: "test", LOG_LEVEL: "silent" });
const MINUTE = 60_000;
// Each test moves the fake clock further, so the scheduled job's claim is due for each of them.
let clock = Date.now() + RUN_REPAIR_AFTER_MS + MINUTE;
const laterSweep = () => {
  clock += 10 * MINUTE;
  return new Date(clock);
};

async function chargedUser(credits = 5): Promise<{ userId: string; runId: string }> {
  const userId = await insertUserWithProfile(database.db, { credits });
  const charge = await consumeCredit(database.db, userId);
  if (charge.status !== "charged") throw new Error(charge.status);
  return { userId, runId: charge.runId };
}

const creditsOf = async (userId: string) => (await getCreditStatus(database.db, userId))?.credits;
const refundRowsOf = async (userId: string) =>
  (await database.db.select().from(contentGenerationLogs).where(eq(contentGenerationLogs.userId, userId))).filter(
    (row) => row.kind === "refunded",
  );

// A database whose raw statements fail, as when PostgreSQL goes away: the refund is one.
function failingStatements(target: Database): Database {
  return new Proxy(target, {
    get(object, property) {
      if (property === "execute") return () => Promise.reject(new Error("Connection terminated unexpectedly"));
      const value = Reflect.get(object, property, object);
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}

describe("repair of abandoned runs", () => {
  it("refunds an open run older than the timeout once, even when two sweeps run at the same time", async () => {
    const { userId } = await chargedUser(5);
    expect(await creditsOf(userId)).toBe(4);
    const now = laterSweep();
    // Four repairs at once (servers whose schedules overlapped): one refund in all.
    await Promise.all(Array.from({ length: 4 }, () => repairAbandonedRuns(database.db, logger, { now })));
    expect(await creditsOf(userId)).toBe(5);
    expect(await refundRowsOf(userId)).toHaveLength(1);
    // And a later sweep finds nothing left to give back.
    await repairAbandonedRuns(database.db, logger, { now: laterSweep() });
    expect(await creditsOf(userId)).toBe(5);
  });

  it("leaves a run alone that is younger than the timeout", async () => {
    const { userId } = await chargedUser(5);
    await repairAbandonedRuns(database.db, logger, { now: new Date(Date.now() + RUN_REPAIR_AFTER_MS - MINUTE) });
    expect(await creditsOf(userId)).toBe(4);
    expect(await refundRowsOf(userId)).toEqual([]);
    // Cleaned up for the later tests' clocks: this run is given back like any other.
    await repairAbandonedRuns(database.db, logger, { now: laterSweep() });
  });

  it("leaves an archived run alone", async () => {
    const { userId, runId } = await chargedUser(5);
    expect(await markRunArchived(database.db, runId)).toBe(true);
    await repairAbandonedRuns(database.db, logger, { now: laterSweep() });
    expect(await creditsOf(userId)).toBe(4);
    expect(await refundRowsOf(userId)).toEqual([]);
  });

  it("retries a refund that failed at the next sweep", async () => {
    const { userId } = await chargedUser(5);
    const failed = await repairAbandonedRuns(failingStatements(database.db), logger, { now: laterSweep() });
    expect(failed).toEqual({ refunded: 0, failed: 1 });
    expect(await creditsOf(userId)).toBe(4);
    const retried = await repairAbandonedRuns(database.db, logger, { now: laterSweep() });
    expect(retried).toEqual({ refunded: 1, failed: 0 });
    expect(await creditsOf(userId)).toBe(5);
    expect(await refundRowsOf(userId)).toHaveLength(1);
  });
});
