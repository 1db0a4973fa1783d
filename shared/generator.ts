// The post generator's constants and texts (spec sections 2, 3, 5, 8 and 9; ADR 0012, 0013,
// 0015). No imports but types: public pages quote these without loading zod (ADR 0021); the schemas in
// generator.schemas.ts are built from them.

import type { NetworkId } from "./networks.ts";

// Spec section 3 "Enumerations", with the German labels the form shows.
export const PLATFORMS = ["facebook", "instagram", "linkedin", "twitter"] as const;
export type Platform = (typeof PLATFORMS)[number];
export const PLATFORM_LABELS: Record<Platform, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  twitter: "X (Twitter)",
};

// The generator writes for a platform; the composer chooses that network's accounts first, and the
// generator's own examples come from that network (ADR 0114).
const NETWORK_OF_PLATFORM: Record<Platform, NetworkId> = {
  twitter: "x",
  linkedin: "linkedin",
  facebook: "facebook",
  instagram: "instagram",
};

export function networkOfPlatform(platform: string): NetworkId | undefined {
  return NETWORK_OF_PLATFORM[platform as Platform];
}

export const TONES = ["friendly", "formal", "humorous", "exaggerated_marketing"] as const;
export type Tone = (typeof TONES)[number];
export function isTone(value: string | null): value is Tone {
  return (TONES as readonly string[]).includes(value ?? "");
}
export const TONE_LABELS: Record<Tone, string> = {
  friendly: "Freundlich",
  formal: "Formell",
  humorous: "Humorvoll",
  exaggerated_marketing: "Ultimatives Marketing",
};

export const LANGUAGES = ["english", "german", "french", "spanish", "turkish"] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABELS: Record<Language, string> = {
  english: "Englisch",
  german: "Deutsch",
  french: "Französisch",
  spanish: "Spanisch",
  turkish: "Türkisch",
};

// Beyond the spec (ADR 0065): for X, each suggestion may be a thread of several posts instead
// of one post. Other networks only know the single post.
export const POST_FORMATS = ["post", "thread"] as const;
export type PostFormat = (typeof POST_FORMATS)[number];
export const POST_FORMAT_LABELS: Record<PostFormat, string> = {
  post: "Einzelpost",
  thread: "Thread (3-7 Posts)",
};
export const THREAD_FORMAT_PLATFORM: Platform = "twitter";
export const THREAD_POSTS_MIN = 3;
export const THREAD_POSTS_MAX = 7;

/** A thread as one text (copy, e-mail, search display): its posts with a blank line between. */
export function joinThread(posts: readonly string[]): string {
  return posts.join("\n\n");
}

// Spec section 2 "/erstellen": the form's defaults.
export const GENERATOR_DEFAULTS = {
  platform: "facebook",
  language: "german",
  tone: "friendly",
  format: "post",
} as const satisfies {
  platform: Platform;
  language: Language;
  tone: Tone;
  format: PostFormat;
};

// Spec section 9.
export const POSTS_PER_GENERATION = 3;
export const IMAGE_MAX_MEGABYTES = 10;
export const IMAGE_MAX_BYTES = IMAGE_MAX_MEGABYTES * 1024 * 1024;
// ADR 0020: beyond the spec. Decoding needs about 4 bytes a pixel, so a tiny file can demand
// gigabytes; 40 megapixels holds every camera photo that fits in 10 MB.
export const IMAGE_MAX_PIXELS = 40_000_000;
/** What the upload field accepts; the server checks the bytes, not this list (ADR 0013). */
export const IMAGE_MEDIA_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const IMAGE_ACCEPT_LABEL = "JPG, JPEG, PNG, WEBP";

// Spec section 2 "/erstellen": the step explanation (describe, audience, AI, share), told the
// same way wherever the product explains a generation.
export const GENERATOR_STEPS = [
  { title: "Inhalt beschreiben", text: "Thema in Stichworten, optional mit Website und Bild." },
  { title: "Zielgruppe wählen", text: "Netzwerk, Tonalität und Sprache festlegen." },
  { title: "KI arbeiten lassen", text: `${POSTS_PER_GENERATION} Vorschläge entstehen live vor Ihren Augen.` },
  {
    title: "Teilen",
    text: "Sofort veröffentlichen oder im Redaktionsplan einplanen – auf X, LinkedIn und Bluesky. Oder kopieren und per E-Mail teilen.",
  },
] as const;

// Beyond the spec: generous for key points, small enough to keep prompts and rows sane.
export const KEY_POINTS_MAX_LENGTH = 2000;
export const WEBSITE_MAX_LENGTH = 2048;

