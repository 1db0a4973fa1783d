import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { api, jsonOrThrow } from "#app/lib/api.ts";
import type { CreateApiKeyInput } from "#shared/public-api.schemas.ts";

// The personal API keys on /konto (ADR 0107): the list with the keys' activity, create, revoke.

const API_KEYS_QUERY_KEY = ["api-keys"] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: API_KEYS_QUERY_KEY,
    queryFn: async () => jsonOrThrow(await api["api-keys"].$get()),
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateApiKeyInput) => jsonOrThrow(await api["api-keys"].$post({ json: input })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
    onError: (error) => toast.error(error.message),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => jsonOrThrow(await api["api-keys"][":id"].revoke.$post({ param: { id } })),
    onSuccess: ({ apiKey }) => {
      toast.success(`Schlüssel „${apiKey.name}“ widerrufen.`);
      void queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
    },
    onError: (error) => toast.error(error.message),
  });
}
