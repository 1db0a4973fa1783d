import { CONSENT_VALIDITY_MONTHS, CONSENT_VERSION, type ConsentSettings, consentExpiresAt } from "#shared/consent.ts";

// The visitor's choice in this browser (spec section 3 "Stored consent in the browser").
// Read on every page, so this module stays free of zod and date libraries.

export const CONSENT_STORAGE_KEY = "cookie-consent";
/** ADR 0010: a random id of this browser, so a visitor without an account can read its history. */
export const VISITOR_ID_STORAGE_KEY = "cookie-consent-visitor-id";

type StoredConsent = { version: number; settings: ConsentSettings; timestamp: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function toConsentSettings(value: unknown): ConsentSettings | null {
  if (!isRecord(value) || value.essential !== true) return null;
  const { analytics, authentication, ai_services } = value;
  if (typeof analytics !== "boolean" || typeof authentication !== "boolean" || typeof ai_services !== "boolean") {
    return null;
  }
  return { essential: true, analytics, authentication, ai_services };
}

// Spec section 4: a stored choice of another version is discarded (the defaults apply);
// ADR 0010: so is one whose 12 months have passed, and anything unreadable.
export function parseStoredConsent(raw: string | null, now = new Date()): StoredConsent | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.version !== CONSENT_VERSION || typeof value.timestamp !== "string") return null;
  const settings = toConsentSettings(value.settings);
  const givenAt = new Date(value.timestamp);
  if (!settings || Number.isNaN(givenAt.getTime()) || consentExpiresAt(givenAt) <= now) return null;
  return { version: CONSENT_VERSION, settings, timestamp: value.timestamp };
}

// Storage can be switched off or full; then the visitor is simply asked again next time.
export function readStoredConsent(): StoredConsent | null {
  try {
    const raw = localStorage.getItem(CONSENT_STORAGE_KEY);
    const stored = parseStoredConsent(raw);
    if (raw !== null && !stored) localStorage.removeItem(CONSENT_STORAGE_KEY);
    return stored;
  } catch {
    return null;
  }
}

export function writeStoredConsent(stored: StoredConsent) {
  localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(stored));
}

export function getOrCreateVisitorId(): string {
  const existing = localStorage.getItem(VISITOR_ID_STORAGE_KEY);
  if (existing) return existing;
  const visitorId = crypto.randomUUID();
  localStorage.setItem(VISITOR_ID_STORAGE_KEY, visitorId);
  return visitorId;
}

// ADR 0030: the prerendered pages carry the first-visit banner for everyone. This inline script
// runs in the head, before the first paint, and marks a visitor with a stored choice, so the
// banner stays hidden (app.css) until React has read the choice properly and removed it. A rough
// check on purpose: if it errs, loadStoredChoiceOnce clears the mark and the banner shows.
export const STORED_CONSENT_MARK_SCRIPT = [
  `try{var c=JSON.parse(localStorage.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)}));`,
  `if(c&&c.version===${CONSENT_VERSION}){var d=new Date(c.timestamp);`,
  `d.setUTCMonth(d.getUTCMonth()+${CONSENT_VALIDITY_MONTHS});`,
  'if(d>new Date())document.documentElement.dataset.consent="stored"}}catch(e){}',
].join("");

export function clearStoredConsentMark() {
  delete document.documentElement.dataset.consent;
}