// Spec sections 5 and 8, word for word where the spec words them.
export const GENERATOR_MESSAGES = {
  keyPointsBlank: "Bitte geben Sie Ihre Schlüsselwörter ein",
  keyPointsTooLong: `Ihre Schlüsselwörter dürfen höchstens ${KEY_POINTS_MAX_LENGTH} Zeichen lang sein.`,
  signInRequired: "Bitte melden Sie sich an, um Inhalte zu generieren",
  imageTooLarge: `Bildgröße muss kleiner als ${IMAGE_MAX_MEGABYTES}MB sein`,
  imageType: "Nur JPEG, PNG und WEBP Bilder sind erlaubt",
  imageTooManyPixels: `Das Bild hat zu viele Pixel. Bitte verkleinern Sie es auf höchstens ${IMAGE_MAX_PIXELS / 1_000_000} Megapixel (etwa 8000 × 5000 Pixel).`,
  imageUnreadable: "Das Bild konnte nicht gelesen werden. Bitte wählen Sie eine andere Datei.",
  platformInvalid: "Bitte wählen Sie ein Netzwerk.",
  toneInvalid: "Bitte wählen Sie einen Tonfall.",
  languageInvalid: "Bitte wählen Sie eine Sprache.",
  formatInvalid: "Bitte wählen Sie ein Format.",
  ownExamplesInvalid: "Bitte geben Sie für useOwnExamples true oder false an.",
  // ADR 0065: the thread format exists for X only.
  threadOnlyForX: "Threads gibt es nur für X (Twitter). Bitte wählen Sie X oder das Format Einzelpost.",
  websiteInvalid: "Bitte geben Sie eine gültige Website-Adresse ein (beginnend mit http:// oder https://).",
  // Spec section 8 "Generation": the error of a failed profile load, in the "Fehler" toast.
  profileLoadError: "Fehler beim Laden des Profils",
  // Spec section 8 "Auth and session": the creator's words when the profile cannot be loaded.
  profileLoadFailed: "Fehler beim Laden Ihres Profils. Bitte versuchen Sie es erneut.",
  noCredits: "Keine Credits mehr verfügbar",
  creditUpdateFailed: "Fehler beim Aktualisieren der Credits",
  // ADR 0049: the run stays open and the repair sweep gives it back within about 70 minutes.
  refundFailed:
    "Fehler beim Zurückerstatten der Credits. Sie erhalten den Credit automatisch innerhalb von zwei Stunden zurück.",
  generationFailed: "Fehler bei der Generierung des Inhalts. Bitte versuchen Sie es erneut.",
  invalidResponse: "Ungültiges Antwortformat vom Server",
  timeout: "Die KI hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es erneut.",
  archiveFailed: "Die Beiträge konnten nicht im Archiv gespeichert werden.",
  imageStoreFailed: "Das Bild konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.",
  tooManyRequests: "Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.",
  // ADR 0050: GENERATIONS_IN_FLIGHT_PER_ACCOUNT runs at once per account.
  tooManyInFlight: "Für Ihr Konto laufen bereits zwei Generierungen. Bitte warten Sie, bis eine fertig ist.",
  successTitle: "Erfolg",
  success: "Inhalt erfolgreich generiert und gespeichert!",
  demoMode: "Demo-Modus",
} as const;

// ADR 0025 (EU AI Act Art. 50): the label on every AI text in the product (generator and
// optimizer; the same words in "Sie" and "du" texts), and the generator's note on responsibility.
// The label stands beside the text, never in it: what is copied or shared stays the user's text.
export const AI_GENERATED_LABEL = "KI-generiert";
export const GENERATOR_RESPONSIBILITY_NOTE =
  "KI-Vorschläge können Fehler enthalten: Bitte prüfen Sie jeden Text vor dem Veröffentlichen – Sie veröffentlichen ihn in eigener Verantwortung.";

/**
 * The generator's access code (spec sections 4 and 5 "password gate", ADR 0015). The toasts
 * are the spec's, word for word, including their "du" and the optimizer's name.
 */
export const ACCESS_CODE_MESSAGES = {
  wrongTitle: "Falsches Passwort",
  wrongDescription: "Bitte versuche es erneut.",
  grantedTitle: "Zugriff gewährt",
  grantedDescription: "Willkommen beim X-Post Optimizer!",
  blank: "Bitte geben Sie den Zugangscode ein.",
  required: "Bitte geben Sie zuerst den Zugangscode für den Generator ein.",
} as const;

/** Beyond the spec (ADR 0013): why a website could not be read, in German. */
export const WEBSITE_MESSAGES = {
  notAllowed:
    "Diese Website-Adresse ist nicht erlaubt. Bitte geben Sie eine öffentlich erreichbare Adresse mit http:// oder https:// an.",
  unreachable: "Die Website konnte nicht erreicht werden. Bitte prüfen Sie die Adresse oder lassen Sie das Feld leer.",
  timeout:
    "Die Website hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es erneut oder lassen Sie das Feld leer.",
  tooLarge: "Die Website ist zu groß, um sie zu lesen. Bitte lassen Sie das Feld leer.",
  notHtml: "Unter dieser Adresse liegt keine Webseite (HTML). Bitte prüfen Sie die Adresse.",
  tooManyRedirects: "Die Website leitet zu oft weiter. Bitte geben Sie die endgültige Adresse an.",
  httpError: "Die Website hat mit einem Fehler geantwortet. Bitte prüfen Sie die Adresse.",
} as const;
