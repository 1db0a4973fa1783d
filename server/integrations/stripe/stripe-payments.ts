import type Stripe from "stripe";
import type { StripeSettings } from "#server/env.ts";
import { PLANS, type Plan } from "#shared/billing.ts";

// The payment provider (docs/design.md, provider table; ADR 0023): the few Stripe calls Postwerk makes,
// in our own plain types, so no Stripe type leaves this folder. Built once at start-up;
// STRIPE_API_BASE points the SDK at stripe-mock or the tests' fake.

export type PaymentSubscription = {
  id: string;
  customerId: string;
  /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete, … */
  status: string;
  plan: Plan | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Our user id, written into the subscription's metadata at checkout; null if not ours. */
  userId: string | null;
  created: Date;
};

/** Stripe's words: a second purchase of a plan, or money of an account that no longer exists. */
export type RefundReason = "duplicate" | "requested_by_customer";

/** A Checkout session that can still be paid. */
export type OpenCheckout = { id: string; url: string; plan: Plan | null; created: Date };

export type CheckoutCompany = {
  companyName: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  vatId: string | null;
};

/** A Checkout session as far as Postwerk cares: who bought, and what came of it. */
export type CheckoutResult = {
  /** Our user id (client_reference_id). */
  userId: string | null;
  customerId: string | null;
  /** Set once the customer has paid; null while the session is open. */
  subscriptionId: string | null;
  /** Set when the buyer bought as a company (business name or a VAT id entered in Checkout). */
  company: CheckoutCompany | null;
};

export type PaymentEvent =
  | ({ id: string; type: "checkout.session.completed" } & CheckoutResult)
  | {
      id: string;
      type: "customer.subscription.created" | "customer.subscription.updated" | "customer.subscription.deleted";
      subscriptionId: string;
    }
  | { id: string; type: "invoice.paid" | "invoice.payment_failed"; subscriptionId: string | null }
  | { id: string; type: "other"; stripeType: string };

export class InvalidWebhookSignatureError extends Error {
  constructor() {
    super("Webhook-Signatur ungültig");
    this.name = "InvalidWebhookSignatureError";
  }
}

