import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { BILLING_MESSAGES, GENERATOR_PRO_RUNS_PER_PERIOD, type Plan } from "#shared/billing.ts";
import { STARTING_CREDITS } from "#shared/credits.ts";
import {
  type CompanyDetails,
  type SignedEvent,
  type StripeFake,
  startStripeFake,
} from "../../../tests/mocks/stripe.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { readOutbox, waitForMail } from "../../../tests/support/outbox.ts";
import { user } from "../../db/schema/auth.ts";
import { companyBillingInfo, stripeEvents, subscriptions } from "../../db/schema/billing.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { PLANS_FRESH_MS } from "./billing-status.service.ts";

// Billing through the real app and a fake Stripe API (issue 13, ADR 0023): checkout, the
// signed webhooks Stripe sends, replays and disorder, the status check and the portal.

let stripe: StripeFake;
let t: TestApp;
beforeAll(async () => {
  stripe = await startStripeFake();
  t = await createTestApp({ env: stripe.env });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const GENERATE_FORM = {
  platform: "twitter",
  keyPoints: "Zimtschnecken am Samstag",
  tone: "friendly",
  language: "german",
};

let userCount = 0;
async function newCustomer() {
  const email = `kunde-${++userCount}@example.test`;
  const cookie = await t.signUpAndConfirm(email);
  const [profile] = await t.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
  return { cookie, userId: profile?.id ?? "", email };
}

/** Stripe's servers calling the webhook: no Origin, no cookie, the raw signed body. */
function deliver(event: SignedEvent, signature: string | null = event.signature) {
  const headers = new Headers({ "content-type": "application/json" });
  if (signature !== null) headers.set("stripe-signature", signature);
  return t.app.request("/api/billing/webhook", { method: "POST", headers, body: event.payload });
}

async function deliverAll(events: SignedEvent[]) {
  for (const event of events) expect((await deliver(event)).status).toBe(200);
}

async function checkout(cookie: string, plan: Plan) {
  const response = await t.postJson("/api/billing/checkout", { plan }, cookie);
  expect(response.status).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

/** Checkout, paid in Stripe, and Stripe's events delivered: the plan is bought. */
async function buy(cookie: string, plan: Plan, company: CompanyDetails | null = null) {
  const events = stripe.completeCheckout(await checkout(cookie, plan), company);
  await deliverAll(events);
  const subscriptionId = stripe.subscriptionIds().at(-1) ?? "";
  return { events, subscriptionId };
}

const profileOf = async (userId: string) => (await t.db.select().from(profiles).where(eq(profiles.id, userId)))[0];
const rowOf = async (userId: string, plan: Plan) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))).find((row) => row.plan === plan);
const statusOf = async (cookie: string, body: { checkoutSessionId?: string } = {}) => {
  const response = await t.postJson("/api/billing/status", body, cookie);
  return { response, body: await response.json() };
};

describe("POST /api/billing/checkout", () => {
  it("answers 401 without a session and 400 for an unknown plan", async () => {
    const anonymous = await t.postJson("/api/billing/checkout", { plan: "generator_pro" });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "Sie müssen angemeldet sein" });
    const { cookie } = await newCustomer();
    const wrong = await t.postJson("/api/billing/checkout", { plan: "gold" }, cookie);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: BILLING_MESSAGES.planInvalid });
  });

  it("opens Stripe Checkout in German for a subscription, with address and VAT id, and one customer per account", async () => {
    const { cookie, userId, email } = await newCustomer();
    const before = stripe.requests.filter((request) => request.path === "/v1/customers").length;
    const url = await checkout(cookie, "generator_pro");
    await checkout(cookie, "optimizer_premium");
    expect(stripe.requests.filter((request) => request.path === "/v1/customers").length).toBe(before + 1);
    const created = stripe.requests
      .filter((request) => request.method === "POST" && request.path === "/v1/checkout/sessions")
      .at(-2)?.body;
    expect(Object.fromEntries(created ?? [])).toMatchObject({
      mode: "subscription",
      locale: "de",
      client_reference_id: userId,
      "line_items[0][price]": stripe.env.STRIPE_PRICE_GENERATOR_PRO,
      billing_address_collection: "required",
      "tax_id_collection[enabled]": "true",
      success_url: "http://localhost:3000/konto?kauf=generator_pro&session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3000/preise",
    });
    expect(url).toContain(stripe.url);
    const customer = stripe.requests.find(
      (request) => request.path === "/v1/customers" && request.body.get("email") === email,
    );
    expect(customer?.body.get("metadata[userId]")).toBe(userId);
  });

  it("answers 502 in German when Stripe cannot open Checkout", async () => {
    const { cookie } = await newCustomer();
    stripe.failNext(2);
    const response = await t.postJson("/api/billing/checkout", { plan: "generator_pro" }, cookie);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: BILLING_MESSAGES.checkoutFailed });
  });

  it("refuses a plan the account already has", async () => {
    const { cookie } = await newCustomer();
    await buy(cookie, "generator_pro");
    const again = await t.postJson("/api/billing/checkout", { plan: "generator_pro" }, cookie);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: BILLING_MESSAGES.alreadySubscribed });
  });
});

