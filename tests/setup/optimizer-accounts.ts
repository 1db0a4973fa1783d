import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { subscriptions } from "#server/db/schema/billing.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { aiEnvFor, type OpenAiFake, startOpenAiFake } from "../mocks/openai.ts";
import { createTestApp, readJson, type TestApp } from "./test-app.ts";

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The spec's answer to a user without Premium or trial ("du", as everywhere in the optimizer). */
export const PREMIUM_MESSAGE =
  "Die KI-Funktionen gehören zum Premium-Plan (9,99\u00a0€/Monat). Starte deinen kostenlosen 7-Tage-Test – ohne Kreditkarte.";

export type OptimizerPlan = "free" | "trial" | "subscriber" | "expired-trial";

// A fresh account per test, so no test depends on another's trial, plan or rate limit.
export async function signUpForOptimizer(app: TestApp, plan: OptimizerPlan) {
  const email = `optimizer-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const cookie = await app.signUpAndConfirm(email);
  const [profile] = await app.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
  const userId = profile?.id ?? "";
  if (plan === "subscriber") {
    // What a paid Optimizer Premium checkout leaves behind (ADR 0023).
    await app.db
      .insert(subscriptions)
      .values({ userId, plan: "optimizer_premium", stripeSubscriptionId: `sub_${userId}`, status: "active" });
  }
  if (plan === "trial") await readJson(await app.api(cookie).optimizer.trial.$post(), 200);
  if (plan === "expired-trial") {
    await app.db
      .update(profiles)
      .set({ trialStartedAt: new Date(Date.now() - 8 * DAY_MS), trialEndsAt: new Date(Date.now() - DAY_MS) })
      .where(eq(profiles.id, userId));
  }
  return { cookie, userId };
}

/**
 * An app whose AI model is the OpenAI fake, started for the calling test file (its hooks are
 * registered here) with the fake's queue emptied before each test. The fields are set in beforeAll.
 */
export function optimizerAppForFile(aiTimeoutMs?: number) {
  const app = {} as { fake: OpenAiFake; t: TestApp; ai: ReturnType<typeof optimizerAiCalls> };
  beforeAll(async () => {
    app.fake = await startOpenAiFake();
    app.t = await createTestApp({ env: aiEnvFor(app.fake, aiTimeoutMs) });
    app.ai = optimizerAiCalls(app.t);
  });
  afterAll(async () => {
    await app.t?.close();
    await app.fake?.close();
  });
  beforeEach(() => app.fake.reset());
  return app;
}

/** The optimizer's AI routes, single post and thread, as one signed-in user calls them. */
export function optimizerAiCalls(app: TestApp) {
  const optimizer = (cookie: string) => app.api(cookie).optimizer;
  return {
    grammar: (cookie: string, postText: string) => optimizer(cookie)["correct-grammar"].$post({ json: { postText } }),
    improve: (cookie: string, postText: string) => optimizer(cookie)["improve-post"].$post({ json: { postText } }),
    grammarThread: (cookie: string, posts: string[]) =>
      optimizer(cookie)["correct-grammar-thread"].$post({ json: { posts } }),
    improveThread: (cookie: string, posts: string[]) => optimizer(cookie)["improve-thread"].$post({ json: { posts } }),
  };
}
