import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { api, jsonOrThrow } from "#app/lib/api.ts";
import { DEFAULT_TIME_ZONE, timeZoneLabel } from "#shared/wall-time.ts";
import { PROFILE_QUERY_KEY, type Profile, useProfile } from "./use-profile.ts";

/**
 * The IANA zone the signed-in user enters and reads every publishing time in (ADR 0091);
 * Europe/Berlin while the profile loads or for someone signed out.
 */
export function useTimeZone(): string {
  const { data } = useProfile();
  return data?.timeZone ?? DEFAULT_TIME_ZONE;
}

export function useSaveTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (timeZone: string) => jsonOrThrow(await api.profile["time-zone"].$put({ json: { timeZone } })),
    onSuccess: ({ timeZone }) => {
      queryClient.setQueryData<Profile>(PROFILE_QUERY_KEY, (profile) => (profile ? { ...profile, timeZone } : profile));
      // Every planned time on screen is now shown in the new zone.
      void queryClient.invalidateQueries({ queryKey: ["posts"] });
      toast.success(`Zeitzone gespeichert: ${timeZoneLabel(timeZone)}.`);
    },
    onError: (error) => toast.error(error.message),
  });
}
