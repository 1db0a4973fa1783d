import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Logger } from "./logger.ts";
import { backgroundDrainMs, createShutdown, shutdownGraceMs } from "./shutdown.ts";

// ADR 0047: the parts of a shutdown a real process cannot show without waiting for the grace
// period; the process itself is tested in shutdown.test.ts.

function setUp({ drain = new Promise<void>(() => {}), closeDatabase = () => Promise.resolve() } = {}) {
  const logged: Array<{ level: "info" | "error"; msg: string; fields: unknown }> = [];
  const logger = {
    info: (fields: unknown, msg?: string) =>
      logged.push({ level: "info", msg: msg ?? String(fields), fields: msg ? fields : {} }),
    error: (fields: unknown, msg?: string) =>
      logged.push({ level: "error", msg: msg ?? String(fields), fields: msg ? fields : {} }),
  } as unknown as Logger;
  const exits: number[] = [];
  let exited: (code: number) => void = () => {};
  const firstExit = new Promise<number>((resolve) => {
    exited = resolve;
  });
  const closeDatabaseSpy = vi.fn(closeDatabase);
  const shutDown = createShutdown({
    http: { drain: () => drain, inFlight: 1 },
    graceMs: 45_000,
    stopBackgroundWork: () => Promise.resolve(),
    closeDatabase: closeDatabaseSpy,
    logger,
    exit: (code) => {
      exits.push(code);
      exited(code);
    },
  });
  return { shutDown, logged, exits, firstExit, closeDatabase: closeDatabaseSpy };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("shutdown", () => {
  it("waits the AI timeout plus a margin, or the network calls in flight and their recording if longer", () => {
    const networks = { timeoutMs: 5_000 };
    expect(shutdownGraceMs({ ai: null, networks })).toBe(15_000);
    expect(
      shutdownGraceMs({
        ai: { provider: "openai", model: "m", apiKey: "k", baseUrl: undefined, timeoutMs: 30_000 },
        networks,
      }),
    ).toBe(45_000);
    // ADR 0076: a post in flight may finish within NETWORK_TIMEOUT_MS, not a fixed 5 s.
    expect(backgroundDrainMs({ networks: { timeoutMs: 30_000 } })).toBe(35_000);
    expect(shutdownGraceMs({ ai: null, networks: { timeoutMs: 30_000 } })).toBe(40_000);
  });

  it("exits with 1 and a German line when the grace period runs out, without closing the database", async () => {
    const { shutDown, logged, exits, closeDatabase } = setUp();
    shutDown("SIGTERM");
    await vi.advanceTimersByTimeAsync(44_999);
    expect(exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(exits).toEqual([1]);
    expect(logged.at(-1)).toEqual({
      level: "error",
      msg: "Frist zum Herunterfahren abgelaufen, breche offene Anfragen ab",
      fields: { graceMs: 45_000, openRequests: 1 },
    });
    expect(closeDatabase).not.toHaveBeenCalled();
  });

  it("closes the database after the drain and exits with 0, and the grace timer no longer fires", async () => {
    const { shutDown, logged, exits, firstExit, closeDatabase } = setUp({ drain: Promise.resolve() });
    shutDown("SIGTERM");
    expect(await firstExit).toBe(0);
    expect(closeDatabase).toHaveBeenCalledOnce();
    expect(logged.map((entry) => entry.msg)).toEqual(["Fahre herunter", "Beendet"]);
    await vi.runAllTimersAsync();
    expect(exits).toEqual([0]);
  });

  it("exits with 1 when the database does not close", async () => {
    const { shutDown, logged, firstExit } = setUp({
      drain: Promise.resolve(),
      closeDatabase: () => Promise.reject(new Error("kaputt")),
    });
    shutDown("SIGTERM");
    expect(await firstExit).toBe(1);
    expect(logged.at(-1)?.msg).toBe("Datenbank beim Herunterfahren nicht sauber geschlossen");
  });
});
