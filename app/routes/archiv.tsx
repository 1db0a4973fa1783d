import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { BackLink } from "#app/components/back-link.tsx";
import { type FilterOption, FilterSelect } from "#app/components/filter-select.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { SearchInput } from "#app/components/ui/search-input.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { ArchiveEntryCard } from "#app/features/archive/archive-entry-card.tsx";
import { useArchive, useDeleteArchiveEntry } from "#app/features/archive/use-archive.ts";
import { requireSession } from "#app/features/auth/require-session.ts";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { useDebouncedValue } from "#app/lib/use-debounced-value.ts";
import type { ArchiveQuery } from "#shared/archive.schemas.ts";
import {
  ARCHIVE_COUNT_LIMIT,
  ARCHIVE_FILTER_ALL,
  ARCHIVE_LANGUAGE_FILTERS,
  ARCHIVE_MESSAGES,
  ARCHIVE_PLATFORM_FILTERS,
  ARCHIVE_SEARCH_MAX_LENGTH,
  ARCHIVE_TONE_FILTERS,
} from "#shared/archive.ts";
import { LANGUAGE_LABELS, PLATFORM_LABELS, TONE_LABELS } from "#shared/generator.ts";
import { FIRST_ARCHIVE_PAGE } from "#shared/page-data-preloads.ts";
import { ROUTES } from "#shared/routes.ts";

export const meta = () => pageMeta({ title: "Archivierte Beiträge" });

const SEARCH_DEBOUNCE_MS = 300;

// Signed-out visitors go to /auth (the archive is personal).
export const clientLoader = requireSession;

type Filters = Pick<ArchiveQuery, "platform" | "language" | "tone">;
// The page opens on FIRST_ARCHIVE_PAGE, whose request its document preloads (ADR 0073).
const { platform, language, tone } = FIRST_ARCHIVE_PAGE;
const DEFAULT_FILTERS: Filters = { platform, language, tone };

/** A filter's choices: "all" under its own name, every other value under its label. */
function filterOptions<Value extends string>(
  values: readonly Value[],
  labels: Record<Exclude<Value, "all">, string>,
  all: string,
): FilterOption<Value>[] {
  return values.map((value) => ({
    value,
    label: value === ARCHIVE_FILTER_ALL ? all : labels[value as Exclude<Value, "all">],
  }));
}

const FILTER_FIELDS = [
  {
    key: "platform",
    label: "Netzwerk",
    options: filterOptions(ARCHIVE_PLATFORM_FILTERS, PLATFORM_LABELS, "Alle Netzwerke"),
  },
  {
    key: "language",
    label: "Sprache",
    options: filterOptions(ARCHIVE_LANGUAGE_FILTERS, LANGUAGE_LABELS, "Alle Sprachen"),
  },
  { key: "tone", label: "Tonalität", options: filterOptions(ARCHIVE_TONE_FILTERS, TONE_LABELS, "Alle Tonalitäten") },
] as const;

// Spec sections 2 "Archive screen", 4 "Archive" and 8 "Archive".
export default function ArchivePage() {
  const [search, setSearch] = useState(FIRST_ARCHIVE_PAGE.search);
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [filters, setFilters] = useState<Filters>(DEFAULT_FILTERS);
  const [page, setPage] = useState(FIRST_ARCHIVE_PAGE.page);
  const { data, isPending, isError, isFetching } = useArchive({ search: debouncedSearch, ...filters, page });
  const deletion = useDeleteArchiveEntry();
  const topRef = useRef<HTMLDivElement>(null);

  // A new search or filter starts again at page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the search or a filter changes.
  useEffect(() => setPage(1), [debouncedSearch, filters]);

  // A page left empty by a delete falls back to the last page that has entries.
  useEffect(() => {
    if (data && data.entries.length === 0 && page > 1) setPage(data.pageCount ?? page - 1);
  }, [data, page]);

  function goToPage(next: number) {
    setPage(next);
    window.scrollTo({ top: 0, behavior: "smooth" });
    topRef.current?.focus({ preventScroll: true });
  }

  async function remove(id: string) {
    try {
      await deletion.mutateAsync(id);
      toast.success(ARCHIVE_MESSAGES.deleted);
      return true;
    } catch {
      toast.error(ARCHIVE_MESSAGES.deleteFailed);
      return false;
    }
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <div ref={topRef} tabIndex={-1} className="focus:outline-none">
        <BackLink to={ROUTES.generator}>Zum Generator</BackLink>
        <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">Archivierte Beiträge</h1>
        <p className="mt-3 text-slate-700">Alle Ihre generierten Beiträge – durchsuchen, kopieren oder löschen.</p>
      </div>

      <section
        aria-label="Suche und Filter"
        className="mt-8 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <SearchInput
          aria-label="Archiv durchsuchen"
          placeholder="Archiv durchsuchen …"
          maxLength={ARCHIVE_SEARCH_MAX_LENGTH}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <div className="grid gap-3 sm:grid-cols-3">
          {FILTER_FIELDS.map((field) => (
            <FilterSelect
              key={field.key}
              id={`archive-${field.key}`}
              label={field.label}
              value={filters[field.key]}
              options={field.options}
              onChange={(value) => setFilters((current) => ({ ...current, [field.key]: value }))}
            />
          ))}
        </div>
      </section>

      <div className="mt-8" aria-busy={isFetching}>
        {isPending ? (
          <div className="flex flex-col items-center gap-3 py-16 text-slate-700">
            <Spinner label={ARCHIVE_MESSAGES.loading} />
            <p>{ARCHIVE_MESSAGES.loading}</p>
          </div>
        ) : isError || !data ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
            {ARCHIVE_MESSAGES.loadFailed}
          </p>
        ) : data.entries.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
            <p className="text-slate-700">{ARCHIVE_MESSAGES.empty}</p>
            <Button asChild className="mt-4">
              <Link to={ROUTES.generator}>Beiträge erstellen</Link>
            </Button>
          </div>
        ) : (
          <>
            <p className="mb-4 text-sm text-slate-600" aria-live="polite">
              {data.totalIsCapped
                ? `Mehr als ${ARCHIVE_COUNT_LIMIT} Einträge`
                : data.total === 1
                  ? "1 Eintrag"
                  : `${data.total} Einträge`}
            </p>
            <div className="grid gap-6">
              {data.entries.map((entry) => (
                <ArchiveEntryCard key={entry.id} entry={entry} onDelete={remove} deleting={deletion.isPending} />
              ))}
            </div>
            {page > 1 || data.hasNextPage ? (
              <nav aria-label="Seiten" className="mt-8 flex items-center justify-between gap-3">
                <Button variant="outline" onClick={() => goToPage(page - 1)} disabled={page <= 1}>
                  <ChevronLeft aria-hidden />
                  Zurück
                </Button>
                <span className="text-sm text-slate-700" aria-current="page">
                  {data.pageCount ? `Seite ${data.page} von ${data.pageCount}` : `Seite ${data.page}`}
                </span>
                <Button variant="outline" onClick={() => goToPage(page + 1)} disabled={!data.hasNextPage}>
                  Weiter
                  <ChevronRight aria-hidden />
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
