import { MAX_TOKENS_LIMIT } from "./admin.ts";
import { LANGUAGE_LABELS, PLATFORM_LABELS, POSTS_PER_GENERATION, TONE_LABELS } from "./generator.ts";

// The admin's prompt and token configurations (spec sections 3, 7, 8 and 9; ADR 0024).
// Only constants modules imported (ADR 0021); generator-configurations.schemas.ts builds the requests from these.

export const CONFIGURATION_NAME_MAX_LENGTH = 100;
/** Far above the seeded prompts (about 1,000 characters); a prompt is sent with every generation. */
export const PROMPT_MAX_LENGTH = 20_000;

/**
 * What the generator fills into both prompts on every run (ADR 0012; the keys of
 * buildPromptVariables in server/features/generator/generator-prompts.ts). Unknown names stay
 * in the text as they are, so the editor lists these beside the prompts.
 */
export const GENERATOR_PLACEHOLDERS = [
  { name: "postCount", description: `Anzahl der Beiträge (immer ${POSTS_PER_GENERATION})` },
  { name: "platform", description: `Netzwerk, z. B. ${PLATFORM_LABELS.linkedin}` },
  { name: "platformGuidelines", description: "Regeln des Netzwerks: Länge, Hashtags, Stil" },
  { name: "tone", description: `Tonalität, z. B. ${TONE_LABELS.friendly}` },
  { name: "toneGuidelines", description: "Beschreibung der Tonalität" },
  { name: "language", description: `Sprache der Beiträge, z. B. ${LANGUAGE_LABELS.german}` },
  { name: "keyPoints", description: "Stichpunkte des Nutzers" },
  {
    name: "website",
    description: "Titel, Beschreibung und Text der Website oder ein Hinweis, dass keine angegeben ist",
  },
  { name: "imageNote", description: "Hinweis, ob ein Bild beigefügt ist" },
] as const;
export type GeneratorPlaceholder = (typeof GENERATOR_PLACEHOLDERS)[number]["name"];

const maxTokensLimit = MAX_TOKENS_LIMIT.toLocaleString("de-DE");
const promptMaxLength = PROMPT_MAX_LENGTH.toLocaleString("de-DE");

export const CONFIGURATION_MESSAGES = {
  nameRequired: "Bitte geben Sie einen Namen ein.",
  nameTooLong: `Der Name darf höchstens ${CONFIGURATION_NAME_MAX_LENGTH} Zeichen lang sein.`,
  nameTaken: "Dieser Name ist bereits vergeben. Bitte wählen Sie einen anderen.",
  systemPromptRequired: "Bitte geben Sie einen System-Prompt ein.",
  userPromptRequired: "Bitte geben Sie einen User-Prompt ein.",
  promptTooLong: `Ein Prompt darf höchstens ${promptMaxLength} Zeichen lang sein.`,
  maxTokensInvalid: `Bitte geben Sie eine ganze Zahl von 1 bis ${maxTokensLimit} ein.`,
  versionMissing: "Der Stand des Eintrags fehlt. Bitte laden Sie die Liste neu.",
  inUseDelete:
    "Diese Konfiguration nutzt der Generator bei jeder Generierung. Sie kann daher nicht gelöscht werden; ändern Sie stattdessen ihre Werte.",
  inUseRename:
    "Diese Konfiguration nutzt der Generator über ihren Namen. Der Name kann daher nicht geändert werden; ändern Sie stattdessen ihre Werte.",
} as const;
