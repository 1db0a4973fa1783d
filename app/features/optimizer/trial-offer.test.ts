import { describe, expect, it } from "vitest";
import { TRIAL_OFFER_DEFAULT } from "#shared/optimizer.ts";
import { trialOfferLabel } from "./trial-offer.ts";

// ADR 0101: with the trial running the optimizer no longer offers "7 Tage gratis testen".
describe("trialOfferLabel", () => {
  const base = { canUseAi: false, via: null, trialEndsAt: null, trialAvailable: false };
  it("offers the trial signed out and before it started", () => {
    expect(TRIAL_OFFER_DEFAULT).toBe("7 Tage gratis testen");
    expect(trialOfferLabel(undefined)).toBe(TRIAL_OFFER_DEFAULT);
    expect(trialOfferLabel({ ...base, trialAvailable: true })).toBe(TRIAL_OFFER_DEFAULT);
  });
  it("says until when a running trial lasts", () => {
    const running = { ...base, canUseAi: true, via: "trial", trialEndsAt: "2026-12-05T10:00:00.000Z" };
    expect(trialOfferLabel(running)).toBe("Dein Premium-Test läuft bis 05.12.2026");
  });
  it("says Premium is active, or offers to book it once the trial is used", () => {
    expect(trialOfferLabel({ ...base, canUseAi: true, via: "subscription" })).toBe("Premium ist aktiv – zum Optimizer");
    expect(trialOfferLabel({ ...base, trialEndsAt: "2026-11-01T10:00:00.000Z" })).toBe("Premium buchen");
  });
});
