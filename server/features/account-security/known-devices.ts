import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { knownDevices } from "#server/db/schema/account-security.ts";

// Which browsers an account has signed in from (ADR 0044): each gets a random id in a
// long-lived cookie, and the account keeps the id's hash. A sign-in from a browser without a
// known id is new; the account's very first browser is not (that is the sign-up itself).

export const DEVICE_COOKIE_NAME = "postwerk.device";
// Browsers keep a cookie at most 400 days.
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

const DEVICE_ID = /^[A-Za-z0-9_-]{32}$/;

export function newDeviceId(): string {
  return crypto.randomBytes(24).toString("base64url");
}

/** A cookie value that can be a device id at all; anything else is treated as no cookie. */
export function readDeviceId(value: string | null | undefined): string | null {
  return value && DEVICE_ID.test(value) ? value : null;
}

const hashDeviceId = (deviceId: string) => crypto.createHash("sha256").update(deviceId).digest("hex");

export type DeviceSighting = "known" | "first" | "new";

/** Notes a sign-in from `deviceId` and says whether the account knew the browser. */
export async function noteDeviceSignIn(
  db: Database,
  userId: string,
  deviceId: string,
  now = new Date(),
): Promise<DeviceSighting> {
  const deviceHash = hashDeviceId(deviceId);
  const seen = await db
    .update(knownDevices)
    .set({ lastSeenAt: now })
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash)))
    .returning({ userId: knownDevices.userId });
  if (seen.length > 0) return "known";
  const [others] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId));
  await db.insert(knownDevices).values({ userId, deviceHash, createdAt: now, lastSeenAt: now }).onConflictDoNothing();
  return (others?.count ?? 0) === 0 ? "first" : "new";
}
