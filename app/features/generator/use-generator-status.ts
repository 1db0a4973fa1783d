import { useQuery } from "@tanstack/react-query";
import { authClient } from "#app/features/auth/auth-client.ts";
import { useSigningOut } from "#app/features/auth/signing-out.ts";
import { api, toApiError } from "#app/lib/api.ts";
import { GENERATOR_STATUS_QUERY_KEY } from "./generator-constants.ts";

async function fetchGeneratorStatus() {
  const response = await api.generator.status.$get();
  if (!response.ok) throw await toApiError(response);
  return response.json();
}

// Credits, subscription and demo mode as the server sees them (spec section 4 "Credit gate").
export function useGeneratorStatus() {
  const { data: session } = authClient.useSession();
  const signingOut = useSigningOut();
  return useQuery({
    queryKey: GENERATOR_STATUS_QUERY_KEY,
    queryFn: fetchGeneratorStatus,
    enabled: Boolean(session) && !signingOut,
    staleTime: 0,
  });
}
