import type { ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readGenerationEvents } from "#shared/generation-stream.ts";
import { aiEnvFor, FAKE_GENERATED_POSTS, type OpenAiFake, startOpenAiFake } from "../../../tests/mocks/openai.ts";
import { waitForMail } from "../../../tests/support/outbox.ts";
import { spawnServerProcess } from "../../../tests/support/server-process.ts";

// ADR 0049 end to end: the server is killed with SIGKILL while the model streams, so no code of
// the run gets to refund. Started again on the same data, the credit is still taken; the repair
// sweep (its clock moved past the timeout by the test server) gives it back, once.
// PGlite only: the server process owns its data directory, as `npm start` does.

const BASE_URL = "http://localhost:3000";
const EMAIL = "abgebrochen@example.test";

let fake: OpenAiFake;
let dataDir: string;
let child: ChildProcess | null = null;

beforeAll(async () => {
  fake = await startOpenAiFake();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "postwerk-crash-"));
});
afterAll(async () => {
  child?.kill("SIGKILL");
  await fake?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function startServer(): Promise<{ url: string; process: ChildProcess }> {
  const started = await spawnServerProcess({
    ...aiEnvFor(fake, 60_000),
    NODE_ENV: "test",
    BASE_URL,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    BETTER_AUTH_SECRET: "test-secret-that-is-long-enough-for-better-auth",
    AUTH_RATE_LIMIT: "off",
    LOG_LEVEL: "silent",
  });
  child = started.process;
  return started;
}

async function killHard(running: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => running.once("exit", resolve));
  running.kill("SIGKILL");
  await exited;
}

function call(url: string, pathname: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set("origin", BASE_URL);
  if (init.body) headers.set("content-type", "application/json");
  if (init.cookie) headers.set("cookie", init.cookie);
  return fetch(`${url}${pathname}`, { ...init, headers, redirect: "manual" });
}

async function signUp(url: string): Promise<string> {
  const response = await call(url, "/api/auth/sign-up/email", {
    method: "POST",
    body: JSON.stringify({ email: EMAIL, password: "Laterne-Zimt-42", name: "Abgebrochen", callbackURL: "/" }),
  });
  expect(response.ok).toBe(true);
  const mail = await waitForMail(dataDir, EMAIL, (m) => m.subject.includes("bestätigen"));
  const link = new URL(mail.links[0] ?? "");
  const confirmed = await call(url, `${link.pathname}${link.search}`);
  const cookie = confirmed.headers
    .getSetCookie()
    .map((header) => header.split(";")[0] ?? "")
    .find((pair) => pair.startsWith("postwerk.session_token="));
  if (!cookie) throw new Error("Keine Sitzung nach der Bestätigung");
  return cookie;
}

async function creditsOn(url: string, cookie: string): Promise<number> {
  const response = await call(url, "/api/generator/status", { cookie });
  return ((await response.json()) as { credits: number }).credits;
}

describe("a generation cut by SIGKILL", () => {
  it("gets its credit back from the repair sweep after a restart, exactly once", { timeout: 120_000 }, async () => {
    let server = await startServer();
    const cookie = await signUp(server.url);
    const before = await creditsOn(server.url, cookie);

    // A slow model: many small pieces, so the run is surely still streaming when it is killed.
    fake.script({ kind: "json", value: { posts: FAKE_GENERATED_POSTS }, chunkMs: 100, chunkSize: 2 });
    const response = await call(server.url, "/api/generator/generate", {
      method: "POST",
      cookie,
      body: JSON.stringify({ platform: "twitter", keyPoints: "Zimtschnecken", tone: "friendly", language: "german" }),
    });
    expect(response.status).toBe(200);
    const events = readGenerationEvents(response.body ?? new ReadableStream())[Symbol.asyncIterator]();
    // Killed once the first posts are on their way: the charge is made, the run is mid-stream.
    for (;;) {
      const next = await events.next();
      if (next.done) throw new Error("Stream endete vor dem ersten Fortschritt");
      expect(next.value.type).not.toBe("done");
      if (next.value.type === "progress") break;
    }
    await killHard(server.process);
    await events.return?.(undefined);

    server = await startServer();
    expect(await creditsOn(server.url, cookie)).toBe(before - 1);
    const sweeps = await Promise.all([
      call(server.url, "/__test/repair-runs", { method: "POST" }).then((answer) => answer.json()),
      call(server.url, "/__test/repair-runs", { method: "POST" }).then((answer) => answer.json()),
    ]);
    // Two repairs at once (schedules overlapping on two servers): the run comes back once.
    expect(sweeps).toContainEqual({ refunded: 1, failed: 0 });
    expect(sweeps).toContainEqual({ refunded: 0, failed: 0 });
    expect(await creditsOn(server.url, cookie)).toBe(before);
    const archive = await call(server.url, "/api/archive", { cookie });
    expect(((await archive.json()) as { total: number }).total).toBe(0);
    await killHard(server.process);
    child = null;
  });
});
