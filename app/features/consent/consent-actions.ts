import { loadToast } from "#app/lib/lazy-toast.ts";
import {
  CONSENT_EXPORT_FILE_NAME,
  CONSENT_MESSAGES,
  CONSENT_VERSION,
  type ConsentSettings,
  DEFAULT_CONSENT_SETTINGS,
  narrowConsent,
} from "#shared/consent.ts";
import { fetchConsentHistory, logConsentProblem, sendConsentRecord } from "./consent-api.ts";
import { finishSavingConsent, startSavingConsent } from "./consent-store.ts";
import { readStoredConsent, writeStoredConsent } from "./stored-consent.ts";

// Spec section 4 "Consent": the dialog closes, the choice is recorded on the server
// (cookie_consent_history) and kept in this browser. ADR 0010: a withdrawal applies at once;
// a new consent applies only once the server has recorded it.
export async function saveConsent(chosen: ConsentSettings) {
  const previous = readStoredConsent();
  const withoutRecord = narrowConsent(previous?.settings ?? DEFAULT_CONSENT_SETTINGS, chosen);
  startSavingConsent(withoutRecord);
  try {
    await sendConsentRecord(chosen);
    writeStoredConsent({ version: CONSENT_VERSION, settings: chosen, timestamp: new Date().toISOString() });
    finishSavingConsent(chosen);
    (await loadToast()).success(CONSENT_MESSAGES.saveSuccessTitle, { description: CONSENT_MESSAGES.saveSuccess });
  } catch (error) {
    logConsentProblem("Cookie-Einstellungen nicht gespeichert", error);
    // The earlier choice keeps its date, so a failed save never extends its validity.
    if (previous) writeStoredConsent({ ...previous, settings: withoutRecord });
    finishSavingConsent(previous ? withoutRecord : null);
    (await loadToast()).error(CONSENT_MESSAGES.saveFailedTitle, { description: CONSENT_MESSAGES.saveFailed });
  }
}

// Spec section 7 "Export": the history, read afresh, as an indented JSON file.
export async function exportConsentHistory() {
  try {
    const history = await fetchConsentHistory();
    const file = new Blob([JSON.stringify(history, null, 2)], { type: "application/json" });
    const url = URL.createObjectURL(file);
    const link = document.createElement("a");
    link.href = url;
    link.download = CONSENT_EXPORT_FILE_NAME;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
    (await loadToast()).success(CONSENT_MESSAGES.exportSuccessTitle, { description: CONSENT_MESSAGES.exportSuccess });
  } catch (error) {
    logConsentProblem("Export des Cookie-Verlaufs fehlgeschlagen", error);
    (await loadToast()).error(CONSENT_MESSAGES.exportFailedTitle, { description: CONSENT_MESSAGES.exportFailed });
  }
}
