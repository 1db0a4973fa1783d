import { keepPreviousData, useQuery } from "@tanstack/react-query";
import BarChart3 from "lucide-react/icons/chart-column";
import { api, jsonOrThrow } from "#app/lib/api.ts";
import { useDebouncedValue } from "#app/lib/use-debounced-value.ts";
import { describeSimilarPosts, OWN_RESULTS_MESSAGES } from "#shared/own-results.ts";

// ADR 0114: how the writer's own sent X posts of about this length and hashtag count did. Loaded
// lazily by the tool, so the optimizer's first load stays as it was; asked only once typing pauses.
// Figures only from SIMILAR_POSTS_MIN similar posts on; the sentences are shared/own-results.ts.

const ASK_AFTER_MS = 800;

export function OwnResultsPanel({ length, hashtags }: { length: number; hashtags: number }) {
  // Two numbers, not an object: a new object each render would restart the wait on every render.
  const asked = {
    length: useDebouncedValue(length, ASK_AFTER_MS),
    hashtags: useDebouncedValue(hashtags, ASK_AFTER_MS),
  };
  const { data, isError } = useQuery({
    queryKey: ["optimizer", "own-results", asked.length, asked.hashtags],
    queryFn: async () =>
      jsonOrThrow(
        await api.optimizer["own-results"].$get({
          query: { length: String(asked.length), hashtags: String(asked.hashtags) },
        }),
      ),
    enabled: asked.length > 0,
    placeholderData: keepPreviousData,
  });

  let text: string = OWN_RESULTS_MESSAGES.similarEmpty;
  if (length > 0 && isError) text = "Deine Beiträge mit Kennzahlen konnten gerade nicht geladen werden.";
  else if (length > 0 && data) text = describeSimilarPosts(data);

  return (
    <section
      aria-labelledby="own-results-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="own-results"
    >
      <h2 id="own-results-heading" className="flex items-center gap-2 text-lg font-semibold">
        <BarChart3 className="size-5 text-indigo-600" aria-hidden />
        {OWN_RESULTS_MESSAGES.similarTitle}
      </h2>
      <p className="mt-2 text-sm text-slate-700" aria-live="polite">
        {text}
      </p>
    </section>
  );
}
