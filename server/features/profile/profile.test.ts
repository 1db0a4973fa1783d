import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companyBillingInfo } from "#server/db/schema/billing.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { expectAnswer, readJson } from "../../../tests/setup/test-app.ts";

setUpTestApp({ env: { ADMIN_EMAILS: "chefin@example.test" } });

describe("GET /api/profile", () => {
  it("answers 401 with a German message without a session", async () => {
    const response = await t.api().profile.$get();
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Sie müssen angemeldet sein", code: "NOT_SIGNED_IN" });
  });

  it("returns the signed-in user's credits, plan and billing info", async () => {
    const cookie = await t.signUpAndConfirm("kunde@example.test");
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.email, "kunde@example.test"));
    await t.db.update(profiles).set({ credits: 42 }).where(eq(profiles.email, "kunde@example.test"));
    await t.db.insert(companyBillingInfo).values({
      userId: profile?.id ?? "",
      companyName: "Muster GmbH",
      street: "Hauptstraße 1",
      postalCode: "10115",
      city: "Berlin",
      country: "Deutschland",
      vatId: "DE123456789",
    });
    const body = await readJson(await t.api(cookie).profile.$get(), 200);
    expectAnswer(body).toMatchObject({
      email: "kunde@example.test",
      credits: 42,
      subscriptionStatus: "free",
      isAdmin: false,
      billing: { companyName: "Muster GmbH", city: "Berlin", vatId: "DE123456789" },
    });
  });

  it("has no billing info for a user without a record", async () => {
    const cookie = await t.signUpAndConfirm("ohne-rechnung@example.test");
    const body = await readJson(await t.api(cookie).profile.$get(), 200);
    expect(body.billing).toBeNull();
  });
});

describe("admin role", () => {
  it("is granted to the addresses in ADMIN_EMAILS and checked by the server", async () => {
    const adminCookie = await t.signUpAndConfirm("chefin@example.test");
    const userCookie = await t.signUpAndConfirm("mitarbeiter@example.test");
    expect((await readJson(await t.api(adminCookie).profile.$get(), 200)).isAdmin).toBe(true);
    expectAnswer(await readJson(await t.api(adminCookie).admin.access.$get(), 200)).toEqual({
      admin: true,
      twoFactorRequired: false,
    });
    expectAnswer(await readJson(await t.api(userCookie).admin.access.$get(), 200)).toEqual({
      admin: false,
      twoFactorRequired: false,
    });
    expect((await t.api().admin.access.$get()).status).toBe(401);
  });
});

describe("answers that depend on the session (ADR 0020, caching)", () => {
  it.each([
    "/api/profile",
    "/api/archive",
    "/api/generator/status",
    "/api/optimizer/access",
    "/api/admin/access",
    "/api/auth/get-session",
    `/api/consent/history?visitorId=${crypto.randomUUID()}`,
  ])("%s may not be stored by any cache", async (path) => {
    const cookie = await t.signUpAndConfirm(`cache-${crypto.randomUUID().slice(0, 8)}@example.test`);
    const response = await t.request(path, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
  });

  it("leaves public answers cacheable where they say so", async () => {
    const response = await t.request("/api/site-settings");
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });
});
