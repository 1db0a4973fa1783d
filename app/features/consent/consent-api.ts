import { api, jsonOrThrow, toApiError } from "#app/lib/api.ts";
import { CONSENT_VERSION, type ConsentSettings } from "#shared/consent.ts";
import { getOrCreateVisitorId } from "./stored-consent.ts";

// The consent dialog's calls to /api/consent (spec section 7, ADR 0010).

export async function fetchCookieDefinitions() {
  return jsonOrThrow(await api.consent.definitions.$get());
}

export type CookieDefinition = Awaited<ReturnType<typeof fetchCookieDefinitions>>[number];

export async function fetchConsentHistory() {
  return jsonOrThrow(await api.consent.history.$get({ query: { visitorId: getOrCreateVisitorId() } }));
}

export type ConsentHistoryEntry = Awaited<ReturnType<typeof fetchConsentHistory>>[number];

export async function sendConsentRecord(settings: ConsentSettings) {
  const response = await api.consent.$post({
    json: { ...settings, version: CONSENT_VERSION, visitorId: getOrCreateVisitorId() },
  });
  if (!response.ok) throw await toApiError(response);
}

// Spec section 8 "Consent": failing to load the definitions or the history is only logged.
export function logConsentProblem(message: string, error: unknown) {
  // biome-ignore lint/suspicious/noConsole: the spec asks for a log entry here, not a message to the visitor
  console.warn(message, error);
}