describe("Stripe's webhooks", () => {
  it("make Generator Pro active at once: profile 'active' with its period end, generations free", async () => {
    const { cookie, userId } = await newCustomer();
    await buy(cookie, "generator_pro");
    const profile = await profileOf(userId);
    expect(profile?.subscriptionStatus).toBe("active");
    expect(profile?.subscriptionPeriodEnd?.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const status = await (await t.request("/api/generator/status", { cookie })).json();
    expect(status).toMatchObject({ isSubscriber: true, canGenerate: true });
    const { plans } = await (await t.request("/api/profile", { cookie })).json();
    expect(plans.generator_pro).toMatchObject({
      active: true,
      status: "active",
      cancelAtPeriodEnd: false,
      runsInPeriod: 0,
    });
    expect(plans.optimizer_premium).toBeNull();
  });

  it("confirm a purchase by e-mail once, however often Stripe sends the event", async () => {
    const { cookie, email } = await newCustomer();
    const { events } = await buy(cookie, "optimizer_premium");
    await deliverAll(events);
    const mails = (await readOutbox(t.dataDir)).filter(
      (mail) => mail.to.includes(email) && mail.subject === "Ihr Plan X-Post Optimizer Premium ist aktiv",
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/läuft bis \d{2}\.\d{2}\.\d{4}/);
    expect(mails[0]?.links).toContain("http://localhost:3000/konto");
  });

  it("keep the two plans apart: Pro opens no optimizer AI, Premium gives no free generations", async () => {
    const pro = await newCustomer();
    await buy(pro.cookie, "generator_pro");
    expect((await (await t.request("/api/optimizer/access", { cookie: pro.cookie })).json()).canUseAi).toBe(false);

    const premium = await newCustomer();
    await buy(premium.cookie, "optimizer_premium");
    expect((await (await t.request("/api/optimizer/access", { cookie: premium.cookie })).json()).canUseAi).toBe(true);
    expect((await profileOf(premium.userId))?.subscriptionStatus).toBe("free");
  });

  it("end a running optimizer trial when Premium is bought", async () => {
    const { cookie, userId } = await newCustomer();
    expect((await t.postJson("/api/optimizer/trial", {}, cookie)).status).toBe(200);
    await buy(cookie, "optimizer_premium");
    expect((await profileOf(userId))?.trialEndsAt?.getTime()).toBeLessThanOrEqual(Date.now());
    const access = await (await t.request("/api/optimizer/access", { cookie })).json();
    expect(access).toMatchObject({ canUseAi: true, via: "subscription", trialAvailable: false });
  });

  it("store the company's billing info from Checkout, and none for a private buyer", async () => {
    const company = await newCustomer();
    await buy(company.cookie, "generator_pro", {
      businessName: "Bäckerei Sonnenschein GmbH",
      vatId: "DE123456789",
      address: { line1: "Hafenstraße 12", postalCode: "20457", city: "Hamburg", country: "DE" },
    });
    const [info] = await t.db.select().from(companyBillingInfo).where(eq(companyBillingInfo.userId, company.userId));
    expect(info).toMatchObject({
      companyName: "Bäckerei Sonnenschein GmbH",
      street: "Hafenstraße 12",
      postalCode: "20457",
      city: "Hamburg",
      country: "DE",
      vatId: "DE123456789",
    });
    const profile = await (await t.request("/api/profile", { cookie: company.cookie })).json();
    expect(profile.billing).toMatchObject({ companyName: "Bäckerei Sonnenschein GmbH", vatId: "DE123456789" });

    const privateBuyer = await newCustomer();
    await buy(privateBuyer.cookie, "generator_pro");
    expect(
      await t.db.select().from(companyBillingInfo).where(eq(companyBillingInfo.userId, privateBuyer.userId)),
    ).toHaveLength(0);
  });

  it("refuse a bad or missing signature with 400 and change nothing", async () => {
    const { cookie, userId } = await newCustomer();
    const [completed] = stripe.completeCheckout(await checkout(cookie, "generator_pro"));
    if (!completed) throw new Error("kein Ereignis");
    const forged = await deliver(completed, completed.signature.replace(/v1=[0-9a-f]+/, `v1=${"0".repeat(64)}`));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ error: BILLING_MESSAGES.webhookInvalid });
    expect((await deliver(completed, null)).status).toBe(400);
    expect((await deliver({ ...completed, payload: completed.payload.replace("complete", "expired") })).status).toBe(
      400,
    );
    expect((await profileOf(userId))?.subscriptionStatus).toBe("free");
    expect(await rowOf(userId, "generator_pro")).toBeUndefined();
  });

  it("process each event once: a replay changes nothing", async () => {
    const { cookie, userId } = await newCustomer();
    const { events } = await buy(cookie, "generator_pro");
    await t.db.update(subscriptions).set({ runsInPeriod: 7 }).where(eq(subscriptions.userId, userId));
    await deliverAll(events);
    expect((await rowOf(userId, "generator_pro"))?.runsInPeriod).toBe(7);
    const stored = await t.db.select().from(stripeEvents);
    expect(stored.filter((row) => events.some((event) => event.id === row.id))).toHaveLength(events.length);
  });

  it("end in Stripe's state whatever the order: an old subscription's late end never replaces a newer one", async () => {
    const { cookie, userId } = await newCustomer();
    const first = await buy(cookie, "generator_pro");
    // The customer cancels at once and buys again; the first subscription's deletion arrives last.
    const ended = stripe.change(first.subscriptionId, { status: "canceled" });
    await t.db.update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.userId, userId));
    const second = await buy(cookie, "generator_pro");
    expect(second.subscriptionId).not.toBe(first.subscriptionId);
    await deliverAll([ended]);
    expect((await rowOf(userId, "generator_pro"))?.stripeSubscriptionId).toBe(second.subscriptionId);
    expect((await profileOf(userId))?.subscriptionStatus).toBe("active");
  });

  it("read the subscription from Stripe rather than trusting the event: a stale 'updated' after the end", async () => {
    const { cookie, userId } = await newCustomer();
    const { subscriptionId } = await buy(cookie, "generator_pro");
    const staleActive = stripe.change(subscriptionId, { cancelAtPeriodEnd: true });
    const deleted = stripe.change(subscriptionId, { status: "canceled" });
    await deliverAll([deleted, staleActive]);
    expect((await rowOf(userId, "generator_pro"))?.status).toBe("canceled");
    expect((await profileOf(userId))?.subscriptionStatus).toBe("free");
  });

  it("keep access while a payment has failed (past_due), say so by e-mail, until Stripe gives up", async () => {
    const { cookie, userId, email } = await newCustomer();
    const { subscriptionId } = await buy(cookie, "generator_pro");
    await deliverAll(stripe.paymentFailed(subscriptionId));
    expect((await rowOf(userId, "generator_pro"))?.status).toBe("past_due");
    const notice = await waitForMail(
      t.dataDir,
      email,
      (m) => m.subject === "Zahlung für Beitragsgenerator Pro fehlgeschlagen",
    );
    expect(notice.text).toContain("Ihr Plan bleibt vorerst nutzbar");
    expect((await profileOf(userId))?.subscriptionStatus).toBe("active");
    await deliverAll([stripe.change(subscriptionId, { status: "unpaid" })]);
    expect((await profileOf(userId))?.subscriptionStatus).toBe("free");
  });

  it("keep a plan cancelled at the period's end until it ends, then fall back to free", async () => {
    const { cookie, userId } = await newCustomer();
    const { subscriptionId } = await buy(cookie, "generator_pro");
    await deliverAll([stripe.change(subscriptionId, { cancelAtPeriodEnd: true })]);
    expect(await rowOf(userId, "generator_pro")).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect((await profileOf(userId))?.subscriptionStatus).toBe("active");
    await deliverAll([stripe.change(subscriptionId, { status: "canceled" })]);
    expect((await profileOf(userId))?.subscriptionStatus).toBe("free");
    expect((await profileOf(userId))?.subscriptionPeriodEnd).toBeNull();
  });

  it("start Pro's allowance afresh with each paid period", async () => {
    const { cookie, userId } = await newCustomer();
    const { subscriptionId } = await buy(cookie, "generator_pro");
    await t.db.update(subscriptions).set({ runsInPeriod: 42 }).where(eq(subscriptions.userId, userId));
    await deliverAll(stripe.renew(subscriptionId));
    expect((await rowOf(userId, "generator_pro"))?.runsInPeriod).toBe(0);
  });

  it("count Pro's runs against the period's allowance, never the credits, and give a failed run back", async () => {
    const { cookie, userId } = await newCustomer();
    await buy(cookie, "generator_pro");
    const response = await t.postJson("/api/generator/generate", GENERATE_FORM, cookie);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("event: done");
    expect((await rowOf(userId, "generator_pro"))?.runsInPeriod).toBe(1);
    expect((await profileOf(userId))?.credits).toBe(STARTING_CREDITS);
    const status = await (await t.request("/api/generator/status", { cookie })).json();
    expect(status.proRunsRemaining).toBe(GENERATOR_PRO_RUNS_PER_PERIOD - 1);

    // A run that fails (the website is not allowed) gives its run back.
    const failed = await t.postJson(
      "/api/generator/generate",
      { ...GENERATE_FORM, website: "http://127.0.0.1/" },
      cookie,
    );
    expect(await failed.text()).toContain("event: error");
    expect((await rowOf(userId, "generator_pro"))?.runsInPeriod).toBe(1);
  });

  it("draw on the free credits once Pro's allowance is used up, then refuse with the reason", async () => {
    const { cookie, userId } = await newCustomer();
    await buy(cookie, "generator_pro");
    await t.db
      .update(subscriptions)
      .set({ runsInPeriod: GENERATOR_PRO_RUNS_PER_PERIOD })
      .where(eq(subscriptions.userId, userId));
    await t.db.update(profiles).set({ credits: 1 }).where(eq(profiles.id, userId));
    expect(await (await t.postJson("/api/generator/generate", GENERATE_FORM, cookie)).text()).toContain("event: done");
    expect((await profileOf(userId))?.credits).toBe(0);
    const status = await (await t.request("/api/generator/status", { cookie })).json();
    expect(status).toMatchObject({ proRunsRemaining: 0, canGenerate: false });
    const refused = await t.postJson("/api/generator/generate", GENERATE_FORM, cookie);
    expect(refused.status).toBe(402);
    expect(await refused.json()).toEqual({ error: BILLING_MESSAGES.proAllowanceUsed });
  });

  it("are checked with Stripe before a generation once the stored period is over", async () => {
    const { cookie, userId } = await newCustomer();
    const { subscriptionId } = await buy(cookie, "generator_pro");
    // The plan ended in Stripe, the webhook never came, and our copy's period is over.
    stripe.change(subscriptionId, { status: "canceled" });
    await t.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.userId, userId));
    const response = await t.postJson("/api/generator/generate", GENERATE_FORM, cookie);
    expect(await response.text()).toContain("event: done");
    expect((await profileOf(userId))?.subscriptionStatus).toBe("free");
    expect((await profileOf(userId))?.credits).toBe(STARTING_CREDITS - 1);
  });

  it("keep a subscriber whose price is no longer configured: the plan written at checkout names it", async () => {
    const { cookie, userId } = await newCustomer();
    const { subscriptionId } = await buy(cookie, "generator_pro");
    const subscription = stripe.subscription(subscriptionId);
    if (subscription) subscription.price = "price_retired";
    await deliverAll([stripe.change(subscriptionId, { status: "canceled" })]);
    expect((await rowOf(userId, "generator_pro"))?.status).toBe("canceled");
    expect((await profileOf(userId))?.subscriptionStatus).toBe("free");
  });

  it("acknowledge events Postwerk does not need without changing anything", async () => {
    expect((await deliver(stripe.otherEvent())).status).toBe(200);
  });
});

