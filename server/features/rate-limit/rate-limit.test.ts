import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { rateLimitCounters } from "#server/db/schema/rate-limits.ts";
import { CONTACT_RATE_LIMIT } from "#server/features/contact/contact.service.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { openTestDatabase } from "../../../tests/setup/test-database.ts";
import { consumeRateLimit, deleteExpiredRateLimits } from "./rate-limit.service.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const rule = { name: "test", max: 3, windowMs: 60_000 };
const start = 1_800_000_000_000;

describe("consumeRateLimit", () => {
  it("allows `max` requests per window, then refuses with the seconds until the window ends", async () => {
    for (let hit = 0; hit < 3; hit++) {
      expect(await consumeRateLimit(database.db, rule, "user-a", start + hit * 1000)).toMatchObject({ allowed: true });
    }
    expect(await consumeRateLimit(database.db, rule, "user-a", start + 15_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 45,
      remaining: 0,
      resetSeconds: 45,
    });
  });

  it("starts a new window once the old one is over", async () => {
    expect(await consumeRateLimit(database.db, rule, "user-a", start + 60_000)).toMatchObject({ allowed: true });
  });

  it("counts every subject and every rule on its own", async () => {
    expect(await consumeRateLimit(database.db, rule, "user-b", start)).toMatchObject({ allowed: true });
    expect(await consumeRateLimit(database.db, { ...rule, name: "other" }, "user-a", start)).toEqual({
      allowed: true,
      remaining: 2,
      resetSeconds: 60,
    });
  });

  it("lets no concurrent request slip through uncounted", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => consumeRateLimit(database.db, rule, "user-c", start)),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(3);
  });
});

describe("deleteExpiredRateLimits", () => {
  it("removes the counters whose window is over and keeps the running ones", async () => {
    const sweepRule = { name: "sweep", max: 1, windowMs: 60_000 };
    await consumeRateLimit(database.db, sweepRule, "old", start);
    await consumeRateLimit(database.db, sweepRule, "young", start + 50_000);
    await deleteExpiredRateLimits(database.db, start + 61_000);
    const keys = (await database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map(
      (row) => row.key,
    );
    expect(keys).toContain("sweep:young");
    expect(keys).not.toContain("sweep:old");
    // The young one still counts: its second hit is refused.
    expect((await consumeRateLimit(database.db, sweepRule, "young", start + 61_000)).allowed).toBe(false);
  });
});

describe("a limit of the app next to Better Auth's limiter", () => {
  afterEach(() => vi.useRealTimers());

  it("still refuses after Better Auth swept its own table (its window is one minute, ours ten)", async () => {
    // Date only: the database and the app keep their real timers.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start);
    const app = await createTestApp({ env: { AUTH_RATE_LIMIT: "on", TRUST_PROXY: "1" } });
    try {
      const visitor = { "x-forwarded-for": "198.51.100.7" };
      const contact = (index: number) =>
        app.request("/api/contact", {
          method: "POST",
          headers: visitor,
          body: JSON.stringify({
            name: "Erika Mustermann",
            email: `erika-${index}@example.test`,
            message: "Guten Tag, ich hätte gern ein Angebot.",
            website: "",
            fillDurationMs: 10_000,
          }),
        });
      expect((await app.request("/api/auth/get-session", { headers: visitor })).status).toBe(200);
      for (let index = 0; index < CONTACT_RATE_LIMIT.max; index++) expect((await contact(index)).status).toBe(200);
      const refused = await contact(99);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(590);

      // 65 s later Better Auth's next request from this address prunes every row older than its window.
      vi.setSystemTime(start + 65_000);
      expect((await app.request("/api/auth/get-session", { headers: visitor })).status).toBe(200);
      const stillRefused = await contact(100);
      expect(stillRefused.status).toBe(429);
      expect(Number(stillRefused.headers.get("retry-after"))).toBeGreaterThan(520);
    } finally {
      await app.close();
    }
  });
});
