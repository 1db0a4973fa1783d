import { z } from "zod";
import { LANGUAGES, PLATFORMS, TONES } from "./generator.schemas.ts";
import { textField } from "./text-field.ts";

// The archive of generated posts (GET/DELETE /api/archive; issue 4, ADR 0014).

// Spec section 9: two entries per page; every filter defaults to 'all'.
export const ARCHIVE_PAGE_SIZE = 2;
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

// Spec sections 2 and 8, word for word.
export const ARCHIVE_MESSAGES = {
  empty: "Keine archivierten Beiträge gefunden.",
  loading: "Lade archivierte Beiträge...",
  loadFailed: "Failed to load archived posts. Please try again later.",
  deleted: "Posts deleted successfully",
  deleteFailed: "Failed to delete posts",
  copied: "Post copied to clipboard",
  copyFailed: "Failed to copy text",
  notFound: "Eintrag nicht gefunden",
  invalidQuery: "Ungültige Filter für das Archiv.",
} as const;

const filter = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z.enum(values, { error: ARCHIVE_MESSAGES.invalidQuery }).default(ARCHIVE_FILTER_ALL as Values[number]);

// Query parameters arrive as strings; a missing one means 'all' or page 1.
export const ArchiveQuerySchema = z.object({
  search: textField(ARCHIVE_MESSAGES.invalidQuery, ARCHIVE_MESSAGES.invalidQuery)
    .trim()
    .max(ARCHIVE_SEARCH_MAX_LENGTH, { error: ARCHIVE_MESSAGES.invalidQuery })
    .default(""),
  platform: filter(ARCHIVE_PLATFORM_FILTERS),
  language: filter(ARCHIVE_LANGUAGE_FILTERS),
  tone: filter(ARCHIVE_TONE_FILTERS),
  page: z.coerce.number({ error: ARCHIVE_MESSAGES.invalidQuery }).int().min(1).max(100_000).default(1),
});
export type ArchiveQueryInput = z.input<typeof ArchiveQuerySchema>;
export type ArchiveQuery = z.output<typeof ArchiveQuerySchema>;
