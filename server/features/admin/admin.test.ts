import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminAuditLog } from "#server/db/schema/admin-audit.ts";
import { user } from "#server/db/schema/auth.ts";
import { cancellationRequests, subscriptions } from "#server/db/schema/billing.ts";
import { contactMessages } from "#server/db/schema/contact-messages.ts";
import { contentGenerationLogs } from "#server/db/schema/content-generation-logs.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { expireManualGrants } from "#server/features/billing/billing-manual-grants.service.ts";
import { ADMIN_MESSAGES, ADMIN_TEXTS, ADMIN_USERS_PAGE_SIZE, MANUAL_GRANT_DAYS } from "#shared/admin.ts";
import { STARTING_CREDITS } from "#shared/credits.ts";
import {
  ADMIN_EMAIL,
  adminCookie,
  CUSTOMER_EMAIL,
  customerCookie,
  setUpAdminTestApp,
  t,
} from "../../../tests/setup/app-per-file.ts";
import { expectAnswer, readJson } from "../../../tests/setup/test-app.ts";
import { readOutbox } from "../../../tests/support/outbox.ts";

// The admin's messages, users, credits, plans by hand and audit log (ADR 0024), through the
// real app: admins come from ADMIN_EMAILS, everyone else is refused by the server itself.

setUpAdminTestApp();

/** Any method, path and body: for the refusals and the input the typed client would not send. */
const send = (method: string, path: string, body: unknown, cookie: string) =>
  t.request(path, { method, body: JSON.stringify(body), cookie });
const admin = () => t.api(adminCookie).admin;
const findUsers = async (q: string, page = "1") => readJson(await admin().users.$get({ query: { q, page } }), 200);
const putCredits = (id: string, json: { credits: number; expectedCredits: number }) =>
  admin().users[":id"].credits.$put({ param: { id }, json });
const putPlan = (id: string, json: { plan: "generator_pro" | "optimizer_premium"; granted: boolean }) =>
  admin().users[":id"].plans.$put({ param: { id }, json });

const profileOf = async (email: string) =>
  (await t.db.select().from(profiles).where(eq(profiles.email, email)))[0] ?? expect.unreachable();

let messageCount = 0;
async function storeMessage(
  status: "new" | "read" | "responded" = "new",
  spamSuspicion: "honeypot" | "too-fast" | null = null,
) {
  messageCount += 1;
  const [row] = await t.db
    .insert(contactMessages)
    .values({
      name: "Erika Mustermann",
      email: `besucherin-${messageCount}@example.test`,
      message: `Guten Tag, ich habe Frage Nummer ${messageCount}.`,
      status,
      spamSuspicion,
    })
    .returning();
  return row ?? expect.unreachable();
}

describe("the admin's routes", () => {
  const ID = "00000000-0000-4000-8000-000000000000";
  const routes: [string, string, unknown][] = [
    ["GET", "/api/admin/audit", undefined],
    ["GET", "/api/admin/messages", undefined],
    ["GET", "/api/admin/messages/cancellations", undefined],
    ["POST", `/api/admin/messages/${ID}/read`, {}],
    ["POST", `/api/admin/messages/${ID}/reply`, { responseText: "Hallo" }],
    ["GET", "/api/admin/users", undefined],
    ["PUT", `/api/admin/users/${ID}/credits`, { credits: 5, expectedCredits: 0 }],
    ["PUT", `/api/admin/users/${ID}/plans`, { plan: "generator_pro", granted: true }],
  ];

  it("answer 401 without a session and 403 to a user who is not an admin", async () => {
    for (const [method, path, body] of routes) {
      const init = { method, body: body === undefined ? undefined : JSON.stringify(body) };
      const anonymous = await t.request(path, init);
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      const user = await t.request(path, { ...init, cookie: customerCookie });
      expect(user.status, `${method} ${path}`).toBe(403);
      expect(await user.json()).toEqual({ error: ADMIN_MESSAGES.notAdmin, code: "NOT_ADMIN" });
    }
  });

  it("check is_admin on every request: an admin whose flag is taken away is refused at once", async () => {
    const cookie = await t.signUpAndConfirm("ex-admin@example.test");
    await t.db.update(profiles).set({ isAdmin: true }).where(eq(profiles.email, "ex-admin@example.test"));
    const users = () => t.api(cookie).admin.users.$get({ query: { q: "", page: "1" } });
    expect((await users()).status).toBe(200);
    await t.db.update(profiles).set({ isAdmin: false }).where(eq(profiles.email, "ex-admin@example.test"));
    expect((await users()).status).toBe(403);
  });
});

