import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contentGenerationLogs } from "#server/db/schema/content-generation-logs.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { insertUserWithProfile, withTestDatabase } from "../../../tests/setup/test-database.ts";
import { consumeCredit, getCreditStatus, markRunArchived, refundRun } from "./credits.service.ts";

const database = withTestDatabase();

// These tests are about SQL, not sign-up.
const createUser = (credits: number, subscriptionStatus = "free") =>
  insertUserWithProfile(database.db, { credits, subscriptionStatus });

const logsOf = (userId: string) =>
  database.db
    .select({
      creditsRemaining: contentGenerationLogs.creditsRemaining,
      subscriptionStatus: contentGenerationLogs.subscriptionStatus,
    })
    .from(contentGenerationLogs)
    .where(eq(contentGenerationLogs.userId, userId))
    .orderBy(asc(contentGenerationLogs.creditsRemaining));

describe("consumeCredit", () => {
  it("takes one credit from a free user, stamps last_credit_update and writes a log row", async () => {
    const userId = await createUser(3);
    const before = Date.now();
    expect(await consumeCredit(database.db, userId)).toEqual({
      status: "charged",
      creditsRemaining: 2,
      runId: expect.any(String),
    });
    const status = await getCreditStatus(database.db, userId);
    expect(status?.credits).toBe(2);
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(profile?.lastCreditUpdate?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await logsOf(userId)).toEqual([{ creditsRemaining: 2, subscriptionStatus: "free" }]);
  });

  it("never charges an active subscriber and writes no log row", async () => {
    const userId = await createUser(5, "active");
    expect(await consumeCredit(database.db, userId)).toEqual({ status: "notNeeded", subscriptionStatus: "active" });
    expect((await getCreditStatus(database.db, userId))?.credits).toBe(5);
    expect(await logsOf(userId)).toEqual([]);
  });

  it("charges a user whose subscription is no longer active", async () => {
    const userId = await createUser(1, "canceled");
    expect(await consumeCredit(database.db, userId)).toEqual({
      status: "charged",
      creditsRemaining: 0,
      runId: expect.any(String),
    });
    expect(await logsOf(userId)).toEqual([{ creditsRemaining: 0, subscriptionStatus: "canceled" }]);
  });

  it("refuses a free user at 0 credits without changing anything", async () => {
    const userId = await createUser(0);
    expect(await consumeCredit(database.db, userId)).toEqual({ status: "noCredits", creditsRemaining: 0 });
    expect((await getCreditStatus(database.db, userId))?.credits).toBe(0);
    expect(await logsOf(userId)).toEqual([]);
  });

  it("says when there is no profile", async () => {
    expect(await consumeCredit(database.db, "no-such-user")).toEqual({ status: "profileNotFound" });
  });

  it("lets exactly 3 of 20 concurrent requests through for a user with 3 credits", async () => {
    const userId = await createUser(3);
    const results = await Promise.all(Array.from({ length: 20 }, () => consumeCredit(database.db, userId)));
    const charged = results.filter((result) => result.status === "charged");
    expect(charged).toHaveLength(3);
    expect(charged.map((result) => result.status === "charged" && result.creditsRemaining).sort()).toEqual([0, 1, 2]);
    expect(results.filter((result) => result.status === "noCredits")).toHaveLength(17);
    expect((await getCreditStatus(database.db, userId))?.credits).toBe(0);
    // One log row per change, and they add up: 3 start credits, three charges, 0 left.
    expect((await logsOf(userId)).map((row) => row.creditsRemaining)).toEqual([0, 1, 2]);
  });
});

async function charge(userId: string): Promise<string> {
  const result = await consumeCredit(database.db, userId);
  if (result.status !== "charged") throw new Error(`nicht abgebucht: ${result.status}`);
  return result.runId;
}

describe("refundRun", () => {
  it("adds one credit back and writes a log row with status and balance", async () => {
    const userId = await createUser(1);
    const runId = await charge(userId);
    expect(await refundRun(database.db, runId)).toEqual({ refunded: true, kind: "charged", creditsRemaining: 1 });
    expect((await getCreditStatus(database.db, userId))?.credits).toBe(1);
    expect(await logsOf(userId)).toEqual([
      { creditsRemaining: 0, subscriptionStatus: "free" },
      { creditsRemaining: 1, subscriptionStatus: "free" },
    ]);
  });

  it("gives a run back exactly once, however many try at the same time (ADR 0049)", async () => {
    const userId = await createUser(1);
    const runId = await charge(userId);
    const results = await Promise.all(Array.from({ length: 5 }, () => refundRun(database.db, runId)));
    expect(results.filter((result) => result.refunded)).toHaveLength(1);
    expect((await getCreditStatus(database.db, userId))?.credits).toBe(1);
    expect(await logsOf(userId)).toHaveLength(2);
  });

  it("gives nothing back for an archived run", async () => {
    const userId = await createUser(1);
    const runId = await charge(userId);
    expect(await markRunArchived(database.db, runId)).toBe(true);
    expect(await refundRun(database.db, runId)).toEqual({ refunded: false });
    expect((await getCreditStatus(database.db, userId))?.credits).toBe(0);
  });

  it("gives nothing back for an unknown run", async () => {
    expect(await refundRun(database.db, crypto.randomUUID())).toEqual({ refunded: false });
  });

  it("keeps the balance right when charges and refunds interleave", async () => {
    const userId = await createUser(8);
    const runs = await Promise.all(Array.from({ length: 3 }, () => charge(userId)));
    await Promise.all([
      ...Array.from({ length: 5 }, () => consumeCredit(database.db, userId)),
      ...runs.map((runId) => refundRun(database.db, runId)),
    ]);
    // 8 - 3 - 5 + 3 = 3 in any order, one log row per change.
    expect((await getCreditStatus(database.db, userId))?.credits).toBe(3);
    expect(await logsOf(userId)).toHaveLength(11);
  });
});
