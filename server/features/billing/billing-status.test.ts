import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { companyBillingInfo } from "#server/db/schema/billing.ts";
import { BILLING_MESSAGES } from "#shared/billing.ts";
import { setUpBillingApp } from "../../../tests/support/billing.ts";
import { PLANS_FRESH_MS } from "./billing-status.service.ts";

// The spec's subscription status check (POST /api/billing/status, section 7) and the limits on
// the routes that reach Stripe (ADR 0048).

const billing = setUpBillingApp();

describe("POST /api/billing/status (spec section 7: subscription status check)", () => {
  it("reads the plans from Stripe again", async () => {
    const { cookie, userId } = await billing.newCustomer();
    const { subscriptionId } = await billing.buy(cookie, "generator_pro");
    // Stripe ended it, but its webhook never arrived.
    billing.stripe.change(subscriptionId, { status: "canceled" });
    const { response, body } = await billing.statusOf(cookie);
    expect(response.status).toBe(200);
    expect(body.plans.generator_pro).toMatchObject({ active: false, status: "canceled" });
    expect((await billing.profileOf(userId))?.subscriptionStatus).toBe("free");
  });

  it("back from Checkout, makes the plan active from the session before any webhook, and mails once when it comes", async () => {
    const { cookie, userId, email } = await billing.newCustomer();
    const url = await billing.checkout(cookie, "generator_pro");
    const sessionId = billing.stripe.sessionOf(url).id;
    const events = billing.stripe.completeCheckout(url, {
      businessName: "Bäckerei Sonnenschein GmbH",
      vatId: "DE123456789",
      address: { line1: "Domstraße 1", postalCode: "50667", city: "Köln", country: "DE" },
    });
    const { response, body } = await billing.statusOf(cookie, { checkoutSessionId: sessionId });
    expect(response.status).toBe(200);
    expect(body.plans.generator_pro).toMatchObject({ active: true, status: "active" });
    expect((await billing.profileOf(userId))?.subscriptionStatus).toBe("active");
    const [company] = await billing.t.db.select().from(companyBillingInfo).where(eq(companyBillingInfo.userId, userId));
    expect(company).toMatchObject({ companyName: "Bäckerei Sonnenschein GmbH", vatId: "DE123456789" });
    expect(await billing.purchaseMails(email)).toHaveLength(0);

    await billing.deliverAll(events);
    expect((await billing.purchaseMails(email)).map((mail) => mail.subject)).toEqual([
      "Ihr Plan Beitragsgenerator Pro ist aktiv",
    ]);
  });

  it("takes nothing from another account's, an unpaid or an unknown Checkout session", async () => {
    const buyer = await billing.newCustomer();
    const other = await billing.newCustomer();
    const paid = await billing.checkout(buyer.cookie, "generator_pro");
    billing.stripe.completeCheckout(paid);
    const foreign = await billing.statusOf(other.cookie, { checkoutSessionId: billing.stripe.sessionOf(paid).id });
    expect(foreign.response.status).toBe(200);
    expect(foreign.body.plans.generator_pro).toBeNull();
    expect((await billing.profileOf(other.userId))?.subscriptionStatus).toBe("free");

    const open = await billing.checkout(other.cookie, "optimizer_premium");
    const unpaid = await billing.statusOf(other.cookie, { checkoutSessionId: billing.stripe.sessionOf(open).id });
    expect(unpaid.body.plans.optimizer_premium).toBeNull();
    expect((await billing.statusOf(other.cookie, { checkoutSessionId: "cs_test_unbekannt" })).response.status).toBe(
      200,
    );
    const malformed = await billing.statusOf(other.cookie, { checkoutSessionId: "../v1/customers" });
    expect(malformed.response.status).toBe(400);
    expect(malformed.body).toEqual({ error: BILLING_MESSAGES.checkoutSessionInvalid, code: "INVALID_INPUT" });
  });

  it("answers the spec's words when Stripe cannot be asked, and keeps the last known state", async () => {
    const { cookie, userId } = await billing.newCustomer();
    await billing.buy(cookie, "generator_pro");
    billing.stripe.failNext(2);
    const { response, body } = await billing.statusOf(cookie);
    expect(response.status).toBe(502);
    expect(body).toEqual({ error: "Der Abo-Status konnte nicht geprüft werden.", code: "PAYMENT_PROVIDER_FAILED" });
    expect((await billing.profileOf(userId))?.subscriptionStatus).toBe("active");
  });
});