export type Payments = {
  createCustomer(input: { userId: string; email: string }): Promise<string>;
  createCheckout(input: {
    customerId: string;
    userId: string;
    plan: Plan;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string }>;
  /** null when Stripe does not know the session. */
  getCheckout(id: string): Promise<CheckoutResult | null>;
  createPortal(input: { customerId: string; returnUrl: string }): Promise<{ url: string | null }>;
  /** null when Stripe does not know the subscription (any longer). */
  getSubscription(id: string): Promise<PaymentSubscription | null>;
  cancelAtPeriodEnd(id: string): Promise<PaymentSubscription>;
  /** Ends the subscription at once; one Stripe no longer knows counts as ended. */
  cancelNow(id: string): Promise<void>;
  /** Every subscription of the customer that Stripe has not cancelled yet, whatever we stored. */
  listSubscriptions(customerId: string): Promise<PaymentSubscription[]>;
  /** The customer's Checkout sessions that can still be paid. */
  listOpenCheckouts(customerId: string): Promise<OpenCheckout[]>;
  /** Makes a Checkout session unpayable; one that is no longer open counts as done. */
  expireCheckout(id: string): Promise<void>;
  /**
   * Refunds every payment made for the subscription. Safe to repeat: a payment already
   * refunded is skipped, and each refund carries an idempotency key of its payment.
   */
  refundPayments(subscriptionId: string, reason: RefundReason): Promise<number>;
  /** Verifies the Stripe-Signature header over the raw body; throws InvalidWebhookSignatureError. */
  readEvent(rawBody: string, signature: string | undefined): PaymentEvent;
};

// docs/design.md: every external call has a timeout.
const STRIPE_TIMEOUT_MS = 10_000;

/** Loads the Stripe SDK (~10-20 MB) only on a server with payments configured (createDeps). */
export async function createPayments(settings: StripeSettings | null): Promise<Payments | null> {
  if (!settings) return null;
  const { default: StripeSdk } = await import("stripe");
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  const stripe = new StripeSdk(settings.secretKey, {
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 1,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
  const orNullWhenMissing = async <T>(request: Promise<T>): Promise<T | null> => {
    try {
      return await request;
    } catch (error) {
      if (error instanceof StripeSdk.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  };
  const planOfPrice = (priceId: string | undefined): Plan | null =>
    (Object.entries(settings.prices).find(([, price]) => price === priceId)?.[0] as Plan | undefined) ?? null;

  const toSubscription = (subscription: Stripe.Subscription): PaymentSubscription => {
    const item = subscription.items.data[0];
    return {
      id: subscription.id,
      customerId: typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
      status: subscription.status,
      // A price changed in Stripe keeps its subscribers: the plan written at checkout still names it.
      plan: planOfPrice(item?.price.id) ?? planOf(subscription.metadata?.plan),
      currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      userId: subscription.metadata?.userId || null,
      created: new Date(subscription.created * 1000),
    };
  };

  return {
    async createCustomer({ userId, email }) {
      const customer = await stripe.customers.create({ email, metadata: { userId } });
      return customer.id;
    },
    async createCheckout({ customerId, userId, plan, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        customer: customerId,
        client_reference_id: userId,
        line_items: [{ price: settings.prices[plan], quantity: 1 }],
        success_url: successUrl,
        cancel_url: cancelUrl,
        locale: "de",
        billing_address_collection: "required",
        tax_id_collection: { enabled: true },
        customer_update: { address: "auto", name: "auto" },
        metadata: { userId, plan },
        subscription_data: { metadata: { userId, plan } },
      });
      if (!session.url) throw new Error("Stripe lieferte keine Checkout-URL");
      return { url: session.url };
    },
    async createPortal({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
        locale: "de",
      });
      return { url: session.url ?? null };
    },
    async getCheckout(id) {
      const session = await orNullWhenMissing(stripe.checkout.sessions.retrieve(id));
      return session ? toCheckout(session) : null;
    },
    async getSubscription(id) {
      const subscription = await orNullWhenMissing(stripe.subscriptions.retrieve(id));
      return subscription ? toSubscription(subscription) : null;
    },
    async cancelAtPeriodEnd(id) {
      return toSubscription(await stripe.subscriptions.update(id, { cancel_at_period_end: true }));
    },
    async cancelNow(id) {
      await orNullWhenMissing(stripe.subscriptions.cancel(id));
    },
    async listSubscriptions(customerId) {
      // Without a status filter Stripe lists every subscription that is not cancelled; a
      // customer of ours has a handful at most, so one page of 100 is all of them.
      const page = await stripe.subscriptions.list({ customer: customerId, limit: 100 });
      return page.data.map(toSubscription);
    },
    async listOpenCheckouts(customerId) {
      const page = await stripe.checkout.sessions.list({ customer: customerId, status: "open", limit: 100 });
      return page.data.flatMap((session) =>
        session.url
          ? [
              {
                id: session.id,
                url: session.url,
                plan: planOf(session.metadata?.plan),
                created: new Date(session.created * 1000),
              },
            ]
          : [],
      );
    },
    async expireCheckout(id) {
      try {
        await stripe.checkout.sessions.expire(id);
      } catch (error) {
        // Stripe refuses to expire a session that is complete, expired or unknown: nothing is open.
        if (error instanceof StripeSdk.errors.StripeInvalidRequestError) return;
        throw error;
      }
    },
    async refundPayments(subscriptionId, reason) {
      let refunded = 0;
      const invoices = await stripe.invoices.list({ subscription: subscriptionId, status: "paid", limit: 100 });
      for (const invoice of invoices.data) {
        if (!invoice.id) continue;
        const payments = await stripe.invoicePayments.list({ invoice: invoice.id, status: "paid", limit: 100 });
        for (const { payment } of payments.data) {
          const paymentIntent = idOf(payment.payment_intent);
          if (!paymentIntent) continue;
          try {
            await stripe.refunds.create(
              { payment_intent: paymentIntent, reason, metadata: { subscriptionId } },
              { idempotencyKey: `postwerk-refund-${paymentIntent}` },
            );
            refunded += 1;
          } catch (error) {
            if (error instanceof StripeSdk.errors.StripeInvalidRequestError && error.code === "charge_already_refunded")
              continue;
            throw error;
          }
        }
      }
      return refunded;
    },
    readEvent(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? "", settings.webhookSecret);
      } catch {
        throw new InvalidWebhookSignatureError();
      }
      return toPaymentEvent(event);
    },
  };
}

function planOf(value: string | undefined): Plan | null {
  return (PLANS as readonly string[]).includes(value ?? "") ? (value as Plan) : null;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case "checkout.session.completed":
      return { id: event.id, type: event.type, ...toCheckout(event.data.object) };
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return { id: event.id, type: event.type, subscriptionId: event.data.object.id };
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const subscriptionId =
        idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(invoice.lines.data[0]?.subscription);
      return { id: event.id, type: event.type, subscriptionId };
    }
    default:
      return { id: event.id, type: "other", stripeType: event.type };
  }
}

function toCheckout(session: Stripe.Checkout.Session): CheckoutResult {
  return {
    userId: session.client_reference_id,
    customerId: idOf(session.customer),
    subscriptionId: session.status === "complete" ? idOf(session.subscription) : null,
    company: companyOf(session.customer_details),
  };
}

// Spec section 3 "company_billing_info": only a buyer who entered a business name or a VAT id
// in Checkout is a company; a private customer's address is not stored here.
function companyOf(details: Stripe.Checkout.Session.CustomerDetails | null): CheckoutCompany | null {
  const address = details?.address;
  const vatId = details?.tax_ids?.[0]?.value ?? null;
  const companyName = details?.business_name ?? (vatId ? details?.name : null);
  if (!details || !address || !companyName) return null;
  return {
    companyName,
    street: [address.line1, address.line2].filter(Boolean).join(", "),
    postalCode: address.postal_code ?? "",
    city: address.city ?? "",
    country: address.country ?? "",
    vatId,
  };
}
