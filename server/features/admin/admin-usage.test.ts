import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archivedPosts } from "#server/db/schema/archive.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import { contentGenerationLogs } from "#server/db/schema/content-generation-logs.ts";
import { optimizerAiCalls } from "#server/db/schema/optimizer-ai-calls.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { publications, publicationThreadPosts } from "#server/db/schema/publishing.ts";
import { grantPlanByHand } from "#server/features/billing/billing-manual-grants.service.ts";
import { consumeCredit, markRunArchived, refundRun } from "#server/features/generator/credits.service.ts";
import { ADMIN_MESSAGES } from "#shared/admin.ts";
import { aiEnvFor, type OpenAiFake, startOpenAiFake } from "../../../tests/mocks/openai.ts";
import { createTestApp, readJson, type TestApp } from "../../../tests/setup/test-app.ts";
import { USAGE_DAYS, USAGE_TIME_ZONE } from "./admin-usage.service.ts";

// The admin's usage panel: per day from our own rows, the last USAGE_DAYS days,
// days without rows as zeros. Rows are made by the product's own code where it writes them
// (sign-up, credits, the optimizer) and placed on earlier days by hand where time matters.

const ADMIN = "chefin@example.test";
let fake: OpenAiFake;
let t: TestApp;
let adminCookie: string;
let userCookie: string;
beforeAll(async () => {
  fake = await startOpenAiFake();
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN, ...aiEnvFor(fake) } });
  adminCookie = await t.signUpAndConfirm(ADMIN);
  userCookie = await t.signUpAndConfirm("kundin@example.test");
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const berlinDay = (date: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: USAGE_TIME_ZONE }).format(date);

/** Noon in Berlin, `daysAgo` days before today there. */
function noonDaysAgo(daysAgo: number, minutes = 0): Date {
  const [year, month, day] = berlinDay(new Date()).split("-").map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) - daysAgo, 11, minutes));
}

const loadUsage = async () => readJson(await t.api(adminCookie).admin.usage.$get(), 200);
type Usage = Awaited<ReturnType<typeof loadUsage>>;

const dayOf = (usage: Usage, date: Date) =>
  usage.days.find((entry) => entry.day === berlinDay(date)) ?? expect.unreachable(`no entry for ${berlinDay(date)}`);

async function signUp(email: string) {
  const cookie = await t.signUpAndConfirm(email);
  const [profile] = await t.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
  return { cookie, userId: profile?.id ?? expect.unreachable() };
}

/** One failed run given back and one finished run, each drawn as `drawnAs`: a credit or Pro's allowance. */
async function failedAndFinishedRun(userId: string, drawnAs: "charged" | "included") {
  const drawRun = async () => {
    const run = await consumeCredit(t.db, userId);
    expect(run.status).toBe(drawnAs);
    return "runId" in run ? run.runId : expect.unreachable(run.status);
  };
  await refundRun(t.db, await drawRun());
  await markRunArchived(t.db, await drawRun());
}

