import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import { setUpBillingApp } from "../../../tests/support/billing.ts";

// Purchases Postwerk undoes (ADR 0048): a second paid subscription of a plan, and a purchase of
// an account deleted while its Checkout was open, are refunded and ended.

const billing = setUpBillingApp();

describe("one subscription per plan (ADR 0048)", () => {
  it("refund and end a second paid subscription of a plan at once, keep the first, and mail once", async () => {
    const { cookie, userId, email } = await billing.newCustomer();
    const url = await billing.checkout(cookie, "generator_pro");
    const second = billing.stripe.duplicateSession(url);
    const firstEvents = billing.stripe.completeCheckout(url);
    const firstId = billing.stripe.subscriptionIds().at(-1) ?? "";
    await billing.deliverAll(firstEvents);
    await billing.t.db.update(subscriptions).set({ runsInPeriod: 7 }).where(eq(subscriptions.userId, userId));
    const secondEvents = billing.stripe.completeCheckout(second);
    const secondId = billing.stripe.subscriptionIds().at(-1) ?? "";
    await billing.deliverAll(secondEvents);

    expect(billing.stripe.subscription(firstId)?.status).toBe("active");
    expect(billing.stripe.subscription(secondId)?.status).toBe("canceled");
    expect(billing.stripe.refunds().filter((refund) => refund.subscriptionId === secondId)).toEqual([
      expect.objectContaining({ reason: "duplicate" }),
    ]);
    expect(billing.stripe.refunds().filter((refund) => refund.subscriptionId === firstId)).toEqual([]);
    // The duplicate never took the row's place: the runs of the period are still counted.
    expect(await billing.rowOf(userId, "generator_pro")).toMatchObject({
      stripeSubscriptionId: firstId,
      status: "active",
      runsInPeriod: 7,
    });
    expect((await billing.profileOf(userId))?.subscriptionStatus).toBe("active");
    expect(await billing.purchaseMails(email)).toHaveLength(1);

    // Replays, and Stripe's later news of the ended one, refund nothing more.
    await billing.deliverAll([...secondEvents, billing.stripe.change(secondId, { status: "canceled" })]);
    expect(billing.stripe.refunds().filter((refund) => refund.subscriptionId === secondId)).toHaveLength(1);
    expect(await billing.rowOf(userId, "generator_pro")).toMatchObject({
      stripeSubscriptionId: firstId,
      status: "active",
    });
  });

  it("keep the older subscription whatever order the events arrive in", async () => {
    const { cookie, userId } = await billing.newCustomer();
    const url = await billing.checkout(cookie, "generator_pro");
    const second = billing.stripe.duplicateSession(url);
    const firstEvents = billing.stripe.completeCheckout(url);
    const firstId = billing.stripe.subscriptionIds().at(-1) ?? "";
    const secondEvents = billing.stripe.completeCheckout(second);
    const secondId = billing.stripe.subscriptionIds().at(-1) ?? "";
    await billing.deliverAll(secondEvents);
    await billing.deliverAll(firstEvents);

    expect(billing.stripe.subscription(firstId)?.status).toBe("active");
    expect(billing.stripe.subscription(secondId)?.status).toBe("canceled");
    expect(billing.stripe.refunds().filter((refund) => refund.subscriptionId === secondId)).toHaveLength(1);
    expect(await billing.rowOf(userId, "generator_pro")).toMatchObject({
      stripeSubscriptionId: firstId,
      status: "active",
    });
  });

  it("answer 500 when the refund fails, so Stripe retries, and then refund exactly once", async () => {
    const { cookie } = await billing.newCustomer();
    const url = await billing.checkout(cookie, "optimizer_premium");
    const second = billing.stripe.duplicateSession(url);
    await billing.deliverAll(billing.stripe.completeCheckout(url));
    const [completed, ...rest] = billing.stripe.completeCheckout(second);
    const secondId = billing.stripe.subscriptionIds().at(-1) ?? "";
    if (!completed) throw new Error("Kein Ereignis");
    // The SDK retries once; both attempts fail.
    billing.stripe.failNext(2, (method, path) => method === "POST" && path === "/v1/refunds");
    expect((await billing.deliver(completed)).status).toBe(500);
    expect(billing.stripe.subscription(secondId)?.status).toBe("active");

    await billing.deliverAll([completed, ...rest]);
    expect(billing.stripe.subscription(secondId)?.status).toBe("canceled");
    expect(billing.stripe.refunds().filter((refund) => refund.subscriptionId === secondId)).toHaveLength(1);
  });

  it("refund and end a purchase whose account was deleted meanwhile, and answer 2xx", async () => {
    const { cookie, userId, email } = await billing.newCustomer();
    const url = await billing.checkout(cookie, "generator_pro");
    // Deleted without the deletion's Stripe step (the Checkout was paid at that very moment).
    await billing.t.db.delete(user).where(eq(user.id, userId));
    const events = billing.stripe.completeCheckout(url);
    const subscriptionId = billing.stripe.subscriptionIds().at(-1) ?? "";
    await billing.deliverAll(events);
    expect(billing.stripe.subscription(subscriptionId)?.status).toBe("canceled");
    expect(billing.stripe.refunds().filter((refund) => refund.subscriptionId === subscriptionId)).toEqual([
      expect.objectContaining({ reason: "requested_by_customer" }),
    ]);
    expect(await billing.t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))).toEqual([]);
    expect(await billing.purchaseMails(email)).toHaveLength(0);
    await billing.deliverAll([...events, billing.stripe.change(subscriptionId, { cancelAtPeriodEnd: false })]);
    expect(billing.stripe.refunds().filter((refund) => refund.subscriptionId === subscriptionId)).toHaveLength(1);
  });

  it("refund and end it too when the subscription's own events come before the completed Checkout", async () => {
    const { cookie, userId } = await billing.newCustomer();
    const url = await billing.checkout(cookie, "optimizer_premium");
    await billing.t.db.delete(user).where(eq(user.id, userId));
    const events = billing.stripe.completeCheckout(url);
    const subscriptionId = billing.stripe.subscriptionIds().at(-1) ?? "";
    await billing.deliverAll([...events].reverse());
    expect(billing.stripe.subscription(subscriptionId)?.status).toBe("canceled");
    expect(billing.stripe.refunds().filter((refund) => refund.subscriptionId === subscriptionId)).toHaveLength(1);
  });
});
