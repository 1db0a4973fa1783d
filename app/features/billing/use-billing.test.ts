import { afterEach, describe, expect, it, vi } from "vitest";
import { BILLING_MESSAGES } from "#shared/billing.ts";
import { refreshPlans } from "./use-billing.ts";

// /konto shows the message refreshPlans throws as a toast; it must be the server's German one.
function answer(status: number, body: unknown) {
  vi.stubGlobal("fetch", async () => Response.json(body, { status }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("refreshPlans", () => {
  it("passes on the server's German message when the status check is rate-limited", async () => {
    answer(429, { error: BILLING_MESSAGES.tooManyRequests });
    await expect(refreshPlans()).rejects.toThrow(BILLING_MESSAGES.tooManyRequests);
  });

  it("keeps the spec's words when Stripe could not be asked", async () => {
    answer(502, { error: BILLING_MESSAGES.verifyFailed });
    await expect(refreshPlans()).rejects.toThrow(BILLING_MESSAGES.verifyFailed);
  });

  it("returns the plans", async () => {
    answer(200, { plans: { generator_pro: null, optimizer_premium: null } });
    expect(await refreshPlans()).toEqual({ generator_pro: null, optimizer_premium: null });
  });
});
