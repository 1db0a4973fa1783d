import { GENERATOR_MESSAGES, LANGUAGES, PLATFORMS, TONES } from "./generator.ts";

// The archive's constants and texts (spec sections 2, 8 and 9; ADR 0014, 0017, 0025). Imports only
// constants (ADR 0021); archive.schemas.ts builds the query schema from them.

// Spec section 9 says two entries per page; ADR 0101 shows 20 (two made the archive a page turner).
// Every filter defaults to 'all'.
export const ARCHIVE_PAGE_SIZE = 20;
export const ARCHIVE_FILTER_ALL = "all";
export const ARCHIVE_SEARCH_MAX_LENGTH = 200;
// Counted exactly up to here; beyond it the page says "Mehr als 200 Einträge". Counting
// every match of a common word in a large archive would cost more than the page itself.
export const ARCHIVE_COUNT_LIMIT = 200;

// ADR 0014: the tone filter offers the tones generation really writes, not the spec's
// "professional, casual" list that no generation can produce.
export const ARCHIVE_PLATFORM_FILTERS = [ARCHIVE_FILTER_ALL, ...PLATFORMS] as const;
export const ARCHIVE_LANGUAGE_FILTERS = [ARCHIVE_FILTER_ALL, ...LANGUAGES] as const;
export const ARCHIVE_TONE_FILTERS = [ARCHIVE_FILTER_ALL, ...TONES] as const;

/** ADR 0101: an entry a post was planned or sent from, for the archive's badge. */
export type ArchivePublishing = "planned" | "sent";
export const ARCHIVE_PUBLISHING_LABELS: Record<ArchivePublishing, string> = {
  planned: "Geplant",
  sent: "Gesendet",
};

// Spec sections 2 and 8; its English toasts translated (ADR 0100).
export const ARCHIVE_MESSAGES = {
  empty: "Keine archivierten Beiträge gefunden.",
  loading: "Lade archivierte Beiträge...",
  loadFailed: "Die archivierten Beiträge konnten nicht geladen werden. Bitte versuchen Sie es später erneut.",
  deleted: "Beiträge gelöscht",
  deleteFailed: "Die Beiträge konnten nicht gelöscht werden.",
  copied: "Beitrag in die Zwischenablage kopiert",
  copyFailed: "Text konnte nicht kopiert werden",
  notFound: "Eintrag nicht gefunden",
  invalidQuery: "Ungültige Filter für das Archiv.",
} as const;

// ADR 0025 (EU AI Act Art. 50): what made an entry, stored with it in archived_posts.provenance.
// The names as the archive shows them; the keys are server/env.ts AI_PROVIDERS. The generator
// assigns its provider to AiProvider, so a provider missing here fails the type check there.
export const AI_PROVIDER_LABELS = {
  openai: "OpenAI",
  anthropic: "Anthropic",
  google: "Google",
  mistral: "Mistral AI",
  "openai-compatible": "OpenAI-kompatibler Server",
} as const;
export type AiProvider = keyof typeof AI_PROVIDER_LABELS;

/**
 * One generation's provenance. Flat and JSON-only, so the archive API and the data export
 * hand it on as it is. In the demo mode nothing but the offline composer ran: no provider,
 * model, prompt or token limit. Rows from before ADR 0025 have none (null).
 */
export type ArchiveProvenance = {
  demo: boolean;
  provider: AiProvider | null;
  model: string | null;
  /** The prompt_configurations row; null when the code's default stood in for a deleted row. */
  promptConfigurationId: string | null;
  /** Short SHA-256 of system and user prompt as configured (before filling in): changes with every edit. */
  promptHash: string | null;
  tokenConfigurationId: string | null;
  maxTokens: number | null;
};

export const AI_TRANSPARENCY_TEXTS = {
  createdWithAi: "Erstellt mit KI",
  createdWithoutAi: "Erstellt ohne KI",
} as const;

/**
 * The archive's line under an entry: "Erstellt mit KI · Modell gpt-5.4-mini (OpenAI)". The
 * demo composer is no AI, so its entries say so; entries from before ADR 0025 have only
 * their demo flag.
 */
export function describeArchiveProvenance(entry: { demo: boolean; provenance: ArchiveProvenance | null }): string {
  const { provenance } = entry;
  if (provenance?.demo ?? entry.demo)
    return `${AI_TRANSPARENCY_TEXTS.createdWithoutAi} · ${GENERATOR_MESSAGES.demoMode}`;
  if (!provenance?.model) return AI_TRANSPARENCY_TEXTS.createdWithAi;
  const provider = provenance.provider ? ` (${AI_PROVIDER_LABELS[provenance.provider] ?? provenance.provider})` : "";
  return `${AI_TRANSPARENCY_TEXTS.createdWithAi} · Modell ${provenance.model}${provider}`;
}
