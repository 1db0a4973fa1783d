import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins";
import { PASSWORD_MIN_LENGTH } from "#shared/account.ts";
import { ACCOUNT_DATA_TEXTS } from "#shared/account-data.ts";
import { PASSWORD_RESET_LINK_HOURS } from "#shared/account-security.ts";
import type { Database } from "./db/client.ts";
import { schema } from "./db/client.ts";
import type { Env } from "./env.ts";
import {
  AccountDeletionRefused,
  type DeletedUser,
  findReauthProblem,
} from "./features/account-deletion/account-deletion.service.ts";
import type { AccountSecurityHooks } from "./features/account-security/account-security.hooks.ts";
import { findAuthInputProblem } from "./features/auth/auth-input.ts";
import { createProfileForUser } from "./features/profile/profile.service.ts";
import {
  composeConfirmationMail,
  composeEmailChangeMail,
  composePasswordChangedMail,
} from "./integrations/mail/mail-templates.ts";
import type { Mailer } from "./integrations/mail/mailer.ts";
import type { Logger } from "./logger.ts";

// The header that carries the visitor's address from our Hono wrapper into Better Auth's
// rate limiter (see auth.routes.ts); clients cannot set it, the wrapper overwrites it.
export const CLIENT_IP_HEADER = "x-postwerk-client-ip";

const MINUTE = 60;
const VERIFICATION_LINK_LIFETIME_SECONDS = 24 * 60 * 60;

/** Issue 15: what happens around Better Auth's deletion of a user (account-deletion.service.ts). */
export type AccountDeletionHooks = {
  before: (user: DeletedUser) => Promise<void>;
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
  return betterAuth({
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
      // Double opt-in: no session before the address is confirmed (issue 2, scope 5).
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
          try {
            await accountDeletion.before(user);
          } catch (error) {
            if (error instanceof AccountDeletionRefused) throw new APIError("BAD_REQUEST", { message: error.message });
            logger.error({ err: error, userId: user.id }, "Kontolöschung abgebrochen, ein erneuter Versuch setzt fort");
            throw new APIError("INTERNAL_SERVER_ERROR", { message: ACCOUNT_DATA_TEXTS.deleteFailed });
          }
        },
        afterDelete: (user) => accountDeletion.after(user),
      },
    },
    // ADR 0026: freshness is our own rule for the deletion (hooks.before) rather than Better
    // Auth's day-long one, which would also lock the session list of /konto after a day.
    session: { freshAge: 0 },
    hooks: {
      // Issue 11: bounded user fields, no control characters, no common password; 400 in German.
      before: createAuthMiddleware(async (ctx) => {
        const problem = await findAuthInputProblem(ctx.path, ctx.body);
        if (problem) throw new APIError("BAD_REQUEST", { message: problem });
        await accountSecurity.before(ctx);
        if (ctx.path === "/delete-user") {
          const session = await getSessionFromCtx(ctx);
          const reauth =
            session &&
            (await findReauthProblem(
              db,
              { userId: session.user.id, createdAt: new Date(session.session.createdAt) },
              ctx.body?.password,
            ));
          if (reauth) throw new APIError("BAD_REQUEST", { message: reauth });
        }
      }),
      after: createAuthMiddleware((ctx) => accountSecurity.after(ctx)),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await createProfileForUser(db, user, env.ADMIN_EMAILS);
          },
        },
        update: {
          after: async (user) => {
            await accountSecurity.afterUserUpdate(user);
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
      customRules: {
        "/sign-in/email": { window: MINUTE, max: 5 },
        "/sign-up/email": { window: MINUTE, max: 3 },
        "/change-password": { window: MINUTE, max: 5 },
        "/change-email": { window: MINUTE, max: 3 },
        "/send-verification-email": { window: MINUTE, max: 3 },
        // ADR 0044: reset links per client address (per recipient: account-security.hooks.ts),
        // and the deletion's password check like a sign-in.
        "/request-password-reset": { window: MINUTE, max: 3 },
        "/reset-password": { window: MINUTE, max: 5 },
        "/delete-user": { window: MINUTE, max: 5 },
      },
    },
    advanced: {
      cookiePrefix: "postwerk",
      // Better Auth turns these off under NODE_ENV=test; our tests exercise them, so keep them on.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: env.googleSignInEnabled
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
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = Auth["$Infer"]["Session"];
