import { z } from "zod";
import { CONSENT_VERSION } from "./consent.ts";

// Requests of /api/consent (spec sections 5 "Consent" and 7). Response types are inferred
// from the routes (hc<AppType>).

export const CONSENT_ERRORS = {
  essentialRequired: "Technisch notwendige Cookies können nicht abgewählt werden.",
  unsupportedVersion:
    "Diese Version der Cookie-Einstellungen wird nicht mehr unterstützt. Bitte laden Sie die Seite neu.",
  invalidVisitor: "Die Kennung dieses Browsers ist ungültig. Bitte laden Sie die Seite neu.",
  unreadable: "Die Cookie-Einstellungen konnten nicht gelesen werden. Bitte laden Sie die Seite neu.",
} as const;

const optionalCategory = z.boolean({ error: CONSENT_ERRORS.unreadable });

// The browser keeps a random id (ADR 0010) so a visitor without an account can read the
// history of this browser.
const visitorIdField = z.uuid({ error: CONSENT_ERRORS.invalidVisitor });

export const SaveConsentSchema = z.object({
  // Spec section 5: "essential cannot be switched off".
  essential: z.literal(true, { error: CONSENT_ERRORS.essentialRequired }),
  analytics: optionalCategory,
  authentication: optionalCategory,
  ai_services: optionalCategory,
  version: z.literal(CONSENT_VERSION, { error: CONSENT_ERRORS.unsupportedVersion }),
  visitorId: visitorIdField,
});

export const ConsentHistoryQuerySchema = z.object({ visitorId: visitorIdField });