describe("contact messages", () => {
  it("are listed newest first with their status", async () => {
    const older = await storeMessage("read");
    const newer = await storeMessage();
    const { messages } = await readJson(await admin().messages.$get({ query: {} }), 200);
    const ids = messages.map((message) => message.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(messages.find((message) => message.id === older.id)?.status).toBe("read");
  });

  it("are filtered by a suspicion of spam in the database, and an unknown filter is refused in German (ADR 0081)", async () => {
    const honest = await storeMessage();
    const suspected = await storeMessage("new", "honeypot");
    const ids = async (query: { spam?: "exclude" | "only" }) =>
      (await readJson(await admin().messages.$get({ query }), 200)).messages.map((message) => message.id);
    expect(await ids({})).toEqual(expect.arrayContaining([honest.id, suspected.id]));
    const withoutSpam = await ids({ spam: "exclude" });
    expect(withoutSpam).toContain(honest.id);
    expect(withoutSpam).not.toContain(suspected.id);
    const onlySpam = await ids({ spam: "only" });
    expect(onlySpam).toContain(suspected.id);
    expect(onlySpam).not.toContain(honest.id);
    const unknown = await send("GET", "/api/admin/messages?spam=vielleicht", undefined, adminCookie);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: ADMIN_MESSAGES.invalidInput, code: "INVALID_INPUT" });
  });

  it("go from new to read, and a message already answered stays answered", async () => {
    const fresh = await storeMessage();
    const markRead = (id: string) => admin().messages[":id"].read.$post({ param: { id } });
    expect((await markRead(fresh.id)).status).toBe(200);
    const answered = await storeMessage("responded");
    expect((await markRead(answered.id)).status).toBe(200);
    const rows = await t.db.select().from(contactMessages);
    expect(rows.find((row) => row.id === fresh.id)?.status).toBe("read");
    expect(rows.find((row) => row.id === answered.id)?.status).toBe("responded");
    const unknown = await markRead("keine-uuid");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: ADMIN_MESSAGES.notFound, code: "NOT_FOUND" });
  });

  it("are answered by e-mail to their sender, quoted, then marked responded and written to the audit log", async () => {
    const message = await storeMessage();
    const responseText =
      "Hallo Erika,\n\nvielen Dank für Ihre Nachricht! Gern schicken wir ein Angebot.\n\nViele Grüße";
    const response = await send(
      "POST",
      `/api/admin/messages/${message.id}/reply`,
      // The recipient comes from the stored message, never from the request.
      { responseText: `  ${responseText}  `, senderName: "Team Postwerk", recipientEmail: "fremd@example.test" },
      adminCookie,
    );
    expect(response.status).toBe(200);
    const mails = (await readOutbox(t.dataDir)).filter((mail) => mail.subject.startsWith("Antwort auf Ihre Nachricht"));
    const mail = mails.find((candidate) => candidate.to === message.email);
    expect(mail?.text).toContain("vielen Dank für Ihre Nachricht! Gern schicken wir ein Angebot.");
    expect(mail?.text).toContain(message.message);
    expect(mails.some((candidate) => candidate.to === "fremd@example.test")).toBe(false);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, message.id));
    expect(row?.status).toBe("responded");
    const [audit] = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, message.id));
    expect(audit).toMatchObject({ action: "message.reply", before: { status: "new" } });
    expect(audit?.after).toMatchObject({ status: "responded", responseText });
  });

  it("refuse a blank answer in German, and say so when the mail cannot be sent", async () => {
    const message = await storeMessage();
    const blank = await send("POST", `/api/admin/messages/${message.id}/reply`, { responseText: "   " }, adminCookie);
    expect(blank.status).toBe(400);
    expect(await blank.json()).toEqual({ error: ADMIN_MESSAGES.responseEmpty, code: "INVALID_INPUT" });

    const broken = await t.restartWith({
      overrides: {
        mailer: {
          send: async () => {
            throw new Error("SMTP nicht erreichbar");
          },
        },
      },
    });
    const failed = await broken.request(`/api/admin/messages/${message.id}/reply`, {
      method: "POST",
      body: JSON.stringify({ responseText: "Hallo" }),
      cookie: adminCookie,
    });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ error: ADMIN_TEXTS.responseFailed, code: "MAIL_FAILED" });
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, message.id));
    expect(row?.status).toBe("new");
  });

  it("come with the § 312k cancellations that wait for the operator, matched to their account", async () => {
    const customer = await profileOf(CUSTOMER_EMAIL);
    await t.db.insert(cancellationRequests).values({
      userId: customer.id,
      signedIn: false,
      name: "Kundin",
      email: CUSTOMER_EMAIL,
      plan: "generator_pro",
      kind: "extraordinary",
      effective: "next_possible",
      reason: "Umzug ins Ausland",
      status: "received",
    });
    const { cancellations } = await readJson(await admin().messages.cancellations.$get(), 200);
    expect(cancellations[0]).toMatchObject({
      accountEmail: CUSTOMER_EMAIL,
      planLabel: "Beitragsgenerator Pro",
      reason: "Umzug ins Ausland",
      status: "received",
    });
  });
});

