import type { ApiErrorCode } from "./api-errors.ts";

// Webhooks of the public API (ADR 0110): the events a user can subscribe an endpoint to, the
// delivery's retry schedule, the signature header and the German texts of /konto.

export const WEBHOOK_EVENTS = ["post.sent", "post.failed", "post.unconfirmed"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "post.sent": "Beitrag gesendet",
  "post.failed": "Beitrag fehlgeschlagen",
  "post.unconfirmed": "Beitrag unbestätigt",
};

export const WEBHOOKS_PER_USER_MAX = 5;
export const WEBHOOK_URL_MAX = 2000;
/** Waits after the 1st, 2nd, … failed attempt; after the last one the delivery is given up. */
export const WEBHOOK_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
/** Given-up deliveries in a row after which an endpoint is switched off. */
export const WEBHOOK_DISABLE_AFTER_FAILURES = 5;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How many deliveries the log on /konto shows. */
export const WEBHOOK_LOG_LIMIT = 50;

export const WEBHOOK_SIGNATURE_HEADER = "Postwerk-Signature";
export const WEBHOOK_EVENT_ID_HEADER = "Postwerk-Event-Id";
export const WEBHOOK_EVENT_HEADER = "Postwerk-Event";

export const WEBHOOK_ERRORS = {
  WEBHOOK_NOT_FOUND: "Diesen Webhook gibt es nicht (mehr).",
  WEBHOOK_LIMIT_REACHED: `Sie können höchstens ${WEBHOOKS_PER_USER_MAX} Webhooks anlegen. Bitte löschen Sie zuerst einen.`,
  WEBHOOK_URL_INVALID: "Bitte geben Sie eine vollständige Adresse mit https:// an.",
  WEBHOOK_URL_NOT_PUBLIC:
    "Diese Adresse ist nicht öffentlich erreichbar. Postwerk sendet Webhooks nur an Adressen im Internet, nie an interne oder lokale Netze.",
  INVALID_EVENTS: "Bitte wählen Sie mindestens ein Ereignis.",
} as const satisfies Partial<Record<ApiErrorCode | "INVALID_EVENTS", string>>;

export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

/** An endpoint as /konto lists it: never its secret. */
export type WebhookEndpointView = {
  id: string;
  url: string;
  events: WebhookEvent[];
  createdAt: string;
  /** Set when Postwerk switched the endpoint off after WEBHOOK_DISABLE_AFTER_FAILURES given-up deliveries. */
  disabledAt: string | null;
};

export type WebhookDeliveryView = {
  id: string;
  endpointId: string;
  url: string;
  event: WebhookEvent;
  eventId: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The receiver's HTTP status of the last attempt, or null when it did not answer. */
  httpStatus: number | null;
  /** Why the last attempt failed, in German; null when it succeeded. */
  error: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
};
