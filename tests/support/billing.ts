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
// (ADR 0023), and what a customer and Stripe's servers do to it. Each test file that calls
// setUpBillingApp() gets its own app and fakes; `t` and `stripe` are that file's. The app has an
// AI model (the OpenAI fake): a demo run charges nothing (ADR 0062), a real one draws on the plan.

export let stripe: StripeFake;
export let t: TestApp;
let model: OpenAiFake | undefined;

export function setUpBillingApp(): void {
  beforeAll(async () => {
    stripe = await startStripeFake();
    model = await startOpenAiFake();
    t = await createTestApp({ env: { ...stripe.env, ...aiEnvFor(model) } });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
    await model?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

let userCount = 0;
export async function newCustomer() {
  const email = `kunde-${++userCount}@example.test`;
  const cookie = await t.signUpAndConfirm(email);
  const [profile] = await t.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
  return { cookie, userId: profile?.id ?? "", email };
}

/** Stripe's servers calling the webhook: no Origin, no cookie, the raw signed body. */
export function deliver(event: SignedEvent, signature: string | null = event.signature) {
  const headers = new Headers({ "content-type": "application/json" });
  if (signature !== null) headers.set("stripe-signature", signature);
  return t.app.request("/api/billing/webhook", { method: "POST", headers, body: event.payload });
}

export async function deliverAll(events: SignedEvent[]) {
  for (const event of events) expect((await deliver(event)).status).toBe(200);
}

export async function checkout(cookie: string, plan: Plan) {
  const response = await t.postJson("/api/billing/checkout", { plan }, cookie);
  expect(response.status).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

/** Checkout, paid in Stripe, and Stripe's events delivered: the plan is bought. */
export async function buy(cookie: string, plan: Plan, company: CompanyDetails | null = null) {
  const events = stripe.completeCheckout(await checkout(cookie, plan), company);
  await deliverAll(events);
  const subscriptionId = stripe.subscriptionIds().at(-1) ?? "";
  return { events, subscriptionId };
}

export const profileOf = async (userId: string) =>
  (await t.db.select().from(profiles).where(eq(profiles.id, userId)))[0];

export const rowOf = async (userId: string, plan: Plan) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))).find((row) => row.plan === plan);

export const statusOf = async (cookie: string, body: { checkoutSessionId?: string } = {}) => {
  const response = await t.postJson("/api/billing/status", body, cookie);
  return { response, body: await response.json() };
};

export const purchaseMails = async (email: string) =>
  (await readOutbox(t.dataDir)).filter((mail) => mail.to === email && mail.subject.includes("ist aktiv"));
