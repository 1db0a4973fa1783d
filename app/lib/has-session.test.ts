import { afterEach, describe, expect, it, vi } from "vitest";
import { hasSession, SESSION_ENDPOINT } from "./has-session.ts";

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

describe("hasSession", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is true when Better Auth's endpoint answers with a session", async () => {
    const fetch = answer(200, { session: { id: "s1" }, user: { id: "u1" } });
    vi.stubGlobal("fetch", fetch);
    await expect(hasSession()).resolves.toBe(true);
    expect(fetch).toHaveBeenCalledWith(SESSION_ENDPOINT, expect.anything());
  });

  it.each([
    ["null (signed out)", answer(200, null)],
    ["an error status", answer(500, { error: "kaputt" })],
    [
      "no answer at all",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    ],
  ])("is false for %s", async (_case, fetch) => {
    vi.stubGlobal("fetch", fetch);
    await expect(hasSession()).resolves.toBe(false);
  });
});