describe("GET /api/admin/usage", () => {
  it("answers 401 without a session, 403 to a user who is not an admin, 200 to an admin", async () => {
    expect((await t.api().admin.usage.$get()).status).toBe(401);
    const refused = await t.api(userCookie).admin.usage.$get();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: ADMIN_MESSAGES.notAdmin, code: "NOT_ADMIN" });
    expect((await t.api(adminCookie).admin.usage.$get()).status).toBe(200);
  });

  it("lists the last days up to today in Berlin, each once, with zeros where nothing happened", async () => {
    const usage = await loadUsage();
    expect(usage.timeZone).toBe("Europe/Berlin");
    expect(usage.days.map((entry) => entry.day)).toEqual(
      Array.from({ length: USAGE_DAYS }, (_, index) => berlinDay(noonDaysAgo(USAGE_DAYS - 1 - index))),
    );
    expect(dayOf(usage, noonDaysAgo(12))).toEqual({
      day: berlinDay(noonDaysAgo(12)),
      signUps: 0,
      generations: 0,
      charged: 0,
      included: 0,
      failed: 0,
      optimizerAiCalls: 0,
      optimizerAiFailed: 0,
      optimizerDemoCalls: 0,
    });
  });

  it("counts sign-ups per day and leaves out those older than the window", async () => {
    const before = await loadUsage();
    const earlier = await signUp("vor-drei-tagen@example.test");
    const old = await signUp("vor-langer-zeit@example.test");
    await t.db
      .update(profiles)
      .set({ createdAt: noonDaysAgo(3) })
      .where(eq(profiles.id, earlier.userId));
    await t.db
      .update(profiles)
      .set({ createdAt: noonDaysAgo(USAGE_DAYS + 5) })
      .where(eq(profiles.id, old.userId));
    await signUp("heute@example.test");

    const usage = await loadUsage();
    expect(dayOf(usage, noonDaysAgo(3)).signUps).toBe(dayOf(before, noonDaysAgo(3)).signUps + 1);
    expect(dayOf(usage, new Date()).signUps).toBe(dayOf(before, new Date()).signUps + 1);
    const total = (u: Usage) => u.days.reduce((sum, entry) => sum + entry.signUps, 0);
    expect(total(usage)).toBe(total(before) + 2);
  });

  it("tells runs with a credit, runs of Pro's allowance and failed runs apart", async () => {
    const free = await signUp("generiert@example.test");
    const pro = await signUp("pro-kunde@example.test");
    await grantPlanByHand(t.db, pro.userId, "generator_pro", pro.userId, new Date(Date.now() + 86_400_000));
    const before = dayOf(await loadUsage(), new Date());

    await failedAndFinishedRun(free.userId, "charged");
    await failedAndFinishedRun(pro.userId, "included");

    const today = dayOf(await loadUsage(), new Date());
    expect(today.charged - before.charged).toBe(2);
    expect(today.included - before.included).toBe(2);
    expect(today.failed - before.failed).toBe(2);
    expect(today.generations - before.generations).toBe(2);
  });

  it("keeps a finished generation counted after its archive entry is deleted (ADR 0071)", async () => {
    const { cookie, userId } = await signUp("loescht-archiv@example.test");
    const before = dayOf(await loadUsage(), new Date());
    const run = await t.postJson(
      "/api/generator/generate",
      { platform: "linkedin", keyPoints: "Neues Produkt, ab Montag", tone: "friendly", language: "german" },
      cookie,
    );
    expect(run.status).toBe(200);
    expect(await run.text()).toContain('"type":"done"');
    const [entry] = await t.db
      .select({ id: archivedPosts.id })
      .from(archivedPosts)
      .where(eq(archivedPosts.userId, userId));
    expect(dayOf(await loadUsage(), new Date()).generations - before.generations).toBe(1);

    const deleted = await t.api(cookie).archive[":id"].$delete({ param: { id: entry?.id ?? expect.unreachable() } });
    expect(deleted.status).toBe(200);
    const after = dayOf(await loadUsage(), new Date());
    expect(after.generations - before.generations).toBe(1);
    expect(after.charged - before.charged).toBe(1);
  });

  it("counts each run on the day it was written", async () => {
    const { userId } = await signUp("frueher@example.test");
    const log = (kind: "charged" | "refunded" | "included", createdAt: Date) =>
      t.db.insert(contentGenerationLogs).values({ userId, creditsRemaining: 9, kind, createdAt });
    await log("charged", noonDaysAgo(5));
    await log("refunded", noonDaysAgo(5, 2));
    await log("included", noonDaysAgo(7));

    const usage = await loadUsage();
    expect(dayOf(usage, noonDaysAgo(5))).toMatchObject({ charged: 1, included: 0, failed: 1 });
    expect(dayOf(usage, noonDaysAgo(7))).toMatchObject({ charged: 0, included: 1, failed: 0 });
  });

  it("counts the optimizer's AI calls, failed ones too, as each is answered", async () => {
    const { cookie } = await signUp("optimiert@example.test");
    expect((await t.api(cookie).optimizer.trial.$post()).status).toBe(200);
    const before = dayOf(await loadUsage(), new Date());

    const optimizer = t.api(cookie).optimizer;
    const grammar = await optimizer["correct-grammar"].$post({ json: { postText: "Ein Feher im Text." } });
    expect(grammar.status).toBe(200);
    fake.script({ kind: "content", content: "Das ist kein JSON." });
    const failed = await optimizer["correct-grammar"].$post({ json: { postText: "Noch ein Text." } });
    expect(failed.status).toBe(502);
    // Refused before any AI work: no call.
    const noAccess = await t.api(userCookie).optimizer["improve-post"].$post({ json: { postText: "Hallo" } });
    expect(noAccess.status).toBe(403);

    const today = dayOf(await loadUsage(), new Date());
    expect(today.optimizerAiCalls - before.optimizerAiCalls).toBe(2);
    expect(today.optimizerAiFailed - before.optimizerAiFailed).toBe(1);
    // Nothing of the text is stored.
    const rows = await t.db.select().from(optimizerAiCalls);
    expect(JSON.stringify(rows)).not.toContain("Feher");
  });

  it("counts the offline demo editor's answers apart from AI calls", async () => {
    const demo = await t.restartWith({ env: { AI_PROVIDER: "" } });
    const { cookie } = await signUp("demo@example.test");
    expect((await t.api(cookie).optimizer.trial.$post()).status).toBe(200);
    const before = dayOf(await loadUsage(), new Date());
    const response = await demo
      .api(cookie)
      .optimizer["improve-post"].$post({ json: { postText: "Ein Text zum Verbessern." } });
    expect((await readJson(response, 200)).demo).toBe(true);
    const today = dayOf(await loadUsage(), new Date());
    expect(today.optimizerDemoCalls - before.optimizerDemoCalls).toBe(1);
    expect(today.optimizerAiCalls).toBe(before.optimizerAiCalls);
  });

  it("counts the plans running now, by plan", async () => {
    const pro = await signUp("pro@example.test");
    const ended = await signUp("gekuendigt@example.test");
    const before = (await loadUsage()).activePlans;
    await t.db.insert(subscriptions).values([
      { userId: pro.userId, plan: "generator_pro", stripeSubscriptionId: "sub_pro", status: "active" },
      { userId: pro.userId, plan: "optimizer_premium", stripeSubscriptionId: "sub_premium", status: "past_due" },
      { userId: ended.userId, plan: "generator_pro", stripeSubscriptionId: "sub_ended", status: "canceled" },
    ]);
    const after = (await loadUsage()).activePlans;
    expect(after).toEqual({
      generator_pro: (before.generator_pro ?? 0) + 1,
      optimizer_premium: (before.optimizer_premium ?? 0) + 1,
    });
  });

  it("counts the posts sent this month per network, and those with a link (ADR 0053), a thread's one by one", async () => {
    const poster = await signUp("poster@example.test");
    const before = (await loadUsage()).publishedThisMonth;
    const now = new Date();
    const post = (
      network: "x" | "bluesky",
      text: string,
      status: "sent" | "failed",
      sentAt: Date | null,
      postCount = 1,
    ) => ({
      batchId: crypto.randomUUID(),
      userId: poster.userId,
      network,
      accountHandle: "@p",
      text,
      postCount,
      scheduledAt: now,
      nextAttemptAt: now,
      status,
      sentAt,
    });
    const [, , , , , thread] = await t.db
      .insert(publications)
      .values([
        post("x", "Mit Link https://example.test", "sent", now),
        post("x", "Ohne Link", "sent", now),
        post("x", "Gescheitert", "failed", null),
        post("x", "Vor zwei Monaten", "sent", new Date(now.getTime() - 62 * 86_400_000)),
        post("bluesky", "Himmel", "sent", now),
        // A thread that stopped after two of its three posts: those two went out and cost.
        post("x", "Thread", "failed", null, 3),
      ])
      .returning({ id: publications.id });
    if (!thread) throw new Error("Thread fehlt");
    await t.db.insert(publicationThreadPosts).values([
      { publicationId: thread.id, position: 1, text: "Erster https://example.test/a", status: "sent", sentAt: now },
      { publicationId: thread.id, position: 2, text: "Zweiter", status: "sent", sentAt: now },
      { publicationId: thread.id, position: 3, text: "Dritter https://example.test/c", status: "pending" },
    ]);
    const after = (await loadUsage()).publishedThisMonth;
    expect(after.month).toBe(berlinDay(now).slice(0, 7));
    expect(after.networks.x).toEqual({
      posts: (before.networks.x?.posts ?? 0) + 4,
      withLink: (before.networks.x?.withLink ?? 0) + 2,
    });
    expect(after.networks.bluesky?.posts).toBe((before.networks.bluesky?.posts ?? 0) + 1);
    expect(after.networks.linkedin).toEqual(before.networks.linkedin);
  });
});
