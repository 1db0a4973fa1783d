import { formatEuro, OPTIMIZER_PREMIUM_PRICE_CENTS, OPTIMIZER_TRIAL_DAYS } from "./pricing.ts";

// The X-post optimizer's constants and texts (spec sections 5, 8 and 9; ADR 0006, 0007). No
// packages: the public pages quote them without loading the link recognition or zod (ADR 0021).

// Spec sections 5 and 9: the six criteria.
export const POST_LENGTH_MIN = 130;
export const POST_LENGTH_MAX = 195;
export const LINK_LENGTH = 23;
export const MAX_MENTIONS = 1;
export const MAX_HASHTAGS = 1;
export const MAX_EXCLAMATIONS = 1;
export const SENTENCE_LENGTH_MAX = 95;
export const WORD_COUNT_MAX = 37;
export const POST_SCORE_MAX = 6;

// Spec section 5: no sentence ends after these, matched case-sensitively as whole words.
export const SENTENCE_ABBREVIATIONS = ["Dr", "Prof", "St", "Nr", "Str", "bzw", "ca", "etc", "usw", "z.B"] as const;

const PREMIUM_PRICE = formatEuro(OPTIMIZER_PREMIUM_PRICE_CENTS);

/** Longer texts are refused before any work: an X post is 280 weighted characters at most. */
export const OPTIMIZER_TEXT_MAX_LENGTH = 2000;

// A thread for the AI routes (correct-grammar-thread, improve-thread): each post as above, and
// the whole bounded so one request stays one model call of sane size (25 × 280 weighted fit).
export const THREAD_POSTS_MIN = 2;
export const THREAD_POSTS_MAX = 25;
export const THREAD_TEXT_MAX_LENGTH = 10_000;

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
  premiumRequired: `Die KI-Funktionen gehören zum Premium-Plan (${PREMIUM_PRICE}/Monat). Starte deinen kostenlosen ${OPTIMIZER_TRIAL_DAYS}-Tage-Test – ohne Kreditkarte.`,
  trialExpired: `Dein kostenloser Testzeitraum ist abgelaufen. Die KI-Funktionen gehören zum Premium-Plan (${PREMIUM_PRICE}/Monat).`,
  trialAlreadyUsed: "Du hast deinen kostenlosen Testzeitraum bereits genutzt.",
  trialNotNeeded: "Du hast bereits ein aktives Abo und brauchst keinen Testzeitraum.",
  timeout:
    "Die KI hat nicht rechtzeitig geantwortet. Dein Text ist unverändert – bitte versuche es gleich noch einmal.",
  tooManyRequests: "Zu viele Anfragen. Bitte warte einen Moment und versuche es dann erneut.",
  spellingBlank: "Kein Text zur Rechtschreibprüfung vorhanden.",
  threadTooFewPosts: `Ein Thread besteht aus mindestens ${THREAD_POSTS_MIN} Posts.`,
  threadTooManyPosts: `Ein Thread hat höchstens ${THREAD_POSTS_MAX} Posts. Kürze ihn oder teile ihn auf.`,
  threadTooLong: "Dein Thread ist zu lang. Erlaubt sind höchstens 10.000 Zeichen insgesamt.",
  threadBlankPost: (position: number) =>
    `Post ${position} deines Threads ist leer. Schreib etwas hinein oder lösche ihn.`,
  // The optimizer page's own hints (beyond the spec).
  premiumHint: `KI-Korrektur und KI-Optimierung gehören zu Premium. Teste es ${OPTIMIZER_TRIAL_DAYS} Tage gratis!`,
  trialStartFailed: "Der Test konnte nicht gestartet werden.",
} as const;

/** The optimizer's call to action while the trial is there to start (ADR 0101: only then). */
export const TRIAL_OFFER_DEFAULT = `${OPTIMIZER_TRIAL_DAYS} Tage gratis testen`;

const AI_ACCESS_VIA = ["subscription", "trial"] as const;
export type AiAccessVia = (typeof AI_ACCESS_VIA)[number];
