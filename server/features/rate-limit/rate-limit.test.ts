import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/setup/test-database.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { consumeRateLimit } from "./rate-limit.service.ts";

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
      expect(await consumeRateLimit(database.db, rule, "user-a", start + hit * 1000)).toEqual({ allowed: true });
    }
    expect(await consumeRateLimit(database.db, rule, "user-a", start + 15_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 45,
    });
  });

  it("starts a new window once the old one is over", async () => {
    expect(await consumeRateLimit(database.db, rule, "user-a", start + 60_000)).toEqual({ allowed: true });
  });

  it("counts every subject and every rule on its own", async () => {
    expect(await consumeRateLimit(database.db, rule, "user-b", start)).toEqual({ allowed: true });
    expect(await consumeRateLimit(database.db, { ...rule, name: "other" }, "user-a", start)).toEqual({
      allowed: true,
    });
  });

  it("lets no concurrent request slip through uncounted", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => consumeRateLimit(database.db, rule, "user-c", start)),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(3);
  });
});
