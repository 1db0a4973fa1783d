import fs from "node:fs";
import net from "node:net";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { createTestApp, expectError, type TestApp } from "../../../tests/setup/test-app.ts";
import { openTestDatabase } from "../../../tests/setup/test-database.ts";

/** /readyz's answer while the database is not ready, with the German reason. */
async function expectNotReady(t: TestApp, error: string) {
  await expectError(await t.request("/readyz"), 503, "DATABASE_UNAVAILABLE", error);
}

// ADR 0045: ready means the database takes a write within a short time.
describe("/readyz", () => {
  it("answers 200 when the database takes the write check", async () => {
    const t = await createTestApp();
    try {
      const response = await t.request("/readyz");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok" });
    } finally {
      await t.close();
    }
  });

  it("answers 503 with a German reason when every write fails with 53100 (disk full)", async () => {
    const real = await openTestDatabase();
    const diskFull = Object.assign(new Error("could not extend file: No space left on device"), { code: "53100" });
    // Reads still work on a full disk; only writes fail, as with a real one.
    const db = new Proxy(real.db, {
      get(target, property, receiver) {
        if (property === "execute") {
          return () => Promise.reject(Object.assign(new Error("Failed query"), { cause: diskFull }));
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const t = await createTestApp({ database: { ...real, db } });
    try {
      await expectNotReady(t, "Datenträger der Datenbank voll (53100), Schreiben nicht möglich");
    } finally {
      await t.close();
      await real.close();
    }
  });
});

describe("/readyz on PGlite", () => {
  it("answers 503 when the data directory's disk has no room for the next WAL segment", async () => {
    const t = await createTestApp();
    // A full disk still lets the upsert through (it fits into an existing page); the free space
    // of the directory is what tells. statfs reports 3 MB free here.
    const statfs = vi.spyOn(fs, "statfsSync").mockReturnValue({ bavail: 768, bsize: 4096 } as fs.StatsFs);
    try {
      await expectNotReady(t, "Datenträger der Datenbank voll (3 MB frei)");
    } finally {
      statfs.mockRestore();
      await t.close();
    }
  });
});

describe("a frozen PostgreSQL (accepts TCP, never answers)", () => {
  const sockets = new Set<net.Socket>();
  const frozen = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => frozen.close(resolve));
  });

  it("gets 503 with a German message from /readyz and /api/contact instead of hanging", async () => {
    await new Promise<void>((resolve) => frozen.listen(0, "127.0.0.1", resolve));
    const { port } = frozen.address() as net.AddressInfo;
    const database = await openDatabase({
      driver: "postgres",
      url: `postgres://postwerk@127.0.0.1:${port}/postwerk`,
      migrate: false,
    });
    const t = await createTestApp({ database });
    try {
      await expectNotReady(t, "Datenbank antwortet nicht innerhalb von 2 s");

      const contact = await t.postJson("/api/contact", {
        name: "Anna",
        email: "anna@example.de",
        message: "Hallo, eine Frage zu den Tarifen.",
      });
      await expectError(
        contact,
        503,
        "DATABASE_UNAVAILABLE",
        "Der Dienst ist gerade nicht erreichbar (Datenbank). Bitte versuchen Sie es in einigen Minuten erneut.",
      );
    } finally {
      await t.close();
      await database.close();
    }
  });
});
