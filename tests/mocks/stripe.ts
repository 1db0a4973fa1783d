import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

// A small fake of the Stripe API for tests (ADR 0023): the SDK is pointed at it through
// STRIPE_API_BASE and speaks its real wire format (form-encoded requests, JSON answers). It
// keeps customers, Checkout sessions and subscriptions in memory. Tests drive what a customer
// does in Stripe (complete a checkout, renew, fail a payment, cancel) and get back the webhook
// events Stripe would send, signed with the real signing scheme. With a `webhookUrl` it also
// serves a hosted Checkout and portal page for the browser tests and sends their events to the
// app itself, a moment after the redirect, as Stripe does.

export const FAKE_STRIPE_SECRET_KEY = "sk_test_postwerk_fake";
export const FAKE_WEBHOOK_SECRET = "whsec_postwerk_fake";
export const FAKE_PRICES = { generator_pro: "price_generator_pro", optimizer_premium: "price_optimizer_premium" };

const DAY_SECONDS = 24 * 60 * 60;

type FakeSubscription = {
  id: string;
  customer: string;
  status: string;
  price: string;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  metadata: Record<string, string>;
  created: number;
};

/** A paid invoice of a subscription and the payment (PaymentIntent) that paid it. */
type FakeInvoice = { id: string; subscription: string; paymentIntent: string };

type FakeSession = {
  id: string;
  customer: string;
  clientReferenceId: string;
  price: string;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  subscription: string | null;
  company: CompanyDetails | null;
  expired: boolean;
  created: number;
};

export type SignedEvent = { payload: string; signature: string; type: string; id: string };

export type CompanyDetails = {
  businessName: string;
  vatId: string | null;
  address: { line1: string; postalCode: string; city: string; country: string };
};

export type StripeFake = Awaited<ReturnType<typeof startStripeFake>>;

/** How long the hosted pages wait after the redirect before Stripe's events go out. */
const WEBHOOK_DELAY_MS = 1_000;

