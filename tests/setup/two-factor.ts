import * as OTPAuth from "otpauth";
import { expect } from "vitest";
import { type RunningApp, sessionCookieFrom } from "./test-app.ts";

// Two-factor sign-in (ADR 0041) through Better Auth's plugin endpoints, as the browser uses them.

/** `name=value` of every cookie an answer sets to a value (not the ones it clears). */
export function setCookies(response: Response): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0] ?? "";
    const name = pair.slice(0, pair.indexOf("="));
    const value = pair.slice(pair.indexOf("=") + 1);
    if (value && !/max-age=0/i.test(header)) cookies.set(name, pair);
  }
  return cookies;
}

export function wrongCodeFor(totp: OTPAuth.TOTP): string {
  return String((Number(totp.generate()) + 500_000) % 1_000_000).padStart(6, "0");
}

export type Enabled = { cookie: string; totp: OTPAuth.TOTP; backupCodes: string[] };

/** Signs up, turns 2FA on through the plugin's endpoints and returns the new session and codes. */
export async function signUpWithTwoFactor(
  app: RunningApp,
  email: string,
  password = "Laterne-Zimt-42",
): Promise<Enabled> {
  const first = await app.signUpAndConfirm(email, password);
  const enable = await app.postJson("/api/auth/two-factor/enable", { password }, first);
  expect(enable.status).toBe(200);
  const { totpURI, backupCodes } = await enable.json();
  const totp = OTPAuth.URI.parse(totpURI);
  if (!(totp instanceof OTPAuth.TOTP)) throw new Error("Kein TOTP-URI");
  const verify = await app.postJson("/api/auth/two-factor/verify-totp", { code: totp.generate() }, first);
  expect(verify.status).toBe(200);
  // Better Auth replaces the session when the user's twoFactorEnabled changes.
  return { cookie: sessionCookieFrom(verify), totp, backupCodes };
}

export async function startSignIn(app: RunningApp, email: string, cookie?: string, password = "Laterne-Zimt-42") {
  const response = await app.postJson("/api/auth/sign-in/email", { email, password }, cookie);
  return { response, body: await response.json(), cookies: setCookies(response) };
}
