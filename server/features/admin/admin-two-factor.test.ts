import { sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { TWO_FACTOR_MESSAGES } from "#shared/two-factor.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { expectAnswer, readJson, sessionCookieFrom } from "../../../tests/setup/test-app.ts";

// ADR 0041: with ADMIN_REQUIRE_2FA=true the admin area lets an admin in only with two-factor
// sign-in switched on; the server decides, on every request.

const ADMIN = "admin-2fa@example.test";
setUpTestApp({ env: { ADMIN_EMAILS: ADMIN, ADMIN_REQUIRE_2FA: "true" } });

describe("ADMIN_REQUIRE_2FA", () => {
  it("keeps an admin without 2FA out of /api/admin/* with a German way to /konto, and lets them in with it", async () => {
    const cookie = await t.signUpAndConfirm(ADMIN);
    expectAnswer(await readJson(await t.api(cookie).admin.access.$get(), 200)).toEqual({
      admin: false,
      twoFactorRequired: true,
    });
    for (const path of ["/api/admin/users", "/api/admin/audit", "/api/admin/messages"]) {
      const refused = await t.request(path, { cookie });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        error: TWO_FACTOR_MESSAGES.adminRequired,
        code: "TWO_FACTOR_REQUIRED",
      });
    }

    const enable = await t.postJson("/api/auth/two-factor/enable", { password: "Laterne-Zimt-42" }, cookie);
    const totp = OTPAuth.URI.parse((await enable.json()).totpURI) as OTPAuth.TOTP;
    const verify = await t.postJson("/api/auth/two-factor/verify-totp", { code: totp.generate() }, cookie);
    const withTwoFactor = sessionCookieFrom(verify);

    expectAnswer(await readJson(await t.api(withTwoFactor).admin.access.$get(), 200)).toEqual({
      admin: true,
      twoFactorRequired: false,
    });
    expect((await t.request("/api/admin/users", { cookie: withTwoFactor })).status).toBe(200);
  });

  it("still refuses someone who is no admin, 2FA or not", async () => {
    const cookie = await t.signUpAndConfirm("kein-admin@example.test");
    const refused = await t.request("/api/admin/users", { cookie });
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe("NOT_ADMIN");
    expectAnswer(await readJson(await t.api(cookie).admin.access.$get(), 200)).toEqual({
      admin: false,
      twoFactorRequired: false,
    });
  });

  it("is off by default: an admin without 2FA gets in", async () => {
    const open = await t.restartWith({ env: { ADMIN_REQUIRE_2FA: "false" } });
    const cookie = await open.signUpAndConfirm("admin-2fa-aus@example.test");
    // Made admin by hand, as `npm run admin:grant` would.
    await open.db.execute(sql`update profiles set is_admin = true where email = 'admin-2fa-aus@example.test'`);
    expect((await open.request("/api/admin/users", { cookie })).status).toBe(200);
  });
});
