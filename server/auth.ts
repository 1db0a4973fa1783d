import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { genericOAuth, twoFactor } from "better-auth/plugins";
import { PASSWORD_MIN_LENGTH } from "#shared/account.ts";
import { ACCOUNT_DATA_TEXTS } from "#shared/account-data.ts";
import { CONFIRMATION_LINK_HOURS, PASSWORD_RESET_LINK_HOURS } from "#shared/account-security.ts";
import {
  BACKUP_CODE_COUNT,
  generateBackupCodes,
  normalizeBackupCode,
  TOTP_DIGITS,
  TRUST_DEVICE_DAYS,
  TWO_FACTOR_ISSUER,
  TWO_FACTOR_RATE_LIMIT,
} from "#shared/two-factor.ts";
import type { Database } from "./db/client.ts";
import { schema } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { AccountSecurityHooks } from "./features/account-security/account-security.hooks.ts";
import { findAuthInputProblem, passwordOwnerOf } from "./features/auth/auth-input.ts";
import {
  capSessionExpiry,
  SESSION_IDLE_LIFETIME_SECONDS,
  SESSION_REFRESH_AGE_SECONDS,
} from "./features/auth/session-lifetime.ts";
import { checkSecondFactorForDisable, forgetTrustedDevices, type SecondFactorApi } from "./features/auth/two-factor.ts";
import { oauthProviderPlugin } from "./features/oauth/oauth-provider.plugin.ts";
import { passkeyPlugin } from "./features/passkeys/passkeys.plugin.ts";
import { createProfileForUser } from "./features/profile/profile.service.ts";
import {
  composeConfirmationMail,
  composeEmailChangeMail,
  composePasswordChangedMail,
  composeTwoFactorDisabledMail,
  composeTwoFactorEnabledMail,
} from "./integrations/mail/mail-templates.ts";
import type { Mailer } from "./integrations/mail/mailer.ts";
import type { Logger } from "./logger.ts";

// The header that carries the visitor's address from our Hono wrapper into Better Auth's
// rate limiter (see auth.routes.ts); clients cannot set it, the wrapper overwrites it.
export const CLIENT_IP_HEADER = "x-postwerk-client-ip";

const MINUTE = 60;

/** Better Auth's per-address limits on the paths worth guessing at (docs/architecture.md "Grenzen"). */
export const AUTH_RATE_LIMIT_RULES = {
  "/sign-in/email": { window: MINUTE, max: 5 },
  "/sign-up/email": { window: MINUTE, max: 3 },
  "/change-password": { window: MINUTE, max: 5 },
  "/change-email": { window: MINUTE, max: 3 },
  "/send-verification-email": { window: MINUTE, max: 3 },
  // ADR 0044: reset links per client address (per recipient: account-security.hooks.ts), and
  // the deletion's password check like a sign-in.
  "/request-password-reset": { window: MINUTE, max: 3 },
  "/reset-password": { window: MINUTE, max: 5 },
  "/delete-user": { window: MINUTE, max: 5 },
  // ADR 0041: every code entry (sign-in, setup, turning off) per address and path; the plugin adds
  // 5 tries per sign-in and a 15-minute lock after 10 wrong codes in a row.
  "/two-factor/*": TWO_FACTOR_RATE_LIMIT,
  // ADR 0102: each step of a passkey ceremony writes a challenge; signing in is cheap to try
  // but cannot be guessed, so the limit only keeps the table small.
  "/passkey/*": { window: MINUTE, max: 10 },
} as const;
const VERIFICATION_LINK_LIFETIME_SECONDS = CONFIRMATION_LINK_HOURS * 60 * 60;

/** ADR 0026: what happens around Better Auth's deletion of a user (account-deletion.service.ts). */
/** The user Better Auth is about to delete, or has deleted. */
export type DeletedUser = { id: string; email: string };

/**
 * What happens around Better Auth's deletion of a user (ADR 0026), supplied by the
 * account-deletion feature so that this file does not import it.
 */
export type AccountDeletionHooks = {
  /** The German reason the deletion needs a password or a fresh sign-in first, or null. */
  findReauthProblem: (session: { userId: string; createdAt: Date }, password: unknown) => Promise<string | null>;
  /** Before the deletion: a German refusal (the last admin) or null; throws when a step failed. */
  before: (user: DeletedUser) => Promise<string | null>;
  after: (user: DeletedUser) => Promise<void>;
};