describe("users and credits", () => {
  it("are searched by a case-insensitive part of the e-mail, newest first, a page at a time", async () => {
    const values = Array.from({ length: ADMIN_USERS_PAGE_SIZE + 2 }, (_, index) => ({
      id: `suche-${index}`,
      email: `Suche_${String(index).padStart(3, "0")}@Beispiel.test`,
    }));
    // Profiles need their auth user; both are written as sign-up would.
    await t.db.insert(user).values(values.map((v) => ({ id: v.id, email: v.email, name: v.id, emailVerified: true })));
    await t.db.insert(profiles).values(
      values.map((v, index) => ({
        id: v.id,
        email: v.email,
        credits: index,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
      })),
    );
    await t.db.insert(contentGenerationLogs).values({ userId: "suche-51", creditsRemaining: 50 });

    const body = await findUsers("SUCHE_");
    expect(body.users).toHaveLength(ADMIN_USERS_PAGE_SIZE);
    expect(body.users[0]?.email).toBe("Suche_051@Beispiel.test");
    expect(body.users[0]?.lastGenerationAt).not.toBeNull();
    expect(body.hasMore).toBe(true);
    const second = await findUsers("suche_", "2");
    expect(second.users.map((u) => u.email)).toEqual(["Suche_001@Beispiel.test", "Suche_000@Beispiel.test"]);
    expect(second.hasMore).toBe(false);
    // "_" is a character here, not a wildcard: "suche0" matches nobody.
    expect((await findUsers("suche%")).users).toHaveLength(0);
    expect((await admin().users.$get({ query: { q: "x".repeat(300), page: "1" } })).status).toBe(400);
  });

  it("change credits only from the value the admin saw, and write the change to the audit log", async () => {
    const customer = await profileOf(CUSTOMER_EMAIL);
    const path = `/api/admin/users/${customer.id}/credits`;
    const ok = await putCredits(customer.id, { credits: 42, expectedCredits: STARTING_CREDITS });
    expect(ok.status).toBe(200);
    expect((await profileOf(CUSTOMER_EMAIL)).credits).toBe(42);
    expect((await profileOf(CUSTOMER_EMAIL)).lastCreditUpdate).not.toBeNull();

    // A second admin still saw the old value: refused, nothing overwritten.
    const stale = await putCredits(customer.id, { credits: 7, expectedCredits: STARTING_CREDITS });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ error: ADMIN_MESSAGES.changedMeanwhile, code: "CHANGED_MEANWHILE" });
    expect((await profileOf(CUSTOMER_EMAIL)).credits).toBe(42);

    for (const credits of [-1, 1.5, "10", null]) {
      const invalid = await send("PUT", path, { credits, expectedCredits: 42 }, adminCookie);
      expect(invalid.status).toBe(400);
      expect(await invalid.json()).toEqual({ error: ADMIN_MESSAGES.creditsInvalid, code: "INVALID_INPUT" });
    }
    const missing = await send(
      "PUT",
      "/api/admin/users/niemand/credits",
      { credits: 1, expectedCredits: 0 },
      adminCookie,
    );
    expect(missing.status).toBe(404);

    const audit = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, customer.id));
    expect(audit.filter((entry) => entry.action === "credits.update")).toEqual([
      expect.objectContaining({ before: { credits: STARTING_CREDITS }, after: { credits: 42 } }),
    ]);
    const { entries } = await readJson(await admin().audit.$get(), 200);
    expect(entries.find((entry) => entry.action === "credits.update")?.adminEmail).toBe(ADMIN_EMAIL);
  });

  it("grant a plan by hand for a month, mirror Pro into the profile, revoke it, and let it end by itself", async () => {
    const cookie = await t.signUpAndConfirm("geschenkt@example.test");
    const customer = await profileOf("geschenkt@example.test");
    expect((await putPlan(customer.id, { plan: "generator_pro", granted: true })).status).toBe(200);
    const granted = await profileOf("geschenkt@example.test");
    expect(granted.subscriptionStatus).toBe("active");
    const days = ((granted.subscriptionPeriodEnd?.getTime() ?? 0) - Date.now()) / (24 * 60 * 60 * 1000);
    expect(Math.round(days)).toBe(MANUAL_GRANT_DAYS);
    const listed = await findUsers("geschenkt");
    expect(listed.users[0]?.plans).toEqual([expect.objectContaining({ plan: "generator_pro", byHand: true })]);
    // The customer's own view says Pro, too.
    expect((await readJson(await t.api(cookie).profile.$get(), 200)).subscriptionStatus).toBe("active");

    expect((await putPlan(customer.id, { plan: "generator_pro", granted: false })).status).toBe(200);
    expect((await profileOf("geschenkt@example.test")).subscriptionStatus).toBe("free");
    const again = await putPlan(customer.id, { plan: "generator_pro", granted: false });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: ADMIN_MESSAGES.planNotRunning, code: "PLAN_NOT_RUNNING" });

    // Premium by hand opens the optimizer's AI, and ends with its period.
    await putPlan(customer.id, { plan: "optimizer_premium", granted: true });
    const access = await readJson(await t.api(cookie).optimizer.access.$get(), 200);
    expectAnswer(access).toMatchObject({ canUseAi: true, via: "subscription" });
    await expireManualGrants(t.db, new Date(Date.now() + (MANUAL_GRANT_DAYS + 1) * 24 * 60 * 60 * 1000));
    const [ended] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, customer.id));
    expect(ended?.status).toBe("canceled");
    expect((await readJson(await t.api(cookie).optimizer.access.$get(), 200)).canUseAi).toBe(false);

    const actions = (await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, customer.id))).map(
      (entry) => entry.action,
    );
    expect(actions.sort()).toEqual(["plan.grant", "plan.grant", "plan.revoke"]);
  });

  it("leave a plan bought in Stripe to Stripe", async () => {
    await t.signUpAndConfirm("zahlt@example.test");
    const customer = await profileOf("zahlt@example.test");
    await t.db.insert(subscriptions).values({
      userId: customer.id,
      plan: "generator_pro",
      stripeSubscriptionId: "sub_bezahlt",
      status: "active",
      currentPeriodEnd: new Date(Date.now() + 86_400_000),
    });
    for (const granted of [true, false]) {
      const response = await putPlan(customer.id, { plan: "generator_pro", granted });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ error: ADMIN_MESSAGES.planFromStripe, code: "PLAN_FROM_STRIPE" });
    }
  });

  it("answer 404, never 500, for an id no user can have (a NUL byte PostgreSQL refuses)", async () => {
    for (const id of ["%00", "a%00b", "%F0%9F%98%80"]) {
      const response = await send(
        "PUT",
        `/api/admin/users/${id}/plans`,
        { plan: "generator_pro", granted: false },
        adminCookie,
      );
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: ADMIN_MESSAGES.notFound, code: "NOT_FOUND" });
    }
  });
});
