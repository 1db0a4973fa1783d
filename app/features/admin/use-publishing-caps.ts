import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, jsonOrThrow } from "#app/lib/api.ts";
import type { UpdatePublishingCapsInput } from "#shared/publishing-caps.schemas.ts";

const PUBLISHING_CAPS_QUERY_KEY = ["admin", "publishing-caps"] as const;

async function fetchPublishingCaps() {
  return jsonOrThrow(await api.admin["publishing-caps"].$get());
}

// Not refetched on focus: the form edits the caps it loaded, and newer ones are loaded only
// when the admin asks for them after a conflict (ADR 0024).
export function usePublishingCaps() {
  return useQuery({ queryKey: PUBLISHING_CAPS_QUERY_KEY, queryFn: fetchPublishingCaps, refetchOnWindowFocus: false });
}

export function useUpdatePublishingCaps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdatePublishingCapsInput) =>
      jsonOrThrow(await api.admin["publishing-caps"].$put({ json: body })),
    onSuccess: (saved) => queryClient.setQueryData(PUBLISHING_CAPS_QUERY_KEY, saved),
  });
}
