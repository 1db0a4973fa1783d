import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "sonner";
import { authClient } from "#app/features/auth/auth-client.ts";
import { useSigningOut } from "#app/features/auth/signing-out.ts";
import { api, isApiError, jsonOrThrow } from "#app/lib/api.ts";
import { GENERATOR_MESSAGES } from "#shared/generator.ts";
import { GENERATOR_STATUS_QUERY_KEY } from "./generator-constants.ts";

async function fetchGeneratorStatus() {
  return jsonOrThrow(await api.generator.status.$get());
}

// Credits, subscription and demo mode as the server sees them (spec section 4 "Credit gate").
export function useGeneratorStatus() {
  const { data: session } = authClient.useSession();
  const signingOut = useSigningOut();
  const query = useQuery({
    queryKey: GENERATOR_STATUS_QUERY_KEY,
    queryFn: fetchGeneratorStatus,
    enabled: Boolean(session) && !signingOut,
    staleTime: 0,
  });
  useProfileLoadErrorToast(query.error, query.errorUpdatedAt);
  return query;
}

// Spec section 8 "Generation": a failed profile load is told like a failed run, title "Fehler"
// and "Fehler beim Laden des Profils"; the page keeps the creator's sentence with a retry. A
// missing session or profile signs out instead (useSignOutWithoutProfile); any other failure
// keeps the session (ADR 0070).
function useProfileLoadErrorToast(error: Error | null, errorUpdatedAt: number) {
  useEffect(() => {
    if (!error || isApiError(error, "NOT_SIGNED_IN") || isApiError(error, "PROFILE_NOT_FOUND")) return;
    toast.error("Fehler", { description: GENERATOR_MESSAGES.profileLoadError, id: `profile-load-${errorUpdatedAt}` });
  }, [error, errorUpdatedAt]);
}
