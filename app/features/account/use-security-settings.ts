import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { api, jsonOrThrow } from "#app/lib/api.ts";
import type { SecuritySettings } from "#shared/account-security.schemas.ts";

const SECURITY_SETTINGS_KEY = ["account-security", "settings"] as const;

// The account's security mails (ADR 0044).
export function useSecuritySettings() {
  return useQuery({
    queryKey: SECURITY_SETTINGS_KEY,
    queryFn: async () => jsonOrThrow(await api["account-security"].settings.$get()),
  });
}

export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: SecuritySettings) =>
      jsonOrThrow(await api["account-security"].settings.$put({ json: settings })),
    onSuccess: (settings) => {
      queryClient.setQueryData(SECURITY_SETTINGS_KEY, settings);
      toast.success(
        settings.notifyNewSignIn
          ? "Sie erhalten eine E-Mail, wenn sich ein neues Gerät anmeldet."
          : "Sie erhalten keine E-Mail mehr bei Anmeldungen von neuen Geräten.",
      );
    },
    onError: (error) => toast.error(error.message),
  });
}
