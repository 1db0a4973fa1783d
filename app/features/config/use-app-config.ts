import { useQuery } from "@tanstack/react-query";
import { api, toApiError } from "#app/lib/api.ts";

async function fetchAppConfig() {
  const response = await api.config.$get();
  if (!response.ok) throw await toApiError(response);
  return response.json();
}

// Which optional providers (Google sign-in, payments) this installation has.
export function useAppConfig() {
  return useQuery({ queryKey: ["config"], queryFn: fetchAppConfig, staleTime: Number.POSITIVE_INFINITY });
}
