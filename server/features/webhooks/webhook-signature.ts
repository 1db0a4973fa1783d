import crypto from "node:crypto";

// The signature of a webhook (ADR 0110), Stripe's scheme: HMAC-SHA256 with the endpoint's secret
// over `${timestamp}.${body}`, sent as `Postwerk-Signature: t=<unix seconds>,v1=<hex>`. The
// timestamp inside the signed text lets a receiver refuse old replays; README shows the check.

export const WEBHOOK_SECRET_PREFIX = "whsec_";

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
}

export function signatureHeader(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const hmac = crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${hmac}`;
}

/** What a receiver does (README's snippet): recompute, compare in constant time, refuse stale ones. */
export function verifySignature(secret: string, body: string, header: string, now: Date, toleranceSeconds = 300) {
  const parts = new Map(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.get("t"));
  const given = Buffer.from(parts.get("v1") ?? "", "hex");
  const expected = crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest();
  const fresh = Math.abs(now.getTime() / 1000 - timestamp) <= toleranceSeconds;
  return fresh && given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
