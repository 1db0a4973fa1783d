import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { api, jsonOrThrow } from "#app/lib/api.ts";
import type { QueueSlot } from "#shared/queue-slots.ts";

// The "Warteschlange" of an account (ADR 0092): its weekly posting times and the suggestion.

const queueSlotsKey = (accountId: string) => ["queue-slots", accountId] as const;

export function useQueueSlots(accountId: string) {
  return useQuery({
    queryKey: queueSlotsKey(accountId),
    queryFn: async () => jsonOrThrow(await api.accounts[":id"]["queue-slots"].$get({ param: { id: accountId } })),
  });
}

export function useSaveQueueSlots(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (slots: QueueSlot[]) =>
      jsonOrThrow(await api.accounts[":id"]["queue-slots"].$put({ param: { id: accountId }, json: { slots } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queueSlotsKey(accountId) }),
  });
}

/** The next slot free for all these accounts, or the German reason there is none. */
export async function fetchNextSlot(accountIds: string[]) {
  return jsonOrThrow(await api["queue-slots"].next.$get({ query: { accountIds: accountIds.join(",") } }));
}

export function useNextSlot() {
  return useMutation({ mutationFn: fetchNextSlot, onError: (error) => toast.error(error.message) });
}
