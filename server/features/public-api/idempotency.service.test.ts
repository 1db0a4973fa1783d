import { describe, expect, it } from "vitest";
import { apiIdempotency } from "#server/db/schema/public-api.ts";
import { IDEMPOTENCY_TTL_HOURS } from "#shared/public-api.ts";
import { insertUserWithProfile, withTestDatabase } from "../../../tests/setup/test-database.ts";
import { deleteExpiredIdempotency, fingerprint, runOnce, runOnceAcrossNetwork } from "./idempotency.service.ts";

// The Idempotency-Key's rules (ADR 0109) on PGlite and PostgreSQL: one run per key, replays of the
// stored answer, 409 for another body, and a key whose answer expired binds nothing any more.

const database = withTestDatabase();
const HOUR = 3_600_000;

async function claimFor(idempotencyKey: string, body: unknown) {
  const userId = await insertUserWithProfile(database.db, { credits: 0 });
  return { callerKey: `key-${userId}`, userId, idempotencyKey, requestHash: fingerprint("POST", "/posts", body) };
}

describe("runOnce", () => {
  it("runs once, replays the answer, and refuses another body under the key with 409", async () => {
    const claim = await claimFor("k-1", { text: "eins" });
    let runs = 0;
    const work = async () => ({ status: 201 as const, body: { run: ++runs } });
    expect(await runOnce(database.db, claim, work)).toEqual({ status: 201, body: { run: 1 }, replayed: false });
    expect(await runOnce(database.db, claim, work)).toEqual({ status: 201, body: { run: 1 }, replayed: true });
    const other = { ...claim, requestHash: fingerprint("POST", "/posts", { text: "zwei" }) };
    await expect(runOnce(database.db, other, work)).rejects.toMatchObject({
      code: "IDEMPOTENCY_KEY_REUSED",
      status: 409,
    });
    expect(runs).toBe(1);
  });

  it("runs again once the stored answer has expired, for the same or another body", async () => {
    const claim = await claimFor("k-2", { text: "eins" });
    const start = new Date("2026-11-28T10:00:00Z");
    let runs = 0;
    const work = async () => ({ status: 201 as const, body: { run: ++runs } });
    await runOnce(database.db, claim, work, start);
    const late = new Date(start.getTime() + (IDEMPOTENCY_TTL_HOURS + 1) * HOUR);
    const other = { ...claim, requestHash: fingerprint("POST", "/posts", { text: "zwei" }) };
    expect(await runOnce(database.db, other, work, late)).toEqual({ status: 201, body: { run: 2 }, replayed: false });
    expect(await runOnce(database.db, other, work, late)).toMatchObject({ body: { run: 2 }, replayed: true });
  });

  it("gives the key free again when the work is refused (the claim rolls back with it)", async () => {
    const claim = await claimFor("k-3", { text: "eins" });
    await expect(
      runOnce(database.db, claim, async () => {
        throw new Error("abgelehnt");
      }),
    ).rejects.toThrow("abgelehnt");
    expect(await runOnce(database.db, claim, async () => ({ status: 201, body: "jetzt" }))).toMatchObject({
      body: "jetzt",
      replayed: false,
    });
  });
});

describe("runOnceAcrossNetwork", () => {
  it("answers 409 while the first run is under way and frees the key when it fails", async () => {
    const claim = await claimFor("k-4", { keywords: "Kaffee" });
    // The work starts once the claim is committed.
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let fail: () => void = () => undefined;
    const failing = new Promise<void>((resolve) => {
      fail = resolve;
    });
    const first = runOnceAcrossNetwork(database.db, claim, async () => {
      started();
      await failing;
      throw new Error("Modell antwortet nicht");
    });
    await running;
    await expect(
      runOnceAcrossNetwork(database.db, claim, async () => ({ status: 201, body: "doppelt" })),
    ).rejects.toMatchObject({ code: "IDEMPOTENCY_IN_PROGRESS", status: 409 });
    fail();
    await expect(first).rejects.toThrow("Modell antwortet nicht");
    expect(await runOnceAcrossNetwork(database.db, claim, async () => ({ status: 201, body: "neu" }))).toMatchObject({
      body: "neu",
      replayed: false,
    });
  });
});

describe("deleteExpiredIdempotency", () => {
  it("removes only the rows whose answer has expired", async () => {
    const kept = await claimFor("k-5", { a: 1 });
    const gone = await claimFor("k-6", { a: 2 });
    const start = new Date("2026-11-28T10:00:00Z");
    await runOnce(
      database.db,
      gone,
      async () => ({ status: 201, body: 1 }),
      new Date(start.getTime() - 2 * IDEMPOTENCY_TTL_HOURS * HOUR),
    );
    await runOnce(database.db, kept, async () => ({ status: 201, body: 2 }), start);
    expect(await deleteExpiredIdempotency(database.db, new Date(start.getTime() + HOUR))).toBeGreaterThanOrEqual(1);
    const keys = (await database.db.select().from(apiIdempotency)).map((row) => row.idempotencyKey);
    expect(keys).toContain("k-5");
    expect(keys).not.toContain("k-6");
  });
});
