import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, jsonOrThrow, toApiError } from "#app/lib/api.ts";
import { ARCHIVE_QUERY_KEY } from "#app/lib/query-client.ts";
import type { ArchiveQuery } from "#shared/archive.schemas.ts";

async function fetchArchive(query: ArchiveQuery) {
  return jsonOrThrow(await api.archive.$get({ query: { ...query, page: String(query.page) } }));
}

export type ArchivePage = Awaited<ReturnType<typeof fetchArchive>>;
export type ArchiveEntry = ArchivePage["entries"][number];

// The signed-in user's archive, one page at a time (ADR 0014). The previous page stays on
// screen while the next loads, so the list does not jump.
export function useArchive(query: ArchiveQuery) {
  return useQuery({
    queryKey: [...ARCHIVE_QUERY_KEY, query],
    queryFn: () => fetchArchive(query),
    placeholderData: keepPreviousData,
  });
}

export function useDeleteArchiveEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const response = await api.archive[":id"].$delete({ param: { id } });
      if (!response.ok) throw await toApiError(response);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ARCHIVE_QUERY_KEY }),
  });
}