describe("POST /api/billing/status (spec section 7: subscription status check)", () => {
  it("reads the plans from Stripe again", async () => {
    const { cookie, userId } = await newCustomer();
    const { subscriptionId } = await buy(cookie, "generator_pro");
    // Stripe ended it, but its webhook never arrived.
    stripe.change(subscriptionId, { status: "canceled" });
    const { response, body } = await statusOf(cookie);
    expect(response.status).toBe(200);
    expect(body.plans.generator_pro).toMatchObject({ active: false, status: "canceled" });
    expect((await profileOf(userId))?.subscriptionStatus).toBe("free");
  });

  it("back from Checkout, makes the plan active from the session before any webhook, and mails once when it comes", async () => {
    const { cookie, userId, email } = await newCustomer();
    const url = await checkout(cookie, "generator_pro");
    const sessionId = stripe.sessionOf(url).id;
    const events = stripe.completeCheckout(url, {
      businessName: "Bäckerei Sonnenschein GmbH",
      vatId: "DE123456789",
      address: { line1: "Domstraße 1", postalCode: "50667", city: "Köln", country: "DE" },
    });
    const { response, body } = await statusOf(cookie, { checkoutSessionId: sessionId });
    expect(response.status).toBe(200);
    expect(body.plans.generator_pro).toMatchObject({ active: true, status: "active" });
    expect((await profileOf(userId))?.subscriptionStatus).toBe("active");
    const [company] = await t.db.select().from(companyBillingInfo).where(eq(companyBillingInfo.userId, userId));
    expect(company).toMatchObject({ companyName: "Bäckerei Sonnenschein GmbH", vatId: "DE123456789" });
    const purchaseMails = async () =>
      (await readOutbox(t.dataDir)).filter((mail) => mail.to === email && mail.subject.includes("ist aktiv"));
    expect(await purchaseMails()).toHaveLength(0);

    await deliverAll(events);
    expect((await purchaseMails()).map((mail) => mail.subject)).toEqual(["Ihr Plan Beitragsgenerator Pro ist aktiv"]);
  });

  it("takes nothing from another account's, an unpaid or an unknown Checkout session", async () => {
    const buyer = await newCustomer();
    const other = await newCustomer();
    const paid = await checkout(buyer.cookie, "generator_pro");
    stripe.completeCheckout(paid);
    const foreign = await statusOf(other.cookie, { checkoutSessionId: stripe.sessionOf(paid).id });
    expect(foreign.response.status).toBe(200);
    expect(foreign.body.plans.generator_pro).toBeNull();
    expect((await profileOf(other.userId))?.subscriptionStatus).toBe("free");

    const open = await checkout(other.cookie, "optimizer_premium");
    const unpaid = await statusOf(other.cookie, { checkoutSessionId: stripe.sessionOf(open).id });
    expect(unpaid.body.plans.optimizer_premium).toBeNull();
    expect((await statusOf(other.cookie, { checkoutSessionId: "cs_test_unbekannt" })).response.status).toBe(200);
    const malformed = await statusOf(other.cookie, { checkoutSessionId: "../v1/customers" });
    expect(malformed.response.status).toBe(400);
    expect(malformed.body).toEqual({ error: BILLING_MESSAGES.verifyFailed });
  });

  it("answers the spec's words when Stripe cannot be asked, and keeps the last known state", async () => {
    const { cookie, userId } = await newCustomer();
    await buy(cookie, "generator_pro");
    stripe.failNext(2);
    const { response, body } = await statusOf(cookie);
    expect(response.status).toBe(502);
    expect(body).toEqual({ error: "Could not verify subscription status" });
    expect((await profileOf(userId))?.subscriptionStatus).toBe("active");
  });
});

