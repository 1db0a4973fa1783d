import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscriptions } from "#server/db/schema/billing.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { BILLING_MESSAGES, GENERATOR_PRO_RUNS_PER_PERIOD } from "#shared/billing.ts";
import { STARTING_CREDITS } from "#shared/credits.ts";
import { setUpBillingApp } from "../../../tests/support/billing.ts";

// Generator Pro in a generation (ADR 0023): 100 runs per paid period instead of credits, and a
// plan whose stored period is over is checked with Stripe first (spec section 4).

const billing = setUpBillingApp();

const GENERATE_FORM = {
  platform: "twitter",
  keyPoints: "Zimtschnecken am Samstag",
  tone: "friendly",
  language: "german",
};

describe("Generator Pro subscriptions", () => {
  it("start Pro's allowance afresh with each paid period", async () => {
    const { cookie, userId } = await billing.newCustomer();
    const { subscriptionId } = await billing.buy(cookie, "generator_pro");
    await billing.t.db.update(subscriptions).set({ runsInPeriod: 42 }).where(eq(subscriptions.userId, userId));
    await billing.deliverAll(billing.stripe.renew(subscriptionId));
    expect((await billing.rowOf(userId, "generator_pro"))?.runsInPeriod).toBe(0);
  });

  it("count Pro's runs against the period's allowance, never the credits, and give a failed run back", async () => {
    const { cookie, userId } = await billing.newCustomer();
    await billing.buy(cookie, "generator_pro");
    const response = await billing.t.postJson("/api/generator/generate", GENERATE_FORM, cookie);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("event: done");
    expect((await billing.rowOf(userId, "generator_pro"))?.runsInPeriod).toBe(1);
    expect((await billing.profileOf(userId))?.credits).toBe(STARTING_CREDITS);
    const status = await (await billing.t.request("/api/generator/status", { cookie })).json();
    expect(status.proRunsRemaining).toBe(GENERATOR_PRO_RUNS_PER_PERIOD - 1);

    // A run that fails (the website is not allowed) gives its run back.
    const failed = await billing.t.postJson(
      "/api/generator/generate",
      { ...GENERATE_FORM, website: "http://127.0.0.1/" },
      cookie,
    );
    expect(await failed.text()).toContain("event: error");
    expect((await billing.rowOf(userId, "generator_pro"))?.runsInPeriod).toBe(1);
  });

  it("draw on the free credits once Pro's allowance is used up, then refuse with the reason", async () => {
    const { cookie, userId } = await billing.newCustomer();
    await billing.buy(cookie, "generator_pro");
    await billing.t.db
      .update(subscriptions)
      .set({ runsInPeriod: GENERATOR_PRO_RUNS_PER_PERIOD })
      .where(eq(subscriptions.userId, userId));
    await billing.t.db.update(profiles).set({ credits: 1 }).where(eq(profiles.id, userId));
    expect(await (await billing.t.postJson("/api/generator/generate", GENERATE_FORM, cookie)).text()).toContain(
      "event: done",
    );
    expect((await billing.profileOf(userId))?.credits).toBe(0);
    const status = await (await billing.t.request("/api/generator/status", { cookie })).json();
    expect(status).toMatchObject({ proRunsRemaining: 0, canGenerate: false });
    const refused = await billing.t.postJson("/api/generator/generate", GENERATE_FORM, cookie);
    expect(refused.status).toBe(402);
    expect(await refused.json()).toEqual({ error: BILLING_MESSAGES.proAllowanceUsed, code: "PRO_ALLOWANCE_USED" });
  });

  it("are checked with Stripe before a generation once the stored period is over", async () => {
    const { cookie, userId } = await billing.newCustomer();
    const { subscriptionId } = await billing.buy(cookie, "generator_pro");
    // The plan ended in Stripe, the webhook never came, and our copy's period is over.
    billing.stripe.change(subscriptionId, { status: "canceled" });
    await billing.t.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.userId, userId));
    const response = await billing.t.postJson("/api/generator/generate", GENERATE_FORM, cookie);
    expect(await response.text()).toContain("event: done");
    expect((await billing.profileOf(userId))?.subscriptionStatus).toBe("free");
    expect((await billing.profileOf(userId))?.credits).toBe(STARTING_CREDITS - 1);
  });
});
