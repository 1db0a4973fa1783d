import { APIError, type AuthContext, type GenericEndpointContext } from "better-auth";
import { getSessionFromCtx } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { account } from "#server/db/schema/auth.ts";
import type { Env } from "#server/env.ts";
import {
  clearPendingEmailChange,
  getPendingEmailChange,
  recordPendingEmailChange,
} from "#server/features/profile/pending-email-change.ts";
import { getProfile, syncProfileFromUser } from "#server/features/profile/profile.service.ts";
import {
  composeEmailChangedNoticeMail,
  composeNewSignInMail,
  composePasswordResetDoneMail,
  composePasswordResetMail,
  type MailContent,
} from "#server/integrations/mail/mail-templates.ts";
import type { Mailer } from "#server/integrations/mail/mailer.ts";
import type { Logger } from "#server/logger.ts";
import {
  CONFIRMATION_LINK_HOURS,
  EMAIL_CHANGE_LINK_OUTDATED,
  EMAIL_CHANGE_OBJECTION_DAYS,
  EMAIL_CHANGE_REAUTH_MAX_AGE_MINUTES,
  PASSWORD_RESET_LINK_HOURS,
  RECOVERY_TEXTS,
  signInThrottledMessage,
} from "#shared/account-security.ts";
import { ROUTES } from "#shared/routes.ts";
import { describeUserAgent } from "#shared/user-agent.ts";
import { createEmailChangeObjection } from "./email-change.service.ts";
import {
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  DEVICE_COOKIE_NAME,
  newDeviceId,
  noteDeviceSignIn,
  readDeviceId,
} from "./known-devices.ts";
import { consumeRecipientLimit, type RecipientMailKind } from "./recipient-limit.ts";
import { clearSignInFailures, readSignInThrottle, recordSignInFailure } from "./sign-in-throttle.ts";

// What Postwerk adds around Better Auth's endpoints to recover and protect accounts (ADR 0044).
// server/auth.ts calls these from its hooks; the rules themselves live in this feature.

type Deps = { db: Database; mailer: Mailer; env: Env; logger: Logger };
type HookContext = GenericEndpointContext & { context: AuthContext & { returned?: unknown } };
type AuthUser = { id: string; email: string; twoFactorEnabled?: boolean | null };

// Endpoints that check the account's password: each wrong one counts against the account.
const PASSWORD_CHECKING_PATHS = new Set([
  "/sign-in/email",
  "/delete-user",
  "/change-password",
  "/change-email",
  "/passkey/registration-options",
]);
const WRONG_PASSWORD_CODES = new Set(["INVALID_EMAIL_OR_PASSWORD", "INVALID_PASSWORD"]);
const RECIPIENT_LIMITED_PATHS: Record<string, RecipientMailKind> = {
  "/request-password-reset": "password-reset",
  "/send-verification-email": "confirmation",
};

const BERLIN_TIME = new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit" });

