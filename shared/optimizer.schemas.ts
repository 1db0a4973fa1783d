import { z } from "zod";
import { OPTIMIZER_TRIAL_DAYS } from "./pricing.ts";
import { textField } from "./text-field.ts";

// Requests of the X-post optimizer's API (/api/optimizer, issue 3) and the texts and limits
// the server and the page share. Response types are inferred from the routes (hc<AppType>).

/** Longer texts are refused before any work: an X post is 280 weighted characters at most. */
export const OPTIMIZER_TEXT_MAX_LENGTH = 2000;

// Spec section 8 "Optimizer toasts", word for word.
export const OPTIMIZER_MESSAGES = {
  grammarBlank: "Kein Text zur Grammatikprüfung vorhanden.",
  grammarDone: "Text wurde korrigiert.",
  grammarFailed: "Grammatikprüfung fehlgeschlagen.",
  improveBlank: "Kein Text zur Optimierung vorhanden.",
  improveDone: "Text wurde optimiert.",
  improveFailed: "Textoptimierung fehlgeschlagen.",
  copyBlank: "Kein Text zum Kopieren vorhanden.",
  copyDone: "Text wurde in die Zwischenablage kopiert.",
  copyFailed: "Text konnte nicht kopiert werden.",
  resetDone: "Text wurde auf die ursprüngliche Version zurückgesetzt.",
  signInRequired: "Bitte melde dich an, um den X-Post Optimizer zu nutzen.",
} as const;

// Beyond the spec (ADR 0007): the server's answers when AI is refused or fails.
export const OPTIMIZER_ERRORS = {
  textTooLong: `Dein Text ist zu lang. Erlaubt sind höchstens ${OPTIMIZER_TEXT_MAX_LENGTH} Zeichen.`,
  // The price as spec section 9 gives it (shared/pricing.ts holds it in cents for the pages).
  premiumRequired: `Die KI-Funktionen gehören zum Premium-Plan (9,99 €/Monat). Starte deinen kostenlosen ${OPTIMIZER_TRIAL_DAYS}-Tage-Test – ohne Kreditkarte.`,
  trialExpired:
    "Dein kostenloser Testzeitraum ist abgelaufen. Die KI-Funktionen gehören zum Premium-Plan (9,99 €/Monat).",
  trialAlreadyUsed: "Du hast deinen kostenlosen Testzeitraum bereits genutzt.",
  trialNotNeeded: "Du hast bereits ein aktives Abo und brauchst keinen Testzeitraum.",
  timeout:
    "Die KI hat nicht rechtzeitig geantwortet. Dein Text ist unverändert – bitte versuche es gleich noch einmal.",
  tooManyRequests: "Zu viele Anfragen. Bitte warte einen Moment und versuche es dann erneut.",
} as const;

const postTextField = (blankMessage: string) =>
  textField(blankMessage)
    .max(OPTIMIZER_TEXT_MAX_LENGTH, { error: OPTIMIZER_ERRORS.textTooLong })
    .refine((text) => text.trim() !== "", { error: blankMessage });

export const CorrectGrammarSchema = z.object({ postText: postTextField(OPTIMIZER_MESSAGES.grammarBlank) });
export type CorrectGrammarInput = z.infer<typeof CorrectGrammarSchema>;

export const ImprovePostSchema = z.object({ postText: postTextField(OPTIMIZER_MESSAGES.improveBlank) });
export type ImprovePostInput = z.infer<typeof ImprovePostSchema>;

// Blank text is no error here: it simply has no spelling issues.
export const SpellingCheckSchema = z.object({
  text: textField("Kein Text zur Rechtschreibprüfung vorhanden.").max(OPTIMIZER_TEXT_MAX_LENGTH, {
    error: OPTIMIZER_ERRORS.textTooLong,
  }),
});
export type SpellingCheckInput = z.infer<typeof SpellingCheckSchema>;

export const AI_ACCESS_VIA = ["subscription", "trial"] as const;
export type AiAccessVia = (typeof AI_ACCESS_VIA)[number];
