import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { POSTS_QUERY_KEY } from "#app/features/publishing/use-publishing.ts";
import { api, jsonOrThrow } from "#app/lib/api.ts";
import type { ListDraftsQuery } from "#shared/drafts.schemas.ts";
import { DRAFTS_QUERY_KEY, deleteDraft, fetchDrafts } from "./drafts-api.ts";

// The drafts list of the Redaktionsplan and the actions that make drafts from posts (ADR 0084).

export function useDrafts(query: ListDraftsQuery) {
  return useQuery({
    queryKey: [...DRAFTS_QUERY_KEY, query],
    queryFn: () => fetchDrafts(query),
    placeholderData: keepPreviousData,
  });
}

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDraft,
    onSettled: () => queryClient.invalidateQueries({ queryKey: DRAFTS_QUERY_KEY }),
  });
}

/** "Duplizieren" (any post) and "Als Entwurf bearbeiten" (a post that has not gone out): the new draft. */
export function usePostToDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: "duplicate" | "redraft" }) => {
      const param = { param: { id } };
      const response =
        action === "duplicate"
          ? await api.posts[":id"].duplicate.$post(param)
          : await api.posts[":id"].redraft.$post(param);
      return (await jsonOrThrow(response)).draft;
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: DRAFTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: POSTS_QUERY_KEY }),
      ]);
    },
  });
}