export async function startStripeFake({ port = 0, webhookUrl }: { port?: number; webhookUrl?: string } = {}) {
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_${(++counter).toString().padStart(6, "0")}`;
  const customers = new Map<string, { id: string; email: string; metadata: Record<string, string> }>();
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const requests: { method: string; path: string; body: URLSearchParams }[] = [];
  const portalReturnUrls = new Map<string, string>();
  const invoices: FakeInvoice[] = [];
  const refunds: { id: string; paymentIntent: string; reason: string; subscriptionId: string }[] = [];
  // Stripe answers a repeated Idempotency-Key with the first answer, without doing it again.
  const idempotentAnswers = new Map<string, { status: number; json: unknown }>();
  let failures = 0;
  let portalsWithoutUrl = 0;
  let failureMatch: (method: string, path: string) => boolean = () => true;
  // Creation times (seconds) that order strictly, so "the older one" is always well defined.
  let lastCreated = 0;
  const created = () => {
    lastCreated = Math.max(lastCreated + 1, Math.floor(Date.now() / 1000));
    return lastCreated;
  };

  const subscriptionJson = (subscription: FakeSubscription) => ({
    id: subscription.id,
    object: "subscription",
    customer: subscription.customer,
    status: subscription.status,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    metadata: subscription.metadata,
    created: subscription.created,
    items: {
      object: "list",
      data: [
        {
          id: `si_${subscription.id}`,
          object: "subscription_item",
          price: { id: subscription.price, object: "price" },
          current_period_end: subscription.currentPeriodEnd,
        },
      ],
    },
  });

  const statusOf = (session: FakeSession) => (session.subscription ? "complete" : session.expired ? "expired" : "open");
  const sessionJson = (session: FakeSession) => {
    const company = session.company;
    return {
      id: session.id,
      object: "checkout.session",
      mode: "subscription",
      created: session.created,
      url: statusOf(session) === "open" ? `${fakeUrl}/checkout/${session.id}` : null,
      status: statusOf(session),
      payment_status: session.subscription ? "paid" : "unpaid",
      customer: session.customer,
      subscription: session.subscription,
      client_reference_id: session.clientReferenceId,
      metadata: session.metadata,
      customer_details: session.subscription
        ? {
            email: customers.get(session.customer)?.email ?? null,
            name: company ? "Erika Mustermann" : null,
            business_name: company?.businessName ?? null,
            address: company
              ? {
                  line1: company.address.line1,
                  line2: null,
                  postal_code: company.address.postalCode,
                  city: company.address.city,
                  country: company.address.country,
                  state: null,
                }
              : null,
            tax_ids: company?.vatId ? [{ type: "eu_vat", value: company.vatId }] : [],
          }
        : null,
    };
  };

  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
    const url = new URL(request.url ?? "/", "http://fake");
    const method = request.method ?? "GET";
    requests.push({ method, path: url.pathname, body });
    const answer = (status: number, json: unknown) => {
      response.writeHead(status, { "content-type": "application/json", "request-id": nextId("req") });
      response.end(JSON.stringify(json));
    };
    const notFound = () =>
      answer(404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such object" } });
    if (failures > 0 && failureMatch(method, url.pathname)) {
      failures -= 1;
      answer(500, { error: { type: "api_error", message: "Fake-Ausfall" } });
      return;
    }
    const metadata = () => {
      const found: Record<string, string> = {};
      for (const [key, value] of body) {
        const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
        if (name) found[name] = value;
      }
      return found;
    };

    if (method === "POST" && url.pathname === "/v1/customers") {
      const customer = { id: nextId("cus"), email: body.get("email") ?? "", metadata: metadata() };
      customers.set(customer.id, customer);
      return answer(200, { object: "customer", ...customer });
    }
    if (webhookUrl && !url.pathname.startsWith("/v1/")) return servePage(method, url, body, response);
    if (method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const session: FakeSession = {
        id: nextId("cs_test"),
        customer: body.get("customer") ?? "",
        clientReferenceId: body.get("client_reference_id") ?? "",
        price: body.get("line_items[0][price]") ?? "",
        successUrl: body.get("success_url") ?? "",
        cancelUrl: body.get("cancel_url") ?? "",
        metadata: metadata(),
        subscription: null,
        company: null,
        expired: false,
        created: created(),
      };
      sessions.set(session.id, session);
      return answer(200, sessionJson(session));
    }
    const list = (data: unknown[]) => answer(200, { object: "list", data, has_more: false, url: url.pathname });
    if (method === "GET" && url.pathname === "/v1/checkout/sessions") {
      const customer = url.searchParams.get("customer");
      const status = url.searchParams.get("status");
      return list(
        [...sessions.values()]
          .filter(
            (session) => (!customer || session.customer === customer) && (!status || statusOf(session) === status),
          )
          .sort((a, b) => b.created - a.created)
          .map(sessionJson),
      );
    }
    const expirePath = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
    if (method === "POST" && expirePath?.[1]) {
      const session = sessions.get(expirePath[1]);
      if (!session) return notFound();
      if (statusOf(session) !== "open")
        return answer(400, {
          error: {
            type: "invalid_request_error",
            message: `Only Checkout Sessions with a status in ["open"] can be expired.`,
          },
        });
      session.expired = true;
      return answer(200, sessionJson(session));
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (method === "GET" && sessionPath?.[1]) {
      const session = sessions.get(sessionPath[1]);
      return session ? answer(200, sessionJson(session)) : notFound();
    }
    if (method === "GET" && url.pathname === "/v1/subscriptions") {
      // Like Stripe without a status filter: every subscription that is not cancelled.
      const customer = url.searchParams.get("customer");
      return list(
        [...subscriptions.values()]
          .filter((subscription) => subscription.customer === customer && subscription.status !== "canceled")
          .sort((a, b) => b.created - a.created)
          .map(subscriptionJson),
      );
    }
    if (method === "GET" && url.pathname === "/v1/invoices") {
      const subscription = url.searchParams.get("subscription");
      return list(
        invoices
          .filter((invoice) => invoice.subscription === subscription)
          .map((invoice) => ({ ...invoiceJson(mustGet(invoice.subscription)), id: invoice.id })),
      );
    }
    if (method === "GET" && url.pathname === "/v1/invoice_payments") {
      const invoice = invoices.find((candidate) => candidate.id === url.searchParams.get("invoice"));
      return list(
        invoice
          ? [
              {
                id: `inpay_${invoice.id}`,
                object: "invoice_payment",
                invoice: invoice.id,
                status: "paid",
                payment: { type: "payment_intent", payment_intent: invoice.paymentIntent },
              },
            ]
          : [],
      );
    }
    if (method === "POST" && url.pathname === "/v1/refunds") {
      const key = request.headers["idempotency-key"];
      const earlier = typeof key === "string" ? idempotentAnswers.get(key) : undefined;
      if (earlier) return answer(earlier.status, earlier.json);
      const paymentIntent = body.get("payment_intent") ?? "";
      const invoice = invoices.find((candidate) => candidate.paymentIntent === paymentIntent);
      let result: { status: number; json: unknown };
      if (!invoice)
        result = { status: 404, json: { error: { type: "invalid_request_error", code: "resource_missing" } } };
      else if (refunds.some((refund) => refund.paymentIntent === paymentIntent))
        result = {
          status: 400,
          json: {
            error: { type: "invalid_request_error", code: "charge_already_refunded", message: "Already refunded" },
          },
        };
      else {
        const refund = {
          id: nextId("re"),
          paymentIntent,
          reason: body.get("reason") ?? "",
          subscriptionId: invoice.subscription,
        };
        refunds.push(refund);
        result = {
          status: 200,
          json: { object: "refund", status: "succeeded", payment_intent: paymentIntent, ...refund },
        };
      }
      if (typeof key === "string") idempotentAnswers.set(key, result);
      return answer(result.status, result.json);
    }
    if (method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
      const customer = body.get("customer") ?? "";
      if (!customers.has(customer)) return notFound();
      portalReturnUrls.set(customer, body.get("return_url") ?? "");
      return answer(200, {
        id: nextId("bps"),
        object: "billing_portal.session",
        customer,
        url: portalsWithoutUrl-- > 0 ? null : `${fakeUrl}/portal/${customer}`,
      });
    }
    const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (subscriptionPath?.[1]) {
      const subscription = subscriptions.get(subscriptionPath[1]);
      if (!subscription) return notFound();
      if (method === "POST" && body.has("cancel_at_period_end")) {
        subscription.cancelAtPeriodEnd = body.get("cancel_at_period_end") === "true";
      }
      // Like Stripe: an expired first attempt is final and cannot be cancelled.
      if (method === "DELETE" && subscription.status === "incomplete_expired")
        return answer(400, {
          error: { type: "invalid_request_error", message: "A canceled subscription can only update its metadata." },
        });
      if (method === "DELETE") subscription.status = "canceled";
      return answer(200, subscriptionJson(subscription));
    }
    return notFound();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  const fakeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function sign(type: string, object: unknown): SignedEvent {
    const id = nextId("evt");
    const payload = JSON.stringify({
      id,
      object: "event",
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object },
    });
    return {
      id,
      type,
      payload,
      signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_WEBHOOK_SECRET }),
    };
  }

  const invoiceJson = (subscription: FakeSubscription) => ({
    id: nextId("in"),
    object: "invoice",
    customer: subscription.customer,
    status: "paid",
    billing_reason: "subscription_cycle",
    parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: {} } },
    lines: {
      object: "list",
      data: [{ subscription: subscription.id, period: { end: subscription.currentPeriodEnd } }],
    },
  });

  function mustGet(id: string): FakeSubscription {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`Fake kennt das Abo ${id} nicht`);
    return subscription;
  }

  // The browser's side of Stripe: a hosted Checkout page that takes any payment, and a portal
  // that can cancel at the end of the period. Each sends its events to the app like Stripe.
  async function sendToApp(events: SignedEvent[]) {
    await new Promise((resolve) => setTimeout(resolve, WEBHOOK_DELAY_MS));
    for (const event of events) {
      const response = await fetch(webhookUrl ?? "", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": event.signature },
        body: event.payload,
      }).catch((error: unknown) => error);
      if (!(response instanceof Response) || !response.ok) console.error(`Webhook ${event.type} abgelehnt`, response);
    }
  }

  function servePage(method: string, url: URL, form: URLSearchParams, response: http.ServerResponse) {
    const html = (title: string, content: string) => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(
        `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${content}</body></html>`,
      );
    };
    const redirect = (location: string) => {
      response.writeHead(303, { location });
      response.end();
    };
    const [, page, id, action, subscriptionId] = url.pathname.split("/");
    const session = page === "checkout" ? sessions.get(id ?? "") : undefined;
    if (session && method === "GET") {
      const plan = session.price === FAKE_PRICES.generator_pro ? "Beitragsgenerator Pro" : "X-Post Optimizer Premium";
      return html(
        "Testzahlung",
        `<p>${plan}</p><form method="post">
          <label>Firmenname <input name="businessName"></label>
          <label>USt-IdNr. <input name="vatId"></label>
          <button>Bezahlen</button></form>
        <a href="${session.cancelUrl}">Zurück</a>`,
      );
    }
    if (session && method === "POST") {
      const businessName = form.get("businessName");
      const company = businessName
        ? {
            businessName,
            vatId: form.get("vatId") || null,
            address: { line1: "Domstraße 1", postalCode: "50667", city: "Köln", country: "DE" },
          }
        : null;
      void sendToApp(fake.completeCheckout(session.id, company));
      return redirect(session.successUrl.replace("{CHECKOUT_SESSION_ID}", session.id));
    }
    const customer = page === "portal" ? customers.get(id ?? "") : undefined;
    if (customer && method === "POST" && action === "cancel" && subscriptionId) {
      void sendToApp([fake.change(subscriptionId, { cancelAtPeriodEnd: true })]);
      return redirect(`${fakeUrl}/portal/${customer.id}`);
    }
    if (customer && method === "GET") {
      const items = [...subscriptions.values()]
        .filter((subscription) => subscription.customer === customer.id)
        .map(
          (subscription) =>
            `<li>${subscription.price}: ${subscription.status}${
              subscription.cancelAtPeriodEnd
                ? " (endet zum Periodenende)"
                : `<form method="post" action="/portal/${customer.id}/cancel/${subscription.id}"><button>Abo kündigen</button></form>`
            }</li>`,
        );
      return html(
        "Kundenportal",
        `<ul>${items.join("")}</ul><a href="${portalReturnUrls.get(customer.id) ?? ""}">Zurück zu Postwerk</a>`,
      );
    }
    response.writeHead(404);
    response.end();
  }

  const fake = {
    url: fakeUrl,
    requests,
    /** The env a Postwerk server needs to talk to this fake. */
    env: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_PRICE_GENERATOR_PRO: FAKE_PRICES.generator_pro,
      STRIPE_PRICE_OPTIMIZER_PREMIUM: FAKE_PRICES.optimizer_premium,
      STRIPE_API_BASE: fakeUrl,
    },
    /**
     * The next `count` API requests answer 500, as a Stripe outage would; with `match`, only
     * requests it picks (say, refunds) fail, and the others go through.
     */
    failNext(count: number, match: (method: string, path: string) => boolean = () => true) {
      failures = count;
      failureMatch = match;
    },
    /** The next `count` portal sessions come back without a URL (spec section 8 "Keine Portal-URL erhalten"). */
    portalWithoutUrlNext(count: number) {
      portalsWithoutUrl = count;
    },
    /** The Checkout session a checkout URL (or session id) points at. */
    sessionOf(checkoutUrl: string): FakeSession {
      const session = sessions.get(checkoutUrl.split("/").at(-1) ?? "");
      if (!session) throw new Error(`Keine Checkout-Sitzung zu ${checkoutUrl}`);
      return session;
    },
    /**
     * The customer pays in Checkout: the subscription starts, and Stripe sends what it sends
     * then (the session completed, the subscription created, the first invoice paid).
     */
    completeCheckout(checkoutUrl: string, company: CompanyDetails | null = null): SignedEvent[] {
      const session = fake.sessionOf(checkoutUrl);
      if (statusOf(session) !== "open") throw new Error(`Checkout-Sitzung ${session.id} ist ${statusOf(session)}`);
      const subscription: FakeSubscription = {
        id: nextId("sub"),
        customer: session.customer,
        status: "active",
        price: session.price,
        currentPeriodEnd: Math.floor(Date.now() / 1000) + 30 * DAY_SECONDS,
        cancelAtPeriodEnd: false,
        metadata: session.metadata,
        created: created(),
      };
      subscriptions.set(subscription.id, subscription);
      invoices.push({ id: nextId("in"), subscription: subscription.id, paymentIntent: nextId("pi") });
      session.subscription = subscription.id;
      session.company = company;
      return [
        sign("checkout.session.completed", sessionJson(session)),
        sign("customer.subscription.created", subscriptionJson(subscription)),
        sign("invoice.paid", { ...invoiceJson(subscription), billing_reason: "subscription_create" }),
      ];
    },
    /** A new billing period is paid: the period moves on and Stripe sends invoice.paid. */
    renew(subscriptionId: string): SignedEvent[] {
      const subscription = mustGet(subscriptionId);
      subscription.currentPeriodEnd += 30 * DAY_SECONDS;
      subscription.status = "active";
      invoices.push({ id: nextId("in"), subscription: subscription.id, paymentIntent: nextId("pi") });
      return [sign("invoice.paid", invoiceJson(subscription))];
    },
    /** Changes the subscription in Stripe (as the portal or dunning would) and signs the update. */
    change(
      subscriptionId: string,
      changes: Partial<Pick<FakeSubscription, "status" | "cancelAtPeriodEnd">>,
    ): SignedEvent {
      const subscription = mustGet(subscriptionId);
      Object.assign(subscription, changes);
      const type =
        subscription.status === "canceled" ? "customer.subscription.deleted" : "customer.subscription.updated";
      return sign(type, subscriptionJson(subscription));
    },
    paymentFailed(subscriptionId: string): SignedEvent[] {
      const subscription = mustGet(subscriptionId);
      subscription.status = "past_due";
      return [
        sign("invoice.payment_failed", { ...invoiceJson(subscription), status: "open" }),
        sign("customer.subscription.updated", subscriptionJson(subscription)),
      ];
    },
    subscription: (id: string) => subscriptions.get(id),
    subscriptionIds: () => [...subscriptions.keys()],
    /**
     * A second open Checkout session like the given one, made at Stripe directly: what two
     * browser tabs got before Postwerk reused open sessions, or two requests at the same moment.
     */
    duplicateSession(checkoutUrl: string): string {
      const original = fake.sessionOf(checkoutUrl);
      const copy: FakeSession = {
        ...original,
        id: nextId("cs_test"),
        subscription: null,
        company: null,
        created: created(),
      };
      sessions.set(copy.id, copy);
      return `${fakeUrl}/checkout/${copy.id}`;
    },
    /** Whether a Checkout session can still be paid. */
    sessionStatus: (checkoutUrl: string) => statusOf(fake.sessionOf(checkoutUrl)),
    /** Every refund made, with the subscription whose payment it returned. */
    refunds: () => [...refunds],
    /** An event of a type Postwerk does not handle. */
    otherEvent: () => sign("customer.updated", { id: "cus_x", object: "customer" }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