describe("one subscription per plan (ADR 0048)", () => {
  const checkoutsCreated = () =>
    stripe.requests.filter((request) => request.method === "POST" && request.path === "/v1/checkout/sessions").length;
  const purchaseMails = async (email: string) =>
    (await readOutbox(t.dataDir)).filter((mail) => mail.to === email && mail.subject.includes("ist aktiv"));

  it("hands out the open Checkout of a plan again instead of a second one, and expires older open ones", async () => {
    const { cookie } = await newCustomer();
    const before = checkoutsCreated();
    const first = await checkout(cookie, "generator_pro");
    expect(await checkout(cookie, "generator_pro")).toBe(first);
    expect(checkoutsCreated()).toBe(before + 1);
    // Another plan is another purchase.
    expect(await checkout(cookie, "optimizer_premium")).not.toBe(first);

    // Two open ones (two requests at the same moment): the newest is handed out, the older expires.
    const newer = stripe.duplicateSession(first);
    expect(await checkout(cookie, "generator_pro")).toBe(newer);
    expect(stripe.sessionStatus(first)).toBe("expired");
    expect(() => stripe.completeCheckout(first)).toThrow();
  });

  it("refund and end a second paid subscription of a plan at once, keep the first, and mail once", async () => {
    const { cookie, userId, email } = await newCustomer();
    const url = await checkout(cookie, "generator_pro");
    const second = stripe.duplicateSession(url);
    const firstEvents = stripe.completeCheckout(url);
    const firstId = stripe.subscriptionIds().at(-1) ?? "";
    await deliverAll(firstEvents);
    await t.db.update(subscriptions).set({ runsInPeriod: 7 }).where(eq(subscriptions.userId, userId));
    const secondEvents = stripe.completeCheckout(second);
    const secondId = stripe.subscriptionIds().at(-1) ?? "";
    await deliverAll(secondEvents);

    expect(stripe.subscription(firstId)?.status).toBe("active");
    expect(stripe.subscription(secondId)?.status).toBe("canceled");
    expect(stripe.refunds().filter((refund) => refund.subscriptionId === secondId)).toEqual([
      expect.objectContaining({ reason: "duplicate" }),
    ]);
    expect(stripe.refunds().filter((refund) => refund.subscriptionId === firstId)).toEqual([]);
    // The duplicate never took the row's place: the runs of the period are still counted.
    expect(await rowOf(userId, "generator_pro")).toMatchObject({
      stripeSubscriptionId: firstId,
      status: "active",
      runsInPeriod: 7,
    });
    expect((await profileOf(userId))?.subscriptionStatus).toBe("active");
    expect(await purchaseMails(email)).toHaveLength(1);

    // Replays, and Stripe's later news of the ended one, refund nothing more.
    await deliverAll([...secondEvents, stripe.change(secondId, { status: "canceled" })]);
    expect(stripe.refunds().filter((refund) => refund.subscriptionId === secondId)).toHaveLength(1);
    expect(await rowOf(userId, "generator_pro")).toMatchObject({ stripeSubscriptionId: firstId, status: "active" });
  });

  it("keep the older subscription whatever order the events arrive in", async () => {
    const { cookie, userId } = await newCustomer();
    const url = await checkout(cookie, "generator_pro");
    const second = stripe.duplicateSession(url);
    const firstEvents = stripe.completeCheckout(url);
    const firstId = stripe.subscriptionIds().at(-1) ?? "";
    const secondEvents = stripe.completeCheckout(second);
    const secondId = stripe.subscriptionIds().at(-1) ?? "";
    await deliverAll(secondEvents);
    await deliverAll(firstEvents);

    expect(stripe.subscription(firstId)?.status).toBe("active");
    expect(stripe.subscription(secondId)?.status).toBe("canceled");
    expect(stripe.refunds().filter((refund) => refund.subscriptionId === secondId)).toHaveLength(1);
    expect(await rowOf(userId, "generator_pro")).toMatchObject({ stripeSubscriptionId: firstId, status: "active" });
  });

  it("answer 500 when the refund fails, so Stripe retries, and then refund exactly once", async () => {
    const { cookie } = await newCustomer();
    const url = await checkout(cookie, "optimizer_premium");
    const second = stripe.duplicateSession(url);
    await deliverAll(stripe.completeCheckout(url));
    const [completed, ...rest] = stripe.completeCheckout(second);
    const secondId = stripe.subscriptionIds().at(-1) ?? "";
    if (!completed) throw new Error("Kein Ereignis");
    // The SDK retries once; both attempts fail.
    stripe.failNext(2, (method, path) => method === "POST" && path === "/v1/refunds");
    expect((await deliver(completed)).status).toBe(500);
    expect(stripe.subscription(secondId)?.status).toBe("active");

    await deliverAll([completed, ...rest]);
    expect(stripe.subscription(secondId)?.status).toBe("canceled");
    expect(stripe.refunds().filter((refund) => refund.subscriptionId === secondId)).toHaveLength(1);
  });

  it("refund and end a purchase whose account was deleted meanwhile, and answer 2xx", async () => {
    const { cookie, userId, email } = await newCustomer();
    const url = await checkout(cookie, "generator_pro");
    // Deleted without the deletion's Stripe step (the Checkout was paid at that very moment).
    await t.db.delete(user).where(eq(user.id, userId));
    const events = stripe.completeCheckout(url);
    const subscriptionId = stripe.subscriptionIds().at(-1) ?? "";
    await deliverAll(events);
    expect(stripe.subscription(subscriptionId)?.status).toBe("canceled");
    expect(stripe.refunds().filter((refund) => refund.subscriptionId === subscriptionId)).toEqual([
      expect.objectContaining({ reason: "requested_by_customer" }),
    ]);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))).toEqual([]);
    expect(await purchaseMails(email)).toHaveLength(0);
    await deliverAll([...events, stripe.change(subscriptionId, { cancelAtPeriodEnd: false })]);
    expect(stripe.refunds().filter((refund) => refund.subscriptionId === subscriptionId)).toHaveLength(1);
  });

  it("refund and end it too when the subscription's own events come before the completed Checkout", async () => {
    const { cookie, userId } = await newCustomer();
    const url = await checkout(cookie, "optimizer_premium");
    await t.db.delete(user).where(eq(user.id, userId));
    const events = stripe.completeCheckout(url);
    const subscriptionId = stripe.subscriptionIds().at(-1) ?? "";
    await deliverAll([...events].reverse());
    expect(stripe.subscription(subscriptionId)?.status).toBe("canceled");
    expect(stripe.refunds().filter((refund) => refund.subscriptionId === subscriptionId)).toHaveLength(1);
  });
});

