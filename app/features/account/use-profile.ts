import { useQuery } from "@tanstack/react-query";
import { authClient } from "#app/features/auth/auth-client.ts";
import { api, toApiError } from "#app/lib/api.ts";

export const PROFILE_QUERY_KEY = ["profile"] as const;

async function fetchProfile() {
  const response = await api.profile.$get();
  if (!response.ok) throw await toApiError(response);
  return response.json();
}

export type Profile = Awaited<ReturnType<typeof fetchProfile>>;

// Spec section 7: the profile is always refetched and only loaded for a signed-in user.
export function useProfile() {
  const { data: session } = authClient.useSession();
  return useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: fetchProfile,
    enabled: Boolean(session),
    staleTime: 0,
  });
}
