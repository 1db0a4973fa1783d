import { LANGUAGES, PLATFORMS, TONES } from "./generator.ts";

// The archive's constants and texts (spec sections 2, 8 and 9; ADR 0014, 0017). Imports only
// constants (ADR 0021); archive.schemas.ts builds the query schema from them.

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