describe("limits on the billing routes (ADR 0048)", () => {
  const stripeReads = (subscriptionId: string) =>
    stripe.requests.filter((request) => request.path === `/v1/subscriptions/${subscriptionId}`).length;

  it("asks Stripe for the status at most once per 30 seconds and account, and answers from the stored state between", async () => {
    const { cookie } = await newCustomer();
    const { subscriptionId } = await buy(cookie, "generator_pro");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const before = stripeReads(subscriptionId);
    for (let call = 0; call < 5; call++) {
      const { response, body } = await statusOf(cookie);
      expect(response.status).toBe(200);
      expect(body.plans.generator_pro).toMatchObject({ active: true });
    }
    expect(stripeReads(subscriptionId)).toBe(before + 1);
    vi.setSystemTime(Date.now() + PLANS_FRESH_MS + 1_000);
    expect((await statusOf(cookie)).response.status).toBe(200);
    expect(stripeReads(subscriptionId)).toBe(before + 2);
  });

  it("asks Stripe again after a visit to the portal or Checkout, and after a failed check", async () => {
    const { cookie, userId } = await newCustomer();
    const { subscriptionId } = await buy(cookie, "generator_pro");
    await statusOf(cookie);
    const before = stripeReads(subscriptionId);
    expect((await t.postJson("/api/billing/portal", {}, cookie)).status).toBe(200);
    // Cancelled in the portal; its webhook has not arrived.
    stripe.change(subscriptionId, { cancelAtPeriodEnd: true });
    expect((await statusOf(cookie)).body.plans.generator_pro).toMatchObject({ cancelAtPeriodEnd: true });
    expect(stripeReads(subscriptionId)).toBe(before + 1);

    await checkout(cookie, "optimizer_premium");
    await statusOf(cookie);
    expect(stripeReads(subscriptionId)).toBe(before + 2);

    // A check that fails at Stripe is not taken as fresh: the next one asks again.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + PLANS_FRESH_MS + 1_000 });
    stripe.failNext(2);
    expect((await statusOf(cookie)).response.status).toBe(502);
    expect((await statusOf(cookie)).response.status).toBe(200);
    // Two failed attempts (the SDK retries once), then the one that answered.
    expect(stripeReads(subscriptionId)).toBe(before + 5);
    expect((await profileOf(userId))?.subscriptionStatus).toBe("active");
  });

  it("limit status, Checkout and portal per account with 429 in German, and 100 status calls cost Stripe one request", async () => {
    const { cookie } = await newCustomer();
    const other = await newCustomer();
    const { subscriptionId } = await buy(cookie, "generator_pro");
    const before = stripe.requests.length;
    const answers: number[] = [];
    for (let call = 0; call < 100; call++) answers.push((await statusOf(cookie)).response.status);
    expect(answers.filter((status) => status === 200)).toHaveLength(30);
    expect(answers.filter((status) => status === 429)).toHaveLength(70);
    expect(stripe.requests.length - before).toBe(1);
    expect(stripe.requests.at(-1)?.path).toBe(`/v1/subscriptions/${subscriptionId}`);
    const limited = await statusOf(cookie);
    expect(limited.body).toEqual({ error: BILLING_MESSAGES.tooManyRequests });
    expect(Number(limited.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await statusOf(other.cookie)).response.status).toBe(200);

    const portals: number[] = [];
    for (let call = 0; call < 11; call++) portals.push((await t.postJson("/api/billing/portal", {}, cookie)).status);
    expect(portals.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(portals[10]).toBe(429);

    const checkouts: number[] = [];
    for (let call = 0; call < 11; call++)
      checkouts.push((await t.postJson("/api/billing/checkout", { plan: "optimizer_premium" }, other.cookie)).status);
    expect(checkouts.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(checkouts[10]).toBe(429);
  });
});

describe("POST /api/billing/portal", () => {
  it("opens the customer portal only while a subscription runs", async () => {
    const { cookie } = await newCustomer();
    const before = await t.postJson("/api/billing/portal", {}, cookie);
    expect(before.status).toBe(404);
    expect(await before.json()).toEqual({ error: BILLING_MESSAGES.noSubscription });
    await buy(cookie, "optimizer_premium");
    const portal = await t.postJson("/api/billing/portal", {}, cookie);
    expect(portal.status).toBe(200);
    expect((await portal.json()).url).toMatch(new RegExp(`^${stripe.url}/portal/cus_`));
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
      expect(await refused.json()).toEqual({ error: BILLING_MESSAGES.paymentsDisabled });
      const webhook = await plain.app.request("/api/billing/webhook", { method: "POST", body: "{}" });
      expect(webhook.status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("is on with it", async () => {
    expect((await (await t.request("/api/config")).json()).payments).toBe(true);
  });
});