type AuthOptions = {
  env: Env;
  db: Database;
  mailer: Mailer;
  secret: string;
  logger: Logger;
  accountDeletion: AccountDeletionHooks;
  accountSecurity: AccountSecurityHooks;
};

export function createAuth({ env, db, mailer, secret, logger, accountDeletion, accountSecurity }: AuthOptions) {
  // The hook that guards /two-factor/disable checks the code through the plugin's own endpoints,
  // which exist only once the instance does; it runs on requests, long after this is set.
  const secondFactor: { api?: SecondFactorApi } = {};
  const auth = betterAuth({
    appName: "Postwerk",
    baseURL: env.BASE_URL,
    secret,
    trustedOrigins: [env.BASE_URL],
    // Into our JSON log, one line each; the extra arguments (request bodies, users) stay out.
    logger: {
      log: (level, message) => logger[level]({ source: "better-auth" }, message),
    },
    // ADR 0047: errors that are not Better Auth's own (a failed query) leave its handler, so
    // auth.routes.ts logs them through describeError and answers in German; otherwise
    // better-call prints them to stderr with the query's parameters (e-mail addresses).
    onAPIError: { throw: true },
    database: drizzleAdapter(db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      // Double opt-in: no session before the address is confirmed (ADR 0004).
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      // ADR 0044: "Passwort vergessen?" with a single-use link; a reset ends every session.
      resetPasswordTokenExpiresIn: PASSWORD_RESET_LINK_HOURS * 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: accountSecurity.sendResetPassword,
      onPasswordReset: accountSecurity.onPasswordReset,
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_LIFETIME_SECONDS,
      // Also used for an e-mail change: Better Auth then sends the link to the new address.
      sendVerificationEmail: async ({ user, url }, request) => {
        const isEmailChange = request ? new URL(request.url).pathname.endsWith("/change-email") : false;
        const mail = isEmailChange ? composeEmailChangeMail(user.email, url) : composeConfirmationMail(url);
        await mailer.send({ to: user.email, ...mail });
      },
    },
    user: {
      changeEmail: { enabled: true },
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => {
          let refusal: string | null;
          try {
            refusal = await accountDeletion.before(user);
          } catch (error) {
            logger.error({ err: error, userId: user.id }, "Kontolöschung abgebrochen, ein erneuter Versuch setzt fort");
            throw new APIError("INTERNAL_SERVER_ERROR", {
              message: ACCOUNT_DATA_TEXTS.deleteFailed,
              code: "SERVER_ERROR",
            });
          }
          if (refusal) throw new APIError("BAD_REQUEST", { message: refusal, code: "LAST_ADMIN" });
        },
        afterDelete: (user) => accountDeletion.after(user),
      },
    },
    // ADR 0026: freshness is our own rule for the deletion (hooks.before) rather than Better
    // Auth's day-long one, which would also lock the session list of /konto after a day.
    session: {
      freshAge: 0,
      // ADR 0042: sliding for 7 days, refreshed at most daily, ended 30 days after sign-in
      // (the cap is databaseHooks.session below).
      expiresIn: SESSION_IDLE_LIFETIME_SECONDS,
      updateAge: SESSION_REFRESH_AGE_SECONDS,
    },
    hooks: {
      // Bounded user fields, no control characters (ADR 0020), no weak password (ADR 0043); 400 in German.
      before: createAuthMiddleware(async (ctx) => {
        const problem = await findAuthInputProblem(ctx.path, ctx.body, () => passwordOwnerOf(ctx));
        if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "INVALID_INPUT" });
        await accountSecurity.before(ctx);
        if (ctx.path === "/delete-user") {
          const session = await getSessionFromCtx(ctx);
          const reauth =
            session &&
            (await accountDeletion.findReauthProblem(
              { userId: session.user.id, createdAt: new Date(session.session.createdAt) },
              ctx.body?.password,
            ));
          if (reauth) throw new APIError("BAD_REQUEST", { message: reauth, code: "REAUTH_REQUIRED" });
        }
        // ADR 0041: the plugin turns 2FA off with the password alone; we also ask for a current
        // code or a backup code, so a known password in a borrowed session cannot remove it.
        if (ctx.path === "/two-factor/disable" && secondFactor.api) {
          const session = await getSessionFromCtx(ctx);
          if (session) {
            await checkSecondFactorForDisable(
              {
                body: ctx.body,
                headers: ctx.headers,
                checkPassword: () => ctx.context.password.checkPassword(session.user.id, ctx),
              },
              secondFactor.api,
            );
          }
        }
        // ADR 0103: a backup code counts in any case, with or without dash and spaces.
        if (ctx.path === "/two-factor/verify-backup-code" && typeof ctx.body?.code === "string") {
          return { context: { body: { ...ctx.body, code: normalizeBackupCode(ctx.body.code) } } };
        }
      }),
      after: createAuthMiddleware((ctx) => accountSecurity.after(ctx)),
    },
    databaseHooks: {
      session: { update: { before: capSessionExpiry } },
      user: {
        create: {
          after: async (user) => {
            await createProfileForUser(db, user, env.ADMIN_EMAILS);
          },
        },
        update: {
          after: async (user, context) => {
            await accountSecurity.afterUserUpdate(user);
            // ADR 0041: the plugin sets twoFactorEnabled when the first code is confirmed and
            // clears it when 2FA is turned off; each change is announced to the account's address.
            if (context?.path === "/two-factor/verify-totp" && user.twoFactorEnabled === true) {
              await mailer.send({ to: user.email, ...composeTwoFactorEnabledMail() });
            } else if (context?.path === "/two-factor/disable" && user.twoFactorEnabled === false) {
              await forgetTrustedDevices(db, user.id);
              await mailer.send({ to: user.email, ...composeTwoFactorDisabledMail() });
            }
          },
        },
      },
      account: {
        update: {
          after: async (_account, context) => {
            if (context?.path !== "/change-password") return;
            const email = context.context.session?.user.email;
            if (email) await mailer.send({ to: email, ...composePasswordChangedMail() });
          },
        },
      },
    },
    rateLimit: {
      enabled: env.AUTH_RATE_LIMIT === "on",
      storage: "database",
      modelName: "rateLimit",
      window: MINUTE,
      max: 100,
      customRules: AUTH_RATE_LIMIT_RULES,
    },
    advanced: {
      cookiePrefix: "postwerk",
      // Better Auth turns these off under NODE_ENV=test; our tests exercise them, so keep them on.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      passkeyPlugin({ db, baseUrl: env.BASE_URL }),
      // ADR 0113: OAuth 2.1 with PKCE for third-party apps and MCP clients.
      oauthProviderPlugin({ baseUrl: env.BASE_URL }),
      twoFactor({
        issuer: TWO_FACTOR_ISSUER,
        // TOTP only: no codes by mail (ADR 0041), so no otpOptions.
        totpOptions: { digits: TOTP_DIGITS },
        // ADR 0103: one case, no look-alike characters; stored encrypted as before (the plugin's
        // default), read back in the one form entries are compared in, so older mixed-case
        // codes keep working however they are typed (hooks.before normalises the entry).
        backupCodeOptions: {
          amount: BACKUP_CODE_COUNT,
          customBackupCodesGenerate: () => generateBackupCodes(BACKUP_CODE_COUNT),
          storeBackupCodes: {
            encrypt: (codes) => symmetricEncrypt({ key: secret, data: codes }),
            decrypt: async (stored) =>
              normalizeStoredBackupCodes(await symmetricDecrypt({ key: secret, data: stored })),
          },
        },
        trustDeviceMaxAge: TRUST_DEVICE_DAYS * 24 * 60 * 60,
      }),
      ...(env.googleSignInEnabled
        ? [
            genericOAuth({
              config: [
                {
                  // Google through OpenID Connect discovery, so tests can point it at a local fake.
                  providerId: "google",
                  discoveryUrl: env.GOOGLE_DISCOVERY_URL,
                  clientId: env.GOOGLE_CLIENT_ID ?? "",
                  clientSecret: env.GOOGLE_CLIENT_SECRET ?? "",
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                  // Spec section 7: access_type offline, prompt consent.
                  accessType: "offline",
                  prompt: "consent",
                },
              ],
            }),
          ]
        : []),
    ],
  });
  secondFactor.api = auth.api;
  return auth;
}

/** The stored JSON list of backup codes, each in the form entries are compared in (ADR 0103). */
function normalizeStoredBackupCodes(json: string): string {
  const codes: unknown = JSON.parse(json);
  return JSON.stringify(Array.isArray(codes) ? codes.map((code) => normalizeBackupCode(String(code))) : []);
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = Auth["$Infer"]["Session"];
