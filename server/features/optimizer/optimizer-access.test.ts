import { describe, expect, it } from "vitest";
import { resolveAiAccess } from "./optimizer-access.ts";

const now = new Date("2026-11-22T12:00:00Z");
const hoursFromNow = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
const free = { premiumStatus: null, trialStartedAt: null, trialEndsAt: null };

describe("resolveAiAccess", () => {
  it("refuses a free user who never started a trial and offers the trial", () => {
    expect(resolveAiAccess(free, now)).toEqual({
      canUseAi: false,
      via: null,
      trialEndsAt: null,
      trialAvailable: true,
      trialExpired: false,
    });
  });

  it("allows an Optimizer Premium subscriber and offers no trial", () => {
    const access = resolveAiAccess({ ...free, premiumStatus: "active" }, now);
    expect(access).toMatchObject({ canUseAi: true, via: "subscription", trialAvailable: false, trialExpired: false });
  });

  it("counts the Stripe statuses that keep a plan running (ADR 0023), and no other", () => {
    for (const status of ["active", "trialing", "past_due"]) {
      expect(resolveAiAccess({ ...free, premiumStatus: status }, now).canUseAi).toBe(true);
    }
    for (const status of ["canceled", "unpaid", "incomplete", "incomplete_expired", "paused", "", null]) {
      expect(resolveAiAccess({ ...free, premiumStatus: status }, now).canUseAi).toBe(false);
    }
  });

  it("allows a running trial until its end", () => {
    const trial = { ...free, trialStartedAt: hoursFromNow(-24), trialEndsAt: hoursFromNow(1) };
    expect(resolveAiAccess(trial, now)).toEqual({
      canUseAi: true,
      via: "trial",
      trialEndsAt: hoursFromNow(1),
      trialAvailable: false,
      trialExpired: false,
    });
  });

  it("refuses at and after the trial's end and offers no second trial", () => {
    for (const end of [now, hoursFromNow(-1), hoursFromNow(-24 * 30)]) {
      const access = resolveAiAccess({ ...free, trialStartedAt: hoursFromNow(-24 * 7), trialEndsAt: end }, now);
      expect(access).toMatchObject({ canUseAi: false, via: null, trialAvailable: false, trialExpired: true });
    }
  });

  it("prefers the subscription when a subscriber also has a running trial", () => {
    const access = resolveAiAccess(
      { premiumStatus: "active", trialStartedAt: hoursFromNow(-1), trialEndsAt: hoursFromNow(100) },
      now,
    );
    expect(access).toMatchObject({ canUseAi: true, via: "subscription", trialExpired: false });
  });
});
