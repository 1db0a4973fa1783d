import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, toApiError } from "#app/lib/api.ts";
import type { ContactResponseInput } from "#shared/admin.schemas.ts";

// The admin's contact messages and § 312k cancellations (ADR 0024).

const MESSAGES_KEY = ["admin", "messages"] as const;
const CANCELLATIONS_KEY = ["admin", "cancellations"] as const;

export function useContactMessages() {
  return useQuery({
    queryKey: MESSAGES_KEY,
    queryFn: async () => {
      const response = await api.admin.messages.$get();
      if (!response.ok) throw await toApiError(response);
      return (await response.json()).messages;
    },
  });
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
  return useQuery({
    queryKey: CANCELLATIONS_KEY,
    queryFn: async () => {
      const response = await api.admin.messages.cancellations.$get();
      if (!response.ok) throw await toApiError(response);
      return (await response.json()).cancellations;
    },
  });
}
