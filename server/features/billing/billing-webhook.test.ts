import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companyBillingInfo, stripeEvents, subscriptions } from "#server/db/schema/billing.ts";
import { BILLING_MESSAGES } from "#shared/billing.ts";
import { setUpBillingApp } from "../../../tests/support/billing.ts";
import { readOutbox, waitForMail } from "../../../tests/support/outbox.ts";

// The signed webhooks Stripe sends (ADR 0023): what a purchase makes active, its mails, replays
// and events out of order, failed payments and ends.

const billing = setUpBillingApp();

describe("Stripe's webhooks", () => {
  it("make Generator Pro active at once: profile 'active' with its period end, generations free", async () => {
    const { cookie, userId } = await billing.newCustomer();
    await billing.buy(cookie, "generator_pro");
    const profile = await billing.profileOf(userId);
    expect(profile?.subscriptionStatus).toBe("active");
    expect(profile?.subscriptionPeriodEnd?.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const status = await (await billing.t.request("/api/generator/status", { cookie })).json();
    expect(status).toMatchObject({ isSubscriber: true, canGenerate: true });
    const { plans } = await (await billing.t.request("/api/profile", { cookie })).json();
    expect(plans.generator_pro).toMatchObject({
      active: true,
      status: "active",
      cancelAtPeriodEnd: false,
      runsInPeriod: 0,
    });
    expect(plans.optimizer_premium).toBeNull();
  });

  it("confirm a purchase by e-mail once, however often Stripe sends the event", async () => {
    const { cookie, email } = await billing.newCustomer();
    const { events } = await billing.buy(cookie, "optimizer_premium");
    await billing.deliverAll(events);
    const mails = (await readOutbox(billing.t.dataDir)).filter(
      (mail) => mail.to.includes(email) && mail.subject === "Ihr Plan X-Post Optimizer Premium ist aktiv",
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/läuft bis \d{2}\.\d{2}\.\d{4}/);
    expect(mails[0]?.links).toContain("http://localhost:3000/konto");
  });

  it("keep the two plans apart: Pro opens no optimizer AI, Premium gives no free generations", async () => {
    const pro = await billing.newCustomer();
    await billing.buy(pro.cookie, "generator_pro");
    expect((await (await billing.t.request("/api/optimizer/access", { cookie: pro.cookie })).json()).canUseAi).toBe(
      false,
    );

    const premium = await billing.newCustomer();
    await billing.buy(premium.cookie, "optimizer_premium");
    expect((await (await billing.t.request("/api/optimizer/access", { cookie: premium.cookie })).json()).canUseAi).toBe(
      true,
    );
    expect((await billing.profileOf(premium.userId))?.subscriptionStatus).toBe("free");
  });

  it("end a running optimizer trial when Premium is bought", async () => {
    const { cookie, userId } = await billing.newCustomer();
    expect((await billing.t.postJson("/api/optimizer/trial", {}, cookie)).status).toBe(200);
    await billing.buy(cookie, "optimizer_premium");
    expect((await billing.profileOf(userId))?.trialEndsAt?.getTime()).toBeLessThanOrEqual(Date.now());
    const access = await (await billing.t.request("/api/optimizer/access", { cookie })).json();
    expect(access).toMatchObject({ canUseAi: true, via: "subscription", trialAvailable: false });
  });

  it("store the company's billing info from Checkout, and none for a private buyer", async () => {
    const company = await billing.newCustomer();
    await billing.buy(company.cookie, "generator_pro", {
      businessName: "Bäckerei Sonnenschein GmbH",
      vatId: "DE123456789",
      address: { line1: "Hafenstraße 12", postalCode: "20457", city: "Hamburg", country: "DE" },
    });
    const [info] = await billing.t.db
      .select()
      .from(companyBillingInfo)
      .where(eq(companyBillingInfo.userId, company.userId));
    expect(info).toMatchObject({
      companyName: "Bäckerei Sonnenschein GmbH",
      street: "Hafenstraße 12",
      postalCode: "20457",
      city: "Hamburg",
      country: "DE",
      vatId: "DE123456789",
    });
    const profile = await (await billing.t.request("/api/profile", { cookie: company.cookie })).json();
    expect(profile.billing).toMatchObject({ companyName: "Bäckerei Sonnenschein GmbH", vatId: "DE123456789" });

    const privateBuyer = await billing.newCustomer();
    await billing.buy(privateBuyer.cookie, "generator_pro");
    expect(
      await billing.t.db.select().from(companyBillingInfo).where(eq(companyBillingInfo.userId, privateBuyer.userId)),
    ).toHaveLength(0);
  });

  it("refuse a bad or missing signature with 400 and change nothing", async () => {
    const { cookie, userId } = await billing.newCustomer();
    const [completed] = billing.stripe.completeCheckout(await billing.checkout(cookie, "generator_pro"));
    if (!completed) throw new Error("kein Ereignis");
    const forged = await billing.deliver(
      completed,
      completed.signature.replace(/v1=[0-9a-f]+/, `v1=${"0".repeat(64)}`),
    );
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ error: BILLING_MESSAGES.webhookInvalid, code: "INVALID_SIGNATURE" });
    expect((await billing.deliver(completed, null)).status).toBe(400);
    expect(
      (await billing.deliver({ ...completed, payload: completed.payload.replace("complete", "expired") })).status,
    ).toBe(400);
    expect((await billing.profileOf(userId))?.subscriptionStatus).toBe("free");
    expect(await billing.rowOf(userId, "generator_pro")).toBeUndefined();
  });

  it("process each event once: a replay changes nothing", async () => {
    const { cookie, userId } = await billing.newCustomer();
    const { events } = await billing.buy(cookie, "generator_pro");
    await billing.t.db.update(subscriptions).set({ runsInPeriod: 7 }).where(eq(subscriptions.userId, userId));
    await billing.deliverAll(events);
    expect((await billing.rowOf(userId, "generator_pro"))?.runsInPeriod).toBe(7);
    const stored = await billing.t.db.select().from(stripeEvents);
    expect(stored.filter((row) => events.some((event) => event.id === row.id))).toHaveLength(events.length);
  });

  it("end in Stripe's state whatever the order: an old subscription's late end never replaces a newer one", async () => {
    const { cookie, userId } = await billing.newCustomer();
    const first = await billing.buy(cookie, "generator_pro");
    // The customer cancels at once and buys again; the first subscription's deletion arrives last.
    const ended = billing.stripe.change(first.subscriptionId, { status: "canceled" });
    await billing.t.db.update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.userId, userId));
    const second = await billing.buy(cookie, "generator_pro");
    expect(second.subscriptionId).not.toBe(first.subscriptionId);
    await billing.deliverAll([ended]);
    expect((await billing.rowOf(userId, "generator_pro"))?.stripeSubscriptionId).toBe(second.subscriptionId);
    expect((await billing.profileOf(userId))?.subscriptionStatus).toBe("active");
  });

  it("read the subscription from Stripe rather than trusting the event: a stale 'updated' after the end", async () => {
    const { cookie, userId } = await billing.newCustomer();
    const { subscriptionId } = await billing.buy(cookie, "generator_pro");
    const staleActive = billing.stripe.change(subscriptionId, { cancelAtPeriodEnd: true });
    const deleted = billing.stripe.change(subscriptionId, { status: "canceled" });
    await billing.deliverAll([deleted, staleActive]);
    expect((await billing.rowOf(userId, "generator_pro"))?.status).toBe("canceled");
    expect((await billing.profileOf(userId))?.subscriptionStatus).toBe("free");
  });

  it("keep access while a payment has failed (past_due), say so by e-mail, until Stripe gives up", async () => {
    const { cookie, userId, email } = await billing.newCustomer();
    const { subscriptionId } = await billing.buy(cookie, "generator_pro");
    await billing.deliverAll(billing.stripe.paymentFailed(subscriptionId));
    expect((await billing.rowOf(userId, "generator_pro"))?.status).toBe("past_due");
    const notice = await waitForMail(
      billing.t.dataDir,
      email,
      (m) => m.subject === "Zahlung für Beitragsgenerator Pro fehlgeschlagen",
    );
    expect(notice.text).toContain("Ihr Plan bleibt vorerst nutzbar");
    expect((await billing.profileOf(userId))?.subscriptionStatus).toBe("active");
    await billing.deliverAll([billing.stripe.change(subscriptionId, { status: "unpaid" })]);
    expect((await billing.profileOf(userId))?.subscriptionStatus).toBe("free");
  });

  it("keep a plan cancelled at the period's end until it ends, then fall back to free", async () => {
    const { cookie, userId } = await billing.newCustomer();
    const { subscriptionId } = await billing.buy(cookie, "generator_pro");
    await billing.deliverAll([billing.stripe.change(subscriptionId, { cancelAtPeriodEnd: true })]);
    expect(await billing.rowOf(userId, "generator_pro")).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect((await billing.profileOf(userId))?.subscriptionStatus).toBe("active");
    await billing.deliverAll([billing.stripe.change(subscriptionId, { status: "canceled" })]);
    expect((await billing.profileOf(userId))?.subscriptionStatus).toBe("free");
    expect((await billing.profileOf(userId))?.subscriptionPeriodEnd).toBeNull();
  });
  it("keep a subscriber whose price is no longer configured: the plan written at checkout names it", async () => {
    const { cookie, userId } = await billing.newCustomer();
    const { subscriptionId } = await billing.buy(cookie, "generator_pro");
    const subscription = billing.stripe.subscription(subscriptionId);
    if (subscription) subscription.price = "price_retired";
    await billing.deliverAll([billing.stripe.change(subscriptionId, { status: "canceled" })]);
    expect((await billing.rowOf(userId, "generator_pro"))?.status).toBe("canceled");
    expect((await billing.profileOf(userId))?.subscriptionStatus).toBe("free");
  });

  it("acknowledge events Postwerk does not need without changing anything", async () => {
    expect((await billing.deliver(billing.stripe.otherEvent())).status).toBe(200);
  });
});
