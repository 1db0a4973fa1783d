import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import {
  checkout,
  deliver,
  deliverAll,
  newCustomer,
  profileOf,
  purchaseMails,
  rowOf,
  setUpBillingApp,
  stripe,
  t,
} from "../../../tests/support/billing.ts";

// Purchases Postwerk undoes (ADR 0048): a second paid subscription of a plan, and a purchase of
// an account deleted while its Checkout was open, are refunded and ended.

setUpBillingApp();

describe("one subscription per plan (ADR 0048)", () => {
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
