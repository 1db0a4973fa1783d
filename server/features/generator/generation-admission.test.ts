import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_BUSY_MESSAGE } from "#server/admission.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { rateLimitCounters } from "#server/db/schema/rate-limits.ts";
import { consumeRateLimit } from "#server/features/rate-limit/rate-limit.service.ts";
import type { AiClient } from "#server/integrations/ai/ai-client.ts";
import { readGenerationEvents } from "#shared/generation-stream.ts";
import { GENERATOR_MESSAGES } from "#shared/generator.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { generationsInFlight, uploadBytesInFlight } from "./generation-admission.ts";
import { GENERATOR_RATE_LIMIT } from "./generator.service.ts";

// ADR 0050: the rate limit, the two runs per account and the byte budget of the process are
// applied before the body of /api/generator/generate is read. The proof is a body that counts
// the bytes anybody pulled from it: a refused request leaves it untouched.

// A model that answers when the test says so, so a run is "in flight" as long as the test wants.
const gates: Array<() => void> = [];
const gateWatchers = new Set<() => void>();
const gatedAi: AiClient = {
  model: { provider: "openai-compatible", id: "gate" },
  supportsImages: false,
  generateStructured: () => Promise.reject(new Error("nicht gebraucht")),
  streamStructured: <T>() =>
    new Promise<T>((resolve) => {
      gates.push(() => resolve({ posts: ["Eins", "Zwei", "Drei"] } as T));
      for (const watcher of gateWatchers) watcher();
    }),
};

/** Resolves once `count` runs wait at the model: a run's answer starts before it asks the model. */
function runsAtTheModel(count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (gates.length < count) return;
      gateWatchers.delete(check);
      resolve();
    };
    gateWatchers.add(check);
    check();
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { ai: gatedAi } });
});
afterAll(() => t?.close());

let users = 0;
async function signUp() {
  const email = `zulassung-${++users}@example.test`;
  const cookie = await t.signUpAndConfirm(email);
  const [profile] = await t.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
  return { cookie, userId: profile?.id ?? "" };
}

const FORM = { platform: "twitter", keyPoints: "Zimtschnecken", tone: "friendly", language: "german" };

/** A JSON body sent in pieces, without a Content-Length, that records how much was pulled. */
function countingBody(text = JSON.stringify(FORM)) {
  const bytes = new TextEncoder().encode(text);
  const counter = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const piece = bytes.subarray(counter.pulled, counter.pulled + 1024);
        if (piece.length === 0) return controller.close();
        counter.pulled += piece.length;
        controller.enqueue(piece);
      },
    },
    { highWaterMark: 0 },
  );
  return { body, counter };
}

function generateWith(cookie: string, body: ReadableStream<Uint8Array> | string, headers: Record<string, string> = {}) {
  return t.request("/api/generator/generate", { method: "POST", body, cookie, headers, duplex: "half" } as RequestInit);
}

describe("admission to /api/generator/generate", () => {
  it("answers a rate-limited request with 429 without reading its body", async () => {
    const { cookie, userId } = await signUp();
    for (let run = 0; run < GENERATOR_RATE_LIMIT.max; run++) await consumeRateLimit(t.db, GENERATOR_RATE_LIMIT, userId);
    const { body, counter } = countingBody();
    const response = await generateWith(cookie, body);
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ error: GENERATOR_MESSAGES.tooManyRequests, code: "TOO_MANY_REQUESTS" });
    expect(counter.pulled).toBe(0);
  });

  it("answers a third run of one account with 429 without reading its body, and admits it once one ends", async () => {
    const { cookie, userId } = await signUp();
    const first = await generateWith(cookie, JSON.stringify(FORM));
    const second = await generateWith(cookie, JSON.stringify(FORM));
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(generationsInFlight.inFlight(userId)).toBe(2);

    const { body, counter } = countingBody();
    const third = await generateWith(cookie, body);
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("5");
    expect(await third.json()).toEqual({ error: GENERATOR_MESSAGES.tooManyInFlight, code: "TOO_MANY_GENERATIONS" });
    expect(counter.pulled).toBe(0);
    // Refused in memory before the rate limit (ADR 0057): the third run was not counted.
    const [counted] = await t.db
      .select({ count: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, `${GENERATOR_RATE_LIMIT.name}:${userId}`));
    expect(counted?.count).toBe(2);

    // The places are held until the run ends, not until its answer starts.
    await runsAtTheModel(2);
    for (const open of gates.splice(0)) open();
    for (const response of [first, second]) {
      const events = [];
      for await (const event of readGenerationEvents(response.body ?? new ReadableStream())) events.push(event);
      expect(events.at(-1)?.type).toBe("done");
    }
    expect(generationsInFlight.inFlight(userId)).toBe(0);
    expect(uploadBytesInFlight.reserved()).toBe(0);
  });

  it("answers 503 with Retry-After once the process holds its budget of upload bytes, without reading", async () => {
    const { cookie } = await signUp();
    // Other uploads hold all but 1 KiB of the budget; this one declares 2 KiB.
    const others = uploadBytesInFlight.tryReserve(uploadBytesInFlight.maxBytes - uploadBytesInFlight.reserved() - 1024);
    try {
      const { body, counter } = countingBody("x".repeat(2048));
      const response = await generateWith(cookie, body, { "content-length": "2048" });
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect(await response.json()).toEqual({ error: SERVER_BUSY_MESSAGE, code: "SERVER_BUSY" });
      expect(counter.pulled).toBe(0);
      // A body without a Content-Length counts as the largest allowed: refused as well.
      const chunked = countingBody();
      expect((await generateWith(cookie, chunked.body)).status).toBe(503);
      expect(chunked.counter.pulled).toBe(0);
    } finally {
      others?.();
    }
    expect(uploadBytesInFlight.reserved()).toBe(0);
  });

  it("reads an admitted body as it arrives: a GIF in a 12 MB body is refused from its first KiB (ADR 0057)", async () => {
    const { cookie, userId } = await signUp();
    const head = JSON.stringify({ ...FORM, imageData: "data:image/gif;base64,R0lGODlh" }).slice(0, -2);
    const { body, counter } = countingBody(`${head}${"A".repeat(12_000_000)}"}`);
    const response = await generateWith(cookie, body, { "content-type": "application/json" });
    expect(response.status).toBe(400);
    expect(response.headers.get("connection")).toBe("close");
    expect(await response.json()).toEqual({ error: GENERATOR_MESSAGES.imageType, code: "INVALID_INPUT" });
    expect(counter.pulled).toBeLessThan(10 * 1024);
    expect(generationsInFlight.inFlight(userId)).toBe(0);
    expect(uploadBytesInFlight.reserved()).toBe(0);
  });

  it("answers a JSON request without a body with 400, not a wait", async () => {
    const { cookie } = await signUp();
    const response = await t.request("/api/generator/generate", {
      method: "POST",
      cookie,
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "UNREADABLE_REQUEST" });
  });

  it("gives the places back when the request is refused after admission (bad input)", async () => {
    const { cookie, userId } = await signUp();
    const response = await generateWith(cookie, JSON.stringify({ ...FORM, keyPoints: "" }));
    expect(response.status).toBe(400);
    expect(generationsInFlight.inFlight(userId)).toBe(0);
    expect(uploadBytesInFlight.reserved()).toBe(0);
  });
});
