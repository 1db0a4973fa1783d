import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, vi } from "vitest";
import { subscriptions } from "#server/db/schema/billing.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import type { Plan } from "#shared/billing.ts";
import { aiEnvFor, type OpenAiFake, startOpenAiFake } from "../mocks/openai.ts";
import { type CompanyDetails, type SignedEvent, type StripeFake, startStripeFake } from "../mocks/stripe.ts";
import { createTestApp, type TestApp } from "../setup/test-app.ts";
import { readOutbox } from "./outbox.ts";

// The billing tests (server/features/billing/*.test.ts): the real app against a fake Stripe API
// (ADR 0023), and what a customer and Stripe's servers do to it. The app has an AI model (the
// OpenAI fake): a demo run charges nothing (ADR 0062), a real one draws on the plan.

let userCount = 0;

/**
 * The calling test file's own app and Stripe fake (its hooks are registered here), with what a
 * customer and Stripe do to them. `t` and `stripe` are set in beforeAll.
 */
export function setUpBillingApp() {
  const billing = {} as { t: TestApp; stripe: StripeFake };
  let model: OpenAiFake | undefined;
  beforeAll(async () => {
    billing.stripe = await startStripeFake();
    model = await startOpenAiFake();
    billing.t = await createTestApp({ env: { ...billing.stripe.env, ...aiEnvFor(model) } });
  });
  afterAll(async () => {
    await billing.t?.close();
    await billing.stripe?.close();
    await model?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function newCustomer() {
    const email = `kunde-${++userCount}@example.test`;
    const cookie = await billing.t.signUpAndConfirm(email);
    const [profile] = await billing.t.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
    return { cookie, userId: profile?.id ?? "", email };
  }

  /** Stripe's servers calling the webhook: no Origin, no cookie, the raw signed body. */
  function deliver(event: SignedEvent, signature: string | null = event.signature) {
    const headers = new Headers({ "content-type": "application/json" });
    if (signature !== null) headers.set("stripe-signature", signature);
    return billing.t.app.request("/api/billing/webhook", { method: "POST", headers, body: event.payload });
  }

  async function deliverAll(events: SignedEvent[]) {
    for (const event of events) expect((await deliver(event)).status).toBe(200);
  }

  async function checkout(cookie: string, plan: Plan) {
    const response = await billing.t.postJson("/api/billing/checkout", { plan }, cookie);
    expect(response.status).toBe(200);
    return ((await response.json()) as { url: string }).url;
  }

  /** Checkout, paid in Stripe, and Stripe's events delivered: the plan is bought. */
  async function buy(cookie: string, plan: Plan, company: CompanyDetails | null = null) {
    const events = billing.stripe.completeCheckout(await checkout(cookie, plan), company);
    await deliverAll(events);
    const subscriptionId = billing.stripe.subscriptionIds().at(-1) ?? "";
    return { events, subscriptionId };
  }

  const profileOf = async (userId: string) =>
    (await billing.t.db.select().from(profiles).where(eq(profiles.id, userId)))[0];

  const rowOf = async (userId: string, plan: Plan) =>
    (await billing.t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))).find(
      (row) => row.plan === plan,
    );

  const statusOf = async (cookie: string, body: { checkoutSessionId?: string } = {}) => {
    const response = await billing.t.postJson("/api/billing/status", body, cookie);
    return { response, body: await response.json() };
  };

  const purchaseMails = async (email: string) =>
    (await readOutbox(billing.t.dataDir)).filter((mail) => mail.to === email && mail.subject.includes("ist aktiv"));

  return Object.assign(billing, {
    newCustomer,
    deliver,
    deliverAll,
    checkout,
    buy,
    profileOf,
    rowOf,
    statusOf,
    purchaseMails,
  });
}
