import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "#app/lib/api.ts";
import { GenerationError, streamGeneration } from "./generation-stream.ts";

const request = { platform: "linkedin", keyPoints: "Neue Zimtschnecken", tone: "freundlich", language: "de" } as never;

function sse(...events: object[]) {
  const text = events.map((event) => `event: ${(event as { type: string }).type}\ndata: ${JSON.stringify(event)}\n\n`);
  return new Response(text.join(""), { headers: { "Content-Type": "text/event-stream" } });
}

describe("streamGeneration", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("rejects a refused start with the server's message and code", async () => {
    vi.stubGlobal("fetch", async () =>
      Response.json({ error: "Keine Credits mehr verfügbar", code: "NO_CREDITS" }, { status: 402 }),
    );
    const refused = await streamGeneration(request, () => {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe("NO_CREDITS");
    expect((refused as ApiError).message).toBe("Keine Credits mehr verfügbar");
  });

  it("rejects a run that failed after it started with the event's German message", async () => {
    vi.stubGlobal("fetch", async () =>
      sse(
        { type: "start", creditsRemaining: 4, demo: false },
        { type: "error", message: "Zeitüberschreitung.", creditsRemaining: 5 },
      ),
    );
    await expect(streamGeneration(request, () => {})).rejects.toEqual(new GenerationError("Zeitüberschreitung."));
  });
});