export function createAccountSecurityHooks({ db, mailer, env, logger }: Deps) {
  // The user whose password a request has just reset, from Better Auth's onPasswordReset to
  // the after hook that signs them in; keyed by the request, so nothing outlives it.
  const passwordResets = new WeakMap<Request, AuthUser>();

  // Security mails must not hold up or fail the request that causes them; a lost one is logged.
  function sendInBackground(to: string, mail: MailContent, userId?: string) {
    mailer.send({ to, ...mail }).catch((error: unknown) => {
      logger.error({ err: error, userId, subject: mail.subject }, "Sicherheits-E-Mail konnte nicht gesendet werden");
    });
  }

  function readBodyEmail(ctx: HookContext): string | null {
    const email = (ctx.body as { email?: unknown } | undefined)?.email;
    return typeof email === "string" && email.length <= 254 ? email : null;
  }

  async function emailOfRequest(ctx: HookContext): Promise<string | null> {
    if (ctx.path === "/sign-in/email") return readBodyEmail(ctx);
    const session = await getSessionFromCtx(ctx);
    return session?.user.email ?? null;
  }

  async function assertNotThrottled(email: string) {
    const throttle = await readSignInThrottle(db, email);
    if (!throttle.blocked) return;
    const seconds = Math.max(1, Math.ceil((throttle.until.getTime() - Date.now()) / 1000));
    throw new APIError(
      "TOO_MANY_REQUESTS",
      { message: signInThrottledMessage(BERLIN_TIME.format(throttle.until)), code: "ACCOUNT_THROTTLED" },
      { "Retry-After": String(seconds) },
    );
  }

  async function hasPassword(userId: string): Promise<boolean> {
    const [credential] = await db
      .select({ id: account.id })
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential"), isNotNull(account.password)));
    return Boolean(credential);
  }

  // ADR 0044: a session alone does not move the account to another address.
  async function assertRecentAuthForEmailChange(ctx: HookContext) {
    const session = await getSessionFromCtx(ctx);
    if (!session) return; // Better Auth answers 401 itself.
    const password = (ctx.body as { password?: unknown } | undefined)?.password;
    if (await hasPassword(session.user.id)) {
      if (typeof password !== "string" || !password) {
        throw new APIError("BAD_REQUEST", {
          message: RECOVERY_TEXTS.emailChangePasswordRequired,
          code: "PASSWORD_REQUIRED",
        });
      }
      // Better Auth's own check (the one /change-password uses): INVALID_PASSWORD when wrong.
      await ctx.context.password.checkPassword(session.user.id, ctx).catch(async (error: unknown) => {
        await recordSignInFailure(db, session.user.email);
        throw error;
      });
      return;
    }
    const age = Date.now() - new Date(session.session.createdAt).getTime();
    if (age > EMAIL_CHANGE_REAUTH_MAX_AGE_MINUTES * 60_000) {
      throw new APIError("BAD_REQUEST", { message: RECOVERY_TEXTS.emailChangeReauthRequired, code: "REAUTH_REQUIRED" });
    }
  }

  // A change link counts only while it matches the account's newest open request (see
  // email-change.service.ts); the page it leads to says why it did not work.
  async function assertChangeLinkCurrent(ctx: HookContext) {
    const link = readChangeLink(ctx.query?.token);
    if (!link) return; // Not a change link: Better Auth checks it alone.
    const pending = await getPendingEmailChange(db, link.userId);
    if (pending?.email === link.newEmail.toLowerCase()) return;
    throw ctx.redirect(`${ROUTES.account}?error=${EMAIL_CHANGE_LINK_OUTDATED}`);
  }

  // Every new session: a browser the account has not used before gets a notice mail.
  async function noteSignIn(ctx: HookContext, user: AuthUser) {
    const deviceId = readDeviceId(ctx.getCookie(DEVICE_COOKIE_NAME)) ?? newDeviceId();
    ctx.setCookie(DEVICE_COOKIE_NAME, deviceId, {
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      httpOnly: true,
      sameSite: "lax",
      secure: env.BASE_URL.startsWith("https://"),
      path: "/",
    });
    const sighting = await noteDeviceSignIn(db, user.id, deviceId);
    if (sighting !== "new") return;
    const profile = await getProfile(db, user.id);
    if (!profile?.notifyNewSignIn) return;
    const device = describeUserAgent(ctx.request?.headers.get("user-agent")).name;
    sendInBackground(
      user.email,
      composeNewSignInMail({ at: new Date(), device, accountUrl: `${env.BASE_URL}${ROUTES.account}` }),
      user.id,
    );
  }

  async function signInAfterReset(ctx: HookContext, user: AuthUser) {
    // With two-factor sign-in the mailbox alone must not open the account: sign in as usual.
    if (user.twoFactorEnabled) return ctx.json({ status: true, signedIn: false });
    const session = await ctx.context.internalAdapter.createSession(user.id);
    const fullUser = await ctx.context.internalAdapter.findUserById(user.id);
    if (!fullUser) return ctx.json({ status: true, signedIn: false });
    await setSessionCookie(ctx, { session, user: fullUser });
    await noteSignIn(ctx, user);
    return ctx.json({ status: true, signedIn: true });
  }

  return {
    async before(ctx: HookContext) {
      const mailKind = RECIPIENT_LIMITED_PATHS[ctx.path];
      const bodyEmail = readBodyEmail(ctx);
      if (mailKind && bodyEmail) {
        const limit = await consumeRecipientLimit(db, mailKind, bodyEmail);
        if (!limit.allowed) {
          throw new APIError(
            "TOO_MANY_REQUESTS",
            { message: RECOVERY_TEXTS.tooManyMails, code: "TOO_MANY_MAILS" },
            { "Retry-After": String(limit.retryAfterSeconds) },
          );
        }
      }
      if (PASSWORD_CHECKING_PATHS.has(ctx.path)) {
        const email = await emailOfRequest(ctx);
        if (email) await assertNotThrottled(email);
      }
      if (ctx.path === "/change-email") await assertRecentAuthForEmailChange(ctx);
      if (ctx.path === "/verify-email") await assertChangeLinkCurrent(ctx);
    },

    async after(ctx: HookContext) {
      const returned = ctx.context.returned;
      const failed = returned instanceof APIError;
      if (PASSWORD_CHECKING_PATHS.has(ctx.path)) {
        const code = failed ? (returned.body as { code?: string } | undefined)?.code : undefined;
        if (code && WRONG_PASSWORD_CODES.has(code)) {
          const email = await emailOfRequest(ctx);
          if (email) await recordSignInFailure(db, email);
        }
        const signedInEmail = !failed && ctx.path === "/sign-in/email" ? readBodyEmail(ctx) : null;
        if (signedInEmail) await clearSignInFailures(db, signedInEmail);
      }
      if (ctx.path === "/change-email" && !failed) {
        const session = await getSessionFromCtx(ctx);
        const newEmail = (ctx.body as { newEmail?: unknown } | undefined)?.newEmail;
        if (session && typeof newEmail === "string") {
          await recordPendingEmailChange(db, {
            userId: session.user.id,
            newEmail,
            lifetimeSeconds: CONFIRMATION_LINK_HOURS * 60 * 60,
          });
        }
      }
      if (ctx.path === "/reset-password" && !failed && ctx.request) {
        const user = passwordResets.get(ctx.request);
        if (user) return signInAfterReset(ctx, user);
      }
      const created = ctx.context.newSession;
      // A password change replaces the session of the same browser; a sign-in that still needs
      // its second factor is not one yet (the two-factor endpoints create the real session).
      if (
        created &&
        ctx.path !== "/change-password" &&
        !(ctx.path === "/sign-in/email" && created.user.twoFactorEnabled)
      ) {
        await noteSignIn(ctx, created.user);
      }
    },

    // Sent without waiting, so an address with an account answers as fast as one without.
    sendResetPassword({ user, url }: { user: AuthUser; url: string }) {
      sendInBackground(user.email, composePasswordResetMail(url, PASSWORD_RESET_LINK_HOURS), user.id);
      return Promise.resolve();
    },

    async onPasswordReset({ user }: { user: AuthUser }, request: Request | undefined) {
      if (request) passwordResets.set(request, user);
      await clearSignInFailures(db, user.email);
      sendInBackground(user.email, composePasswordResetDoneMail(`${env.BASE_URL}${ROUTES.forgotPassword}`), user.id);
    },

    /** After Better Auth changed a user: an address change gets the notice to the old address. */
    async afterUserUpdate(user: AuthUser & { name: string }) {
      const profile = await getProfile(db, user.id);
      await syncProfileFromUser(db, user);
      if (!profile || profile.email.toLowerCase() === user.email.toLowerCase()) return;
      await clearPendingEmailChange(db, user.id);
      const token = await createEmailChangeObjection(db, {
        userId: user.id,
        previousEmail: profile.email,
        newEmail: user.email,
      });
      const objectionUrl = `${env.BASE_URL}${ROUTES.emailChangeObjection}?token=${encodeURIComponent(token)}`;
      sendInBackground(
        profile.email,
        composeEmailChangedNoticeMail({
          newEmail: user.email,
          objectionUrl,
          objectionDays: EMAIL_CHANGE_OBJECTION_DAYS,
        }),
        user.id,
      );
    },
  };
}

/**
 * The account and new address a change link is for, read without checking its signature
 * (Better Auth checks it right after); null for any other link.
 */
function readChangeLink(token: unknown): { userId: string; newEmail: string } | null {
  if (typeof token !== "string") return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    if (typeof payload !== "object" || payload === null) return null;
    const { requestType, userId, updateTo } = payload as Record<string, unknown>;
    if (requestType !== "change-email-verification" || typeof userId !== "string" || typeof updateTo !== "string")
      return null;
    return { userId, newEmail: updateTo };
  } catch {
    return null;
  }
}

export type AccountSecurityHooks = ReturnType<typeof createAccountSecurityHooks>;
