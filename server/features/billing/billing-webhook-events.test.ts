import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stripeEvents } from "#server/db/schema/billing.ts";
import { setUpBillingApp } from "../../../tests/support/billing.ts";
import { handleWebhook } from "./billing-webhook.service.ts";

// Each Stripe event id is processed once (ADR 0023, `stripe_events`): the answers of the webhook's
// service for a first delivery, a replay, an event Postwerk does not need, and a failure in between.

const billing = setUpBillingApp();

const storedEvent = async (id: string) =>
  (await billing.t.db.select().from(stripeEvents).where(eq(stripeEvents.id, id)))[0];
const eventId = (payload: string) => (JSON.parse(payload) as { id: string }).id;

describe("the webhook's de-duplication", () => {
  it("processes an event id once and calls every later delivery a replay", async () => {
    const { cookie } = await billing.newCustomer();
    const [completed] = billing.stripe.completeCheckout(await billing.checkout(cookie, "generator_pro"));
    if (!completed) throw new Error("kein Ereignis");
    const deliver = () => handleWebhook(billing.t.deps, billing.t.deps.logger, completed.payload, completed.signature);
    expect(await deliver()).toBe("processed");
    expect(await deliver()).toBe("replayed");
    expect((await storedEvent(eventId(completed.payload)))?.type).toBe("checkout.session.completed");
  });

  it("stores an event it does not need under Stripe's own type, and ignores it", async () => {
    const other = billing.stripe.otherEvent();
    expect(await handleWebhook(billing.t.deps, billing.t.deps.logger, other.payload, other.signature)).toBe("ignored");
    expect((await storedEvent(eventId(other.payload)))?.type).toBe("customer.updated");
  });

  it("answers 'disabled' without Stripe configured, before reading the event", async () => {
    const other = billing.stripe.otherEvent();
    const deps = { ...billing.t.deps, payments: null };
    expect(await handleWebhook(deps, deps.logger, other.payload, other.signature)).toBe("disabled");
    expect(await storedEvent(eventId(other.payload))).toBeUndefined();
  });

  it("gives the event id back when applying it fails, so Stripe's retry is processed", async () => {
    const { cookie, userId } = await billing.newCustomer();
    const [completed] = billing.stripe.completeCheckout(await billing.checkout(cookie, "generator_pro"));
    if (!completed) throw new Error("kein Ereignis");
    billing.stripe.failNext(100);
    expect((await billing.deliver(completed)).status).toBe(500);
    expect(await storedEvent(eventId(completed.payload))).toBeUndefined();
    billing.stripe.failNext(0);
    expect((await billing.deliver(completed)).status).toBe(200);
    expect((await billing.profileOf(userId))?.subscriptionStatus).toBe("active");
  });
});
