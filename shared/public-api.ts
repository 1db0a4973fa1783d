import type { ApiErrorCode } from "./api-errors.ts";

// The public API and the MCP server (ADR 0107–0111): scopes of a personal API key, the key's
// visible shape, the limits and the German messages of its refusals.

export const API_SCOPES = ["posts:read", "posts:write", "generate", "metrics:read"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  "posts:read": "Beiträge lesen",
  "posts:write": "Beiträge schreiben",
  generate: "Beiträge generieren (kostet Credits)",
  "metrics:read": "Kennzahlen lesen",
};

/** The consent to schedule without approval, on a key (/konto) and for an OAuth app (consent page). */
export const DIRECT_SCHEDULING_LABEL =
  "Direkt planen erlaubt: KI-Assistenten dürfen Beiträge ohne Ihre Freigabe planen und senden. Ohne diese Erlaubnis legen sie nur Entwürfe an.";

/** What /konto says when its API cards cannot load their lists. */
export const API_ACCOUNT_MESSAGES = {
  keysLoadFailed: "Ihre API-Schlüssel konnten nicht geladen werden.",
  appsLoadFailed: "Die zugelassenen Apps konnten nicht geladen werden.",
} as const;

/** Every key starts so: a secret scanner (and a person) recognises it. */
export const API_KEY_PREFIX = "pw_live_";
/** How much of the key /konto shows to tell keys apart (prefix plus a few characters). */
export const API_KEY_VISIBLE_LENGTH = API_KEY_PREFIX.length + 6;
export const API_KEY_NAME_MAX = 60;
export const API_KEYS_PER_USER_MAX = 20;

/** Without a setting from the operator, every plan gets the API with this many requests a minute. */
export const DEFAULT_API_REQUESTS_PER_MINUTE = 60;
export const API_REQUESTS_PER_MINUTE_MAX = 100_000;

/** ADR 0109: how long an Idempotency-Key's answer is kept and replayed. */
export const IDEMPOTENCY_TTL_HOURS = 24;
export const IDEMPOTENCY_KEY_MAX = 255;

/** The pages of the list: a cursor is the last post's (scheduledAt, id). */
export const API_LIST_LIMIT_DEFAULT = 50;
export const API_LIST_LIMIT_MAX = 200;

export const PUBLIC_API_ERRORS = {
  API_KEY_MISSING:
    "Bitte senden Sie Ihren API-Schlüssel oder das Zugriffstoken Ihrer App im Header „Authorization: Bearer …“. Schlüssel erstellen Sie unter /konto.",
  API_KEY_INVALID: "Dieser API-Schlüssel ist ungültig oder wurde widerrufen.",
  OAUTH_TOKEN_INVALID: "Dieses Zugriffstoken ist ungültig, abgelaufen oder wurde widerrufen.",
  SCOPE_MISSING: "Dieser API-Schlüssel hat keine Berechtigung für diese Aktion.",
  API_NOT_IN_PLAN: "Ihr Plan enthält keinen Zugang zur API.",
  API_KEY_NOT_FOUND: "Diesen API-Schlüssel gibt es nicht (mehr).",
  API_KEY_LIMIT_REACHED: `Sie können höchstens ${API_KEYS_PER_USER_MAX} aktive API-Schlüssel haben. Bitte widerrufen Sie zuerst einen.`,
  IDEMPOTENCY_KEY_REUSED:
    "Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet. Bitte wählen Sie einen neuen Schlüssel.",
  IDEMPOTENCY_IN_PROGRESS:
    "Eine Anfrage mit diesem Idempotency-Key wird gerade bearbeitet. Bitte versuchen Sie es gleich noch einmal.",
  NO_FREE_SLOT: "Für diese Konten gibt es keinen freien Sendeplatz.",
  NOT_FOUND: "Diese Adresse gibt es in der API nicht. Alle Routen stehen unter /api/v1/docs.",
  TOO_MANY_REQUESTS:
    "Zu viele Anfragen mit diesem API-Schlüssel. Bitte warten Sie, wie im Header Retry-After angegeben.",
  INVALID_INPUT: "Die Angaben sind unvollständig oder ungültig.",
  INVALID_NAME: `Bitte geben Sie dem Schlüssel einen Namen (höchstens ${API_KEY_NAME_MAX} Zeichen).`,
  INVALID_SCOPES: "Bitte wählen Sie mindestens eine Berechtigung.",
} as const satisfies Partial<Record<ApiErrorCode | "INVALID_NAME" | "INVALID_SCOPES", string>>;

/** A key as /konto lists it: never the key itself. */
export type ApiKeyView = {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  directScheduling: boolean;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

export type ApiActivityView = { id: string; keyName: string; action: string; detail: string | null; createdAt: string };
