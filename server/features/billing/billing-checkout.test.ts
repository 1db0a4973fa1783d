import { describe, expect, it } from "vitest";
import { BILLING_MESSAGES } from "#shared/billing.ts";
import { createTestApp } from "../../../tests/setup/test-app.ts";
import { setUpBillingApp } from "../../../tests/support/billing.ts";

// Buying and managing a plan (ADR 0023): Stripe Checkout, one open Checkout per account and plan
// (ADR 0048), the customer portal, and an installation without payments.

const billing = setUpBillingApp();

const checkoutsCreated = () =>
  billing.stripe.requests.filter((request) => request.method === "POST" && request.path === "/v1/checkout/sessions")
    .length;

describe("POST /api/billing/checkout", () => {
  it("answers 401 without a session and 400 for an unknown plan", async () => {
    const anonymous = await billing.t.postJson("/api/billing/checkout", { plan: "generator_pro" });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "Sie müssen angemeldet sein", code: "NOT_SIGNED_IN" });
    const { cookie } = await billing.newCustomer();
    const wrong = await billing.t.postJson("/api/billing/checkout", { plan: "gold" }, cookie);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: BILLING_MESSAGES.planInvalid, code: "INVALID_INPUT" });
  });

  it("opens Stripe Checkout in German for a subscription, with address and VAT id, and one customer per account", async () => {
    const { cookie, userId, email } = await billing.newCustomer();
    const before = billing.stripe.requests.filter((request) => request.path === "/v1/customers").length;
    const url = await billing.checkout(cookie, "generator_pro");
    await billing.checkout(cookie, "optimizer_premium");
    expect(billing.stripe.requests.filter((request) => request.path === "/v1/customers").length).toBe(before + 1);
    const created = billing.stripe.requests
      .filter((request) => request.method === "POST" && request.path === "/v1/checkout/sessions")
      .at(-2)?.body;
    expect(Object.fromEntries(created ?? [])).toMatchObject({
      mode: "subscription",
      locale: "de",
      client_reference_id: userId,
      "line_items[0][price]": billing.stripe.env.STRIPE_PRICE_GENERATOR_PRO,
      billing_address_collection: "required",
      "tax_id_collection[enabled]": "true",
      success_url: "http://localhost:3000/konto?kauf=generator_pro&session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3000/preise",
    });
    expect(url).toContain(billing.stripe.url);
    const customer = billing.stripe.requests.find(
      (request) => request.path === "/v1/customers" && request.body.get("email") === email,
    );
    expect(customer?.body.get("metadata[userId]")).toBe(userId);
  });

  it("answers 502 in German when Stripe cannot open Checkout", async () => {
    const { cookie } = await billing.newCustomer();
    billing.stripe.failNext(2);
    const response = await billing.t.postJson("/api/billing/checkout", { plan: "generator_pro" }, cookie);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: BILLING_MESSAGES.checkoutFailed, code: "PAYMENT_PROVIDER_FAILED" });
  });

  it("refuses a plan the account already has", async () => {
    const { cookie } = await billing.newCustomer();
    await billing.buy(cookie, "generator_pro");
    const again = await billing.t.postJson("/api/billing/checkout", { plan: "generator_pro" }, cookie);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: BILLING_MESSAGES.alreadySubscribed, code: "ALREADY_SUBSCRIBED" });
  });

  it("hands out the open Checkout of a plan again instead of a second one, and expires older open ones", async () => {
    const { cookie } = await billing.newCustomer();
    const before = checkoutsCreated();
    const first = await billing.checkout(cookie, "generator_pro");
    expect(await billing.checkout(cookie, "generator_pro")).toBe(first);
    expect(checkoutsCreated()).toBe(before + 1);
    // Another plan is another purchase.
    expect(await billing.checkout(cookie, "optimizer_premium")).not.toBe(first);

    // Two open ones (two requests at the same moment): the newest is handed out, the older expires.
    const newer = billing.stripe.duplicateSession(first);
    expect(await billing.checkout(cookie, "generator_pro")).toBe(newer);
    expect(billing.stripe.sessionStatus(first)).toBe("expired");
    expect(() => billing.stripe.completeCheckout(first)).toThrow();
  });
});

describe("POST /api/billing/portal", () => {
  it("opens the customer portal only while a subscription runs", async () => {
    const { cookie } = await billing.newCustomer();
    const before = await billing.t.postJson("/api/billing/portal", {}, cookie);
    expect(before.status).toBe(404);
    expect(await before.json()).toEqual({ error: BILLING_MESSAGES.noSubscription, code: "NO_SUBSCRIPTION" });
    await billing.buy(cookie, "optimizer_premium");
    const portal = await billing.t.postJson("/api/billing/portal", {}, cookie);
    expect(portal.status).toBe(200);
    expect((await portal.json()).url).toMatch(new RegExp(`^${billing.stripe.url}/portal/cus_`));
  });

  it("logs a portal session without URL and tells the customer the spec's words", async () => {
    const { cookie } = await billing.newCustomer();
    await billing.buy(cookie, "optimizer_premium");
    billing.stripe.portalWithoutUrlNext(1);
    const portal = await billing.t.postJson("/api/billing/portal", {}, cookie);
    expect(portal.status).toBe(502);
    expect(await portal.json()).toEqual({ error: BILLING_MESSAGES.portalFailed, code: "PAYMENT_PROVIDER_FAILED" });
  });
});

describe("without STRIPE_SECRET_KEY", () => {
  it("says payments are off, and its webhook takes nothing", async () => {
    const plain = await createTestApp();
    try {
      expect((await (await plain.request("/api/config")).json()).payments).toBe(false);
      const cookie = await plain.signUpAndConfirm("ohne-stripe@example.test");
      const refused = await plain.postJson("/api/billing/checkout", { plan: "generator_pro" }, cookie);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ error: BILLING_MESSAGES.paymentsDisabled, code: "PAYMENTS_DISABLED" });
      const webhook = await plain.app.request("/api/billing/webhook", { method: "POST", body: "{}" });
      expect(webhook.status).toBe(404);
      expect(await webhook.json()).toEqual({ error: BILLING_MESSAGES.paymentsDisabled, code: "PAYMENTS_DISABLED" });
    } finally {
      await plain.close();
    }
  });

  it("is on with it", async () => {
    expect((await (await billing.t.request("/api/config")).json()).payments).toBe(true);
  });
});
