import { z } from "zod";
import { textField } from "./text-field.ts";

// The post generator (/erstellen, POST /api/generator/generate; issue 4, ADR 0012). One
// schema for the form and the route; the streamed answer's events are typed here too, so
// the browser parses exactly what the server sends.

// Spec section 3 "Enumerations", with the German labels the form shows.
export const PLATFORMS = ["facebook", "instagram", "linkedin", "twitter"] as const;
export type Platform = (typeof PLATFORMS)[number];
export const PLATFORM_LABELS: Record<Platform, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  twitter: "X (Twitter)",
};

export const TONES = ["friendly", "formal", "humorous", "exaggerated_marketing"] as const;
export type Tone = (typeof TONES)[number];
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

// Spec section 2 "/erstellen": the form's defaults.
export const GENERATOR_DEFAULTS = { platform: "facebook", language: "german", tone: "friendly" } as const satisfies {
  platform: Platform;
  language: Language;
  tone: Tone;
};

// Spec section 9.
export const POSTS_PER_GENERATION = 3;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
// ADR 0020: beyond the spec. Decoding needs about 4 bytes a pixel, so a tiny file can demand
// gigabytes; 40 megapixels holds every camera photo that fits in 10 MB.
export const IMAGE_MAX_PIXELS = 40_000_000;
/** What the upload field accepts; the server checks the bytes, not this list (ADR 0013). */
export const IMAGE_MEDIA_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const IMAGE_ACCEPT_LABEL = "JPG, JPEG, PNG, WEBP";

// Beyond the spec: generous for key points, small enough to keep prompts and rows sane.
export const KEY_POINTS_MAX_LENGTH = 2000;
export const WEBSITE_MAX_LENGTH = 2048;

// Spec sections 5 and 8, word for word where the spec words them.
export const GENERATOR_MESSAGES = {
  keyPointsBlank: "Bitte geben Sie Ihre Schlüsselwörter ein",
  keyPointsTooLong: `Ihre Schlüsselwörter dürfen höchstens ${KEY_POINTS_MAX_LENGTH} Zeichen lang sein.`,
  signInRequired: "Bitte melden Sie sich an, um Inhalte zu generieren",
  imageTooLarge: "Bildgröße muss kleiner als 10MB sein",
  imageType: "Nur JPEG, PNG und WEBP Bilder sind erlaubt",
  imageTooManyPixels: `Das Bild hat zu viele Pixel. Bitte verkleinern Sie es auf höchstens ${IMAGE_MAX_PIXELS / 1_000_000} Megapixel (etwa 8000 × 5000 Pixel).`,
  imageUnreadable: "Failed to convert image to base64",
  platformInvalid: "Bitte wählen Sie ein Netzwerk.",
  toneInvalid: "Bitte wählen Sie einen Tonfall.",
  languageInvalid: "Bitte wählen Sie eine Sprache.",
  websiteInvalid: "Bitte geben Sie eine gültige Website-Adresse ein (beginnend mit http:// oder https://).",
  profileLoadFailed: "Fehler beim Laden des Profils",
  profileNotFound: "Profil nicht gefunden",
  noCredits: "Keine Credits mehr verfügbar",
  creditUpdateFailed: "Fehler beim Aktualisieren der Credits",
  refundFailed: "Fehler beim Zurückerstatten der Credits",
  generationFailed: "Fehler bei der Generierung des Inhalts. Bitte versuchen Sie es erneut.",
  invalidResponse: "Ungültiges Antwortformat vom Server",
  timeout: "Die KI hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es erneut.",
  archiveFailed: "Failed to save posts to archive",
  imageStoreFailed: "Das Bild konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.",
  tooManyRequests: "Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.",
  successTitle: "Erfolg",
  success: "Inhalt erfolgreich generiert und gespeichert!",
  demoMode: "Demo-Modus",
} as const;

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

