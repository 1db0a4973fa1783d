import { QueryClient } from "@tanstack/react-query";

// The one query client of the page. Not created in the root: the marketing pages' first load
// carries no TanStack Query (ADR 0031). Whatever uses queries provides it through
// WithQueryClient (query-client-provider.tsx), so all of them share this one cache.
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

/** Every archive query starts with this key, so one invalidation refreshes them all (the generator does after each run). */
export const ARCHIVE_QUERY_KEY = ["archive"] as const;
