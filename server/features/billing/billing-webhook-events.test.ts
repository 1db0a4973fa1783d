import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { stripeEvents } from "#server/db/schema/billing.ts";
import { setUpBillingApp } from "../../../tests/support/billing.ts";
import { handlePaymentEvent, handleWebhook } from "./billing-webhook.service.ts";

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

describe("what an event does, and what it does not", () => {
  /** The app's deps with a mailer that records what it is given, and a logger whose calls are watched. */
  function watched(send: (mail: { to: string; subject: string }) => Promise<void> = async () => {}) {
    const sent: { to: string; subject: string }[] = [];
    const mailer = {
      send: async (mail: { to: string; subject: string }) => {
        sent.push({ to: mail.to, subject: mail.subject });
        await send(mail);
      },
    };
    const deps = { ...billing.t.deps, mailer } as typeof billing.t.deps;
    const log = billing.t.deps.logger.child({});
    return {
      deps,
      log,
      sent,
      warn: vi.spyOn(log, "warn"),
      info: vi.spyOn(log, "info"),
      error: vi.spyOn(log, "error"),
    };
  }
  let ids = 0;
  const nextId = () => `evt_unit_${++ids}_${Date.now()}`;

  it("lets an error other than a bad signature through instead of calling it a forgery", async () => {
    const { deps, log, warn } = watched();
    const payments = billing.t.deps.payments;
    if (!payments) throw new Error("Stripe fehlt");
    const broken = {
      ...deps,
      payments: {
        ...payments,
        readEvent: () => {
          throw new Error("Stripe-SDK kaputt");
        },
      },
    };
    await expect(handleWebhook(broken, log, "{}", "t=1,v1=00")).rejects.toThrow("Stripe-SDK kaputt");
    expect(warn).not.toHaveBeenCalled();
  });

  it("logs a refused signature as a warning", async () => {
    const { deps, log, warn } = watched();
    const other = billing.stripe.otherEvent();
    expect(await handleWebhook(deps, log, other.payload, "t=1,v1=00")).toBe("invalid-signature");
    expect(warn).toHaveBeenCalledWith("Stripe-Webhook mit ungültiger Signatur abgelehnt");
    expect(await storedEvent(eventId(other.payload))).toBeUndefined();
  });

  it("logs each processed event with its id, type and outcome", async () => {
    const { deps, log, info } = watched();
    const other = billing.stripe.otherEvent();
    expect(await handleWebhook(deps, log, other.payload, other.signature)).toBe("ignored");
    expect(info).toHaveBeenCalledWith(
      { eventId: eventId(other.payload), type: "other", outcome: "ignored" },
      "Stripe-Ereignis verarbeitet",
    );
  });

  it("processes a completed checkout that has no subscription yet without a mail", async () => {
    const { deps, log, sent } = watched();
    const event = {
      id: nextId(),
      type: "checkout.session.completed" as const,
      userId: null,
      customerId: null,
      subscriptionId: null,
      company: null,
    };
    expect(await handlePaymentEvent(deps, log, event)).toBe("processed");
    expect(sent).toEqual([]);
  });

  it("sends no purchase mail for a checkout whose subscription does not entitle yet (incomplete)", async () => {
    const { cookie, email } = await billing.newCustomer();
    const [completed] = billing.stripe.completeCheckout(await billing.checkout(cookie, "generator_pro"));
    if (!completed) throw new Error("kein Ereignis");
    const subscription = billing.stripe.subscription(billing.stripe.subscriptionIds().at(-1) ?? "");
    if (!subscription) throw new Error("kein Abo");
    subscription.status = "incomplete";
    const { deps, log, sent } = watched();
    expect(await handleWebhook(deps, log, completed.payload, completed.signature)).toBe("processed");
    expect(sent.filter((mail) => mail.to === email)).toEqual([]);

    // Another purchase through the same deps, active at once: its mail goes out.
    const buyer = await billing.newCustomer();
    const [active] = billing.stripe.completeCheckout(await billing.checkout(buyer.cookie, "optimizer_premium"));
    if (!active) throw new Error("kein Ereignis");
    expect(await handleWebhook(deps, log, active.payload, active.signature)).toBe("processed");
    expect(sent).toEqual([{ to: buyer.email, subject: "Ihr Plan X-Post Optimizer Premium ist aktiv" }]);
  });

  it("ignores invoice and subscription events without a subscription, and changes nothing", async () => {
    const { deps, log, sent } = watched();
    for (const type of ["invoice.payment_failed", "invoice.paid"] as const)
      expect(await handlePaymentEvent(deps, log, { id: nextId(), type, subscriptionId: null })).toBe("ignored");
    expect(sent).toEqual([]);
  });

  it("processes each kind of subscription event by reading the subscription from Stripe", async () => {
    const { cookie, userId } = await billing.newCustomer();
    const { subscriptionId } = await billing.buy(cookie, "generator_pro");
    const { deps, log } = watched();
    const subscription = billing.stripe.subscription(subscriptionId);
    if (!subscription) throw new Error("kein Abo");
    for (const [type, status] of [
      ["customer.subscription.created", "past_due"],
      ["customer.subscription.updated", "active"],
      ["invoice.paid", "past_due"],
      ["customer.subscription.deleted", "canceled"],
    ] as const) {
      subscription.status = status;
      expect(await handlePaymentEvent(deps, log, { id: nextId(), type, subscriptionId })).toBe("processed");
      expect((await billing.rowOf(userId, "generator_pro"))?.status).toBe(status);
    }
  });

  it("sends no payment-failed mail for a subscription Stripe does not know", async () => {
    const { deps, log, sent } = watched();
    const event = { id: nextId(), type: "invoice.payment_failed" as const, subscriptionId: "sub_unbekannt" };
    expect(await handlePaymentEvent(deps, log, event)).toBe("processed");
    expect(sent).toEqual([]);
  });

  it("keeps the purchase when its mail cannot be sent, and logs the failure with the user's id", async () => {
    const { cookie, userId } = await billing.newCustomer();
    const [completed] = billing.stripe.completeCheckout(await billing.checkout(cookie, "generator_pro"));
    if (!completed) throw new Error("kein Ereignis");
    const { deps, log, sent, error } = watched(async () => {
      throw new Error("SMTP weg");
    });
    expect(await handleWebhook(deps, log, completed.payload, completed.signature)).toBe("processed");
    expect(sent).toHaveLength(1);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ userId, err: expect.any(Error) }),
      "Abo-E-Mail nicht versendet",
    );
    expect((await billing.profileOf(userId))?.subscriptionStatus).toBe("active");
    expect(await storedEvent(eventId(completed.payload))).toBeDefined();
  });
});
