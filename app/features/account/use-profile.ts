import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { authClient } from "#app/features/auth/auth-client.ts";
import { hasSignedInHint } from "#app/features/auth/signed-in-hint.ts";
import { setSigningOut, useSigningOut } from "#app/features/auth/signing-out.ts";
import { api, isApiError, jsonOrThrow } from "#app/lib/api.ts";
import { queryClient } from "#app/lib/query-client.ts";

export const PROFILE_QUERY_KEY = ["profile"] as const;

async function fetchProfile() {
  return jsonOrThrow(await api.profile.$get());
}

export type Profile = Awaited<ReturnType<typeof fetchProfile>>;

/**
 * ADR 0072: a page's loader asks for the profile alongside the session, not after it, for a
 * browser that looks signed in. Without a session it is forgotten again (forgetProfile), so no
 * "not signed in" answer stays in the cache for the shell's sign-out (useSignOutWithoutProfile).
 */
export function prefetchProfile() {
  if (hasSignedInHint()) void queryClient.prefetchQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: fetchProfile });
}

export async function forgetProfile() {
  await queryClient.cancelQueries({ queryKey: PROFILE_QUERY_KEY });
  queryClient.removeQueries({ queryKey: PROFILE_QUERY_KEY });
}

// Spec section 7: the profile is always refetched and only loaded for a signed-in user.
export function useProfile() {
  const { data: session } = authClient.useSession();
  const signingOut = useSigningOut();
  return useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: fetchProfile,
    enabled: Boolean(session) && !signingOut,
    staleTime: 0,
  });
}

// Spec section 7: when the profile cannot be loaded for the session (it is gone or the
// session no longer counts), the user is signed out instead of seeing a broken page.
export function useSignOutWithoutProfile() {
  const { error } = useProfile();
  const queryClient = useQueryClient();
  const { refetch: refetchSession } = authClient.useSession();
  useEffect(() => {
    if (!isApiError(error, "NOT_SIGNED_IN") && !isApiError(error, "PROFILE_NOT_FOUND")) return;
    setSigningOut(true);
    void authClient
      .signOut()
      .then(async () => {
        await refetchSession();
        queryClient.clear();
      })
      .catch(() => setSigningOut(false));
  }, [error, queryClient, refetchSession]);
}
