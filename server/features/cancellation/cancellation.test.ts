import { eq, sql } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cancellationRequests, subscriptions } from "#server/db/schema/billing.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { CANCELLATION_TEXTS } from "#shared/cancellation.ts";
import { type StripeFake, startStripeFake } from "../../../tests/mocks/stripe.ts";
import { createTestApp, expectAnswer, readJson, type TestApp } from "../../../tests/setup/test-app.ts";
import { readOutbox, waitForMail } from "../../../tests/support/outbox.ts";

// The cancellation button of § 312k BGB (ADR 0023): signed in, a running plan ends with its
// paid period at once; signed out, the request is stored, matched by e-mail and confirmed.

let stripe: StripeFake;
let t: TestApp;
beforeAll(async () => {
  stripe = await startStripeFake();
  t = await createTestApp({ env: { ...stripe.env, TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let count = 0;
const visitorAddress = () => ({ "x-forwarded-for": `198.51.100.${++count}` });

type CancellationForm = InferRequestType<ReturnType<TestApp["api"]>["cancellation"]["$post"]>["json"];

function cancel(json: CancellationForm, cookie?: string) {
  return t.api(cookie).cancellation.$post({ json }, { headers: visitorAddress() });
}

/** Any body, for the forms the typed client would not send. */
function cancelRaw(body: Record<string, unknown>, cookie?: string) {
  return t.request("/api/cancellation", {
    method: "POST",
    body: JSON.stringify(body),
    headers: visitorAddress(),
    cookie,
  });
}

async function customerWithPro() {
  const email = `kuendigung-${++count}@example.test`;
  const cookie = await t.signUpAndConfirm(email);
  const [profile] = await t.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
  const { url } = await readJson(await t.api(cookie).billing.checkout.$post({ json: { plan: "generator_pro" } }), 200);
  for (const event of stripe.completeCheckout(url)) {
    await t.app.request("/api/billing/webhook", {
      method: "POST",
      headers: { "stripe-signature": event.signature },
      body: event.payload,
    });
  }
  return { email, cookie, userId: profile?.id ?? "" };
}

const form = (email: string): CancellationForm => ({
  name: "Erika Mustermann",
  email,
  plan: "generator_pro",
  kind: "ordinary",
  effective: "next_possible",
});

describe("POST /api/cancellation", () => {
  it("ends a signed-in customer's plan with its paid period and confirms it with date and time", async () => {
    const { email, cookie, userId } = await customerWithPro();
    const receipt = await readJson(await cancel(form(email), cookie), 201);
    expectAnswer(receipt).toMatchObject({ executed: true });
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    // The paid period as Stripe reported it for this subscription.
    expect(receipt.periodEnd).toBe(row?.currentPeriodEnd?.toISOString());
    expect(row).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect(stripe.subscription(row?.stripeSubscriptionId ?? "")?.cancelAtPeriodEnd).toBe(true);
    const mail = await waitForMail(t.dataDir, email, (m) => m.subject === "Eingangsbestätigung Ihrer Kündigung");
    expect(mail.text).toMatch(/am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr erhalten/);
    expect(mail.text).toContain("Vertrag: Beitragsgenerator Pro");
    expect(mail.text).toContain("Zeitpunkt: zum nächstmöglichen Zeitpunkt");
    expect(mail.text).toContain("endet zum Ende des bezahlten Zeitraums");
  });

  it("ends every subscription of the plan Stripe knows for the account, not only the stored one (ADR 0048)", async () => {
    const email = `zwei-abos-${++count}@example.test`;
    const cookie = await t.signUpAndConfirm(email);
    const checkout = await t.api(cookie).billing.checkout.$post({ json: { plan: "generator_pro" } });
    const { url } = await readJson(checkout, 200);
    const second = stripe.duplicateSession(url);
    for (const event of stripe.completeCheckout(url)) {
      await t.app.request("/api/billing/webhook", {
        method: "POST",
        headers: { "stripe-signature": event.signature },
        body: event.payload,
      });
    }
    const stored = stripe.subscriptionIds().at(-1) ?? "";
    // Paid too; its webhooks are still on their way, so Postwerk has not stored it.
    stripe.completeCheckout(second);
    const unknown = stripe.subscriptionIds().at(-1) ?? "";

    const response = await cancel(form(email), cookie);
    expect(await response.json()).toMatchObject({ executed: true });
    expect(stripe.subscription(stored)?.cancelAtPeriodEnd).toBe(true);
    expect(stripe.subscription(unknown)?.cancelAtPeriodEnd).toBe(true);
  });

  it("stores a signed-out request, matches it to the account by e-mail and changes nothing in Stripe", async () => {
    const { email, userId } = await customerWithPro();
    const response = await cancel({ ...form(email.toUpperCase()), kind: "extraordinary", reason: "Umzug" });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ executed: false, periodEnd: null });
    const [request] = await t.db.select().from(cancellationRequests).where(eq(cancellationRequests.userId, userId));
    expect(request).toMatchObject({ signedIn: false, kind: "extraordinary", reason: "Umzug", status: "received" });
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(row?.cancelAtPeriodEnd).toBe(false);
    const mail = await waitForMail(t.dataDir, email, (m) => m.subject.startsWith("Eingangsbestätigung"));
    expect(mail.text).toContain("Art: Außerordentliche (fristlose) Kündigung");
  });

  it("stores and confirms a signed-in cancellation even when Stripe cannot be reached, for the operator to finish", async () => {
    const { email, cookie, userId } = await customerWithPro();
    stripe.failNext(2);
    const response = await cancel(form(email), cookie);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ executed: false });
    const [request] = await t.db.select().from(cancellationRequests).where(eq(cancellationRequests.userId, userId));
    expect(request?.status).toBe("received");
    await waitForMail(t.dataDir, email, (m) => m.subject === "Eingangsbestätigung Ihrer Kündigung");
  });

  it("leaves a signed-in cancellation to a chosen date for the operator instead of ending it at the period's end", async () => {
    const { email, cookie, userId } = await customerWithPro();
    const response = await cancel({ ...form(email), effective: "2099-06-30" }, cookie);
    expect(await response.json()).toMatchObject({ executed: false });
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(row?.cancelAtPeriodEnd).toBe(false);
  });

  it("takes a request for an address without an account, too", async () => {
    const response = await cancel({ ...form("unbekannt@example.test"), effective: "2099-12-31" });
    expect(response.status).toBe(201);
    const [request] = await t.db
      .select()
      .from(cancellationRequests)
      .where(eq(cancellationRequests.email, "unbekannt@example.test"));
    expect(request).toMatchObject({ userId: null, effective: "2099-12-31" });
  });

  it.each([
    ["no name", { name: " " }, CANCELLATION_TEXTS.nameInvalid],
    ["no e-mail", { email: "erika@" }, CANCELLATION_TEXTS.emailInvalid],
    ["an unknown contract", { plan: "gold" }, CANCELLATION_TEXTS.planInvalid],
    ["an unknown kind", { kind: "sofort" }, CANCELLATION_TEXTS.kindInvalid],
    ["a date in the past", { effective: "2020-01-01" }, CANCELLATION_TEXTS.dateInvalid],
    ["no date", { effective: "morgen" }, CANCELLATION_TEXTS.dateInvalid],
    ["a day that does not exist", { effective: "2099-02-31" }, CANCELLATION_TEXTS.dateInvalid],
    [
      "a link as the name",
      { name: "Ihre Bank – bitte Konto verifizieren unter https://bank.example" },
      CANCELLATION_TEXTS.nameCharacters,
    ],
    [
      "a domain in the name",
      { name: "Ihre Bank bitte verifizieren unter bank-login.example" },
      CANCELLATION_TEXTS.nameCharacters,
    ],
    ["a line break in the name", { name: "Erika\nMustermann" }, CANCELLATION_TEXTS.nameCharacters],
    ["digits in the name", { name: "Erika 0800 123456" }, CANCELLATION_TEXTS.nameCharacters],
    ["a name too long", { name: "Erika ".repeat(20).trim() }, CANCELLATION_TEXTS.nameTooLong],
  ])("refuses %s with 400 and the German reason, storing nothing", async (_case, change, message) => {
    const email = `falsch-${++count}@example.test`;
    const response = await cancelRaw({ ...form(email), ...change });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message, code: "INVALID_INPUT" });
    expect(await t.db.select().from(cancellationRequests).where(eq(cancellationRequests.email, email))).toHaveLength(0);
  });

  it.each(["Erika Mustermann-Gabler", "Jean-Luc O’Neill", "Dr. Anna Müller", "Zoë d'Artagnan", "Nguyễn Văn An"])(
    "takes %s as a name",
    async (name) => {
      const response = await cancel({ ...form(`name-${++count}@example.test`), name, effective: "2099-12-31" });
      expect(response.status).toBe(201);
    },
  );

  it("sends at most three receipts an hour to one address, from any client address, answering alike (ADR 0048)", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const email = `ziel-${++count}@example.test`;
    const receipts = async () =>
      (await readOutbox(t.dataDir)).filter(
        (mail) => mail.to.toLowerCase() === email && mail.subject === "Eingangsbestätigung Ihrer Kündigung",
      );
    const answers: unknown[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      // Each from another client address; the same address in capitals counts as the same.
      const response = await cancel({ ...form(attempt === 1 ? email.toUpperCase() : email), effective: "2099-12-31" });
      expect(response.status).toBe(201);
      answers.push(Object.keys(await response.json()).sort());
    }
    expect(new Set(answers.map((keys) => JSON.stringify(keys)))).toEqual(
      new Set([JSON.stringify(["executed", "periodEnd", "receivedAt"])]),
    );
    expect(await receipts()).toHaveLength(3);
    // Every one of them is stored for the operator all the same.
    const stored = await t.db
      .select()
      .from(cancellationRequests)
      .where(sql`lower(${cancellationRequests.email}) = ${email}`);
    expect(stored).toHaveLength(5);

    vi.setSystemTime(Date.now() + 61 * 60_000);
    expect((await cancel({ ...form(email), effective: "2099-12-31" })).status).toBe(201);
    expect(await receipts()).toHaveLength(4);
  });

  it("takes at most five requests in ten minutes from one client address", async () => {
    const from = { "x-forwarded-for": "203.0.113.77" };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const json = { ...form(`adresse-${++count}@example.test`), effective: "2099-12-31" };
      const response = await t.api().cancellation.$post({ json }, { headers: from });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
