import { z } from "zod";
import {
  ARCHIVE_FILTER_ALL,
  ARCHIVE_LANGUAGE_FILTERS,
  ARCHIVE_MESSAGES,
  ARCHIVE_PLATFORM_FILTERS,
  ARCHIVE_SEARCH_MAX_LENGTH,
  ARCHIVE_TONE_FILTERS,
} from "./archive.ts";
import { integerParamBetween } from "./integer.schemas.ts";
import { textField } from "./text.schemas.ts";

// The archive's query (GET /api/archive; ADR 0014).

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
  page: integerParamBetween(1, 100_000, ARCHIVE_MESSAGES.invalidQuery).default(1),
});
export type ArchiveQueryInput = z.input<typeof ArchiveQuerySchema>;
export type ArchiveQuery = z.output<typeof ArchiveQuerySchema>;