describe("limits on the billing routes (ADR 0048)", () => {
  const stripeReads = (subscriptionId: string) =>
    billing.stripe.requests.filter((request) => request.path === `/v1/subscriptions/${subscriptionId}`).length;

  it("asks Stripe for the status at most once per 30 seconds and account, and answers from the stored state between", async () => {
    const { cookie } = await billing.newCustomer();
    const { subscriptionId } = await billing.buy(cookie, "generator_pro");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const before = stripeReads(subscriptionId);
    for (let call = 0; call < 5; call++) {
      const { response, body } = await billing.statusOf(cookie);
      expect(response.status).toBe(200);
      expect(body.plans.generator_pro).toMatchObject({ active: true });
    }
    expect(stripeReads(subscriptionId)).toBe(before + 1);
    vi.setSystemTime(Date.now() + PLANS_FRESH_MS + 1_000);
    expect((await billing.statusOf(cookie)).response.status).toBe(200);
    expect(stripeReads(subscriptionId)).toBe(before + 2);
  });

  it("asks Stripe again after a visit to the portal or Checkout, and after a failed check", async () => {
    const { cookie, userId } = await billing.newCustomer();
    const { subscriptionId } = await billing.buy(cookie, "generator_pro");
    await billing.statusOf(cookie);
    const before = stripeReads(subscriptionId);
    expect((await billing.t.postJson("/api/billing/portal", {}, cookie)).status).toBe(200);
    // Cancelled in the portal; its webhook has not arrived.
    billing.stripe.change(subscriptionId, { cancelAtPeriodEnd: true });
    expect((await billing.statusOf(cookie)).body.plans.generator_pro).toMatchObject({ cancelAtPeriodEnd: true });
    expect(stripeReads(subscriptionId)).toBe(before + 1);

    await billing.checkout(cookie, "optimizer_premium");
    await billing.statusOf(cookie);
    expect(stripeReads(subscriptionId)).toBe(before + 2);

    // A check that fails at Stripe is not taken as fresh: the next one asks again.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + PLANS_FRESH_MS + 1_000 });
    billing.stripe.failNext(2);
    expect((await billing.statusOf(cookie)).response.status).toBe(502);
    expect((await billing.statusOf(cookie)).response.status).toBe(200);
    // Two failed attempts (the SDK retries once), then the one that answered.
    expect(stripeReads(subscriptionId)).toBe(before + 5);
    expect((await billing.profileOf(userId))?.subscriptionStatus).toBe("active");
  });

  it("limit status, Checkout and portal per account with 429 in German, and 100 status calls cost Stripe one request", async () => {
    const { cookie } = await billing.newCustomer();
    const other = await billing.newCustomer();
    const { subscriptionId } = await billing.buy(cookie, "generator_pro");
    const before = billing.stripe.requests.length;
    const answers: number[] = [];
    for (let call = 0; call < 100; call++) answers.push((await billing.statusOf(cookie)).response.status);
    expect(answers.filter((status) => status === 200)).toHaveLength(30);
    expect(answers.filter((status) => status === 429)).toHaveLength(70);
    expect(billing.stripe.requests.length - before).toBe(1);
    expect(billing.stripe.requests.at(-1)?.path).toBe(`/v1/subscriptions/${subscriptionId}`);
    const limited = await billing.statusOf(cookie);
    expect(limited.body).toEqual({ error: BILLING_MESSAGES.tooManyRequests, code: "TOO_MANY_REQUESTS" });
    expect(Number(limited.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await billing.statusOf(other.cookie)).response.status).toBe(200);

    const portals: number[] = [];
    for (let call = 0; call < 11; call++)
      portals.push((await billing.t.postJson("/api/billing/portal", {}, cookie)).status);
    expect(portals.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(portals[10]).toBe(429);

    const checkouts: number[] = [];
    for (let call = 0; call < 11; call++)
      checkouts.push(
        (await billing.t.postJson("/api/billing/checkout", { plan: "optimizer_premium" }, other.cookie)).status,
      );
    expect(checkouts.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(checkouts[10]).toBe(429);
  });
});
