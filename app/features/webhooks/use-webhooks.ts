import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { api, jsonOrThrow } from "#app/lib/api.ts";
import type { CreateWebhookInput } from "#shared/webhooks.schemas.ts";

// The webhooks on /konto (ADR 0110): endpoints with the delivery log, add, switch on, delete.

const WEBHOOKS_QUERY_KEY = ["webhooks"] as const;

export function useWebhooks() {
  return useQuery({
    queryKey: WEBHOOKS_QUERY_KEY,
    queryFn: async () => jsonOrThrow(await api.webhooks.$get()),
    // The log fills in the background: a delivery is sent moments after its post's outcome.
    refetchInterval: 30_000,
  });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateWebhookInput) => jsonOrThrow(await api.webhooks.$post({ json: input })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
    onError: (error) => toast.error(error.message),
  });
}

export function useEnableWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => jsonOrThrow(await api.webhooks[":id"].enable.$post({ param: { id } })),
    onSuccess: () => {
      toast.success("Webhook wieder eingeschaltet.");
      void queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY });
    },
    onError: (error) => toast.error(error.message),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => jsonOrThrow(await api.webhooks[":id"].$delete({ param: { id } })),
    onSuccess: () => {
      toast.success("Webhook gelöscht.");
      void queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY });
    },
    onError: (error) => toast.error(error.message),
  });
}
