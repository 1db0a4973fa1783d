import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, toApiError } from "#app/lib/api.ts";
import { queryClient } from "#app/lib/query-client.ts";
import type { ContactResponseInput } from "#shared/admin.schemas.ts";
import type { ContactSpamFilter } from "#shared/contact.ts";

// The admin's contact messages and § 312k cancellations (ADR 0024).

const MESSAGES_KEY = ["admin", "messages"] as const;
const CANCELLATIONS_KEY = ["admin", "cancellations"] as const;

// ADR 0081: the list with or without suspected spam; "all" asks without a filter, as the preload does.
const contactMessagesQuery = (spam: ContactSpamFilter) =>
  queryOptions({
    queryKey: [...MESSAGES_KEY, spam],
    queryFn: async () => {
      const response = await api.admin.messages.$get({ query: spam === "all" ? {} : { spam } });
      if (!response.ok) throw await toApiError(response);
      return (await response.json()).messages;
    },
  });

const cancellationRequestsQuery = queryOptions({
  queryKey: CANCELLATIONS_KEY,
  queryFn: async () => {
    const response = await api.admin.messages.cancellations.$get();
    if (!response.ok) throw await toApiError(response);
    return (await response.json()).cancellations;
  },
});

/**
 * ADR 0072: /admin asks for its first panel's data together with the access check instead of
 * after it; the server refuses both to anyone who is not an admin, so this shows nothing more.
 */
export function prefetchMessagesPanel() {
  void queryClient.prefetchQuery(contactMessagesQuery("all"));
  void queryClient.prefetchQuery(cancellationRequestsQuery);
}

/** For a visitor the access check refused: their refused answers do not stay in the cache. */
export async function forgetAdminData() {
  await queryClient.cancelQueries({ queryKey: ["admin"] });
  queryClient.removeQueries({ queryKey: ["admin"] });
}

export function useContactMessages(spam: ContactSpamFilter = "all") {
  return useQuery(contactMessagesQuery(spam));
}

export type ContactMessage = NonNullable<ReturnType<typeof useContactMessages>["data"]>[number];

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const response = await api.admin.messages[":id"].read.$post({ param: { id } });
      if (!response.ok) throw await toApiError(response);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}

export function useRespond() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...json }: ContactResponseInput & { id: string }) => {
      const response = await api.admin.messages[":id"].reply.$post({ param: { id }, json });
      if (!response.ok) throw await toApiError(response);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}

export function useCancellationRequests() {
  return useQuery(cancellationRequestsQuery);
}