export const UnlockGeneratorSchema = z.object({
  code: textField(ACCESS_CODE_MESSAGES.blank)
    .trim()
    .min(1, ACCESS_CODE_MESSAGES.blank)
    .max(200, ACCESS_CODE_MESSAGES.wrongTitle),
});
export type UnlockGeneratorInput = z.infer<typeof UnlockGeneratorSchema>;

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

const IMAGE_DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/;

/** Decoded size of a base64 payload without decoding it. */
export function base64DecodedLength(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

export function parseImageDataUrl(value: string): { mediaType: string; base64: string } | null {
  const match = IMAGE_DATA_URL.exec(value);
  if (!match?.[1] || match[2] === undefined) return null;
  return { mediaType: match[1], base64: match[2] };
}

const imageDataField = z.string({ error: GENERATOR_MESSAGES.imageUnreadable }).superRefine((value, context) => {
  const parsed = parseImageDataUrl(value);
  if (!parsed) {
    context.addIssue({ code: "custom", message: GENERATOR_MESSAGES.imageType });
    return;
  }
  if (!(IMAGE_MEDIA_TYPES as readonly string[]).includes(parsed.mediaType.replace("image/jpg", "image/jpeg"))) {
    context.addIssue({ code: "custom", message: GENERATOR_MESSAGES.imageType });
    return;
  }
  if (base64DecodedLength(parsed.base64) > IMAGE_MAX_BYTES) {
    context.addIssue({ code: "custom", message: GENERATOR_MESSAGES.imageTooLarge });
  }
});

const websiteField = textField(GENERATOR_MESSAGES.websiteInvalid, GENERATOR_MESSAGES.websiteInvalid)
  .trim()
  .max(WEBSITE_MAX_LENGTH, { error: GENERATOR_MESSAGES.websiteInvalid })
  .transform((value) => (value === "" ? undefined : value))
  .pipe(z.url({ protocol: /^https?$/, error: GENERATOR_MESSAGES.websiteInvalid }).optional());

// Spec section 3 "Generation request".
export const GenerateRequestSchema = z.object({
  platform: z.enum(PLATFORMS, { error: GENERATOR_MESSAGES.platformInvalid }),
  keyPoints: textField(GENERATOR_MESSAGES.keyPointsBlank)
    .trim()
    .min(1, { error: GENERATOR_MESSAGES.keyPointsBlank })
    .max(KEY_POINTS_MAX_LENGTH, { error: GENERATOR_MESSAGES.keyPointsTooLong }),
  tone: z.enum(TONES, { error: GENERATOR_MESSAGES.toneInvalid }),
  language: z.enum(LANGUAGES, { error: GENERATOR_MESSAGES.languageInvalid }),
  imageData: imageDataField.nullish().transform((value) => value ?? null),
  website: websiteField.nullish().transform((value) => value ?? undefined),
});
export type GenerateRequestInput = z.input<typeof GenerateRequestSchema>;
export type GenerateRequest = z.output<typeof GenerateRequestSchema>;

// The streamed answer (ADR 0012): server-sent events, one JSON object per `data:` line, the
// event name equal to `type`. `start` comes once, then any number of `progress` snapshots
// (every post so far, the last one possibly unfinished), then exactly one `done` or `error`.
export const GenerationEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("start"),
    /** Credits after the charge; null for subscribers, who are never charged. */
    creditsRemaining: z.number().int().nullable(),
    demo: z.boolean(),
  }),
  z.object({ type: z.literal("progress"), posts: z.array(z.string()) }),
  z.object({
    type: z.literal("done"),
    posts: z.array(z.string()).length(POSTS_PER_GENERATION),
    archiveId: z.string(),
    creditsRemaining: z.number().int().nullable(),
    demo: z.boolean(),
  }),
  z.object({
    type: z.literal("error"),
    message: z.string(),
    /** Credits after the refund, so the badge is right at once; null for subscribers. */
    creditsRemaining: z.number().int().nullable(),
  }),
]);
export type GenerationEvent = z.infer<typeof GenerationEventSchema>;
