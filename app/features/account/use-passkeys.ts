import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { authClient, describeAuthError } from "#app/features/auth/auth-client.ts";
import { PasskeyCancelled, registerPasskey } from "#app/features/auth/passkey-ceremony.ts";
import { PASSKEY_MESSAGES, type PasskeySummary } from "#shared/passkeys.ts";

const PASSKEYS_QUERY_KEY = ["auth", "passkeys"] as const;

export function usePasskeys() {
  return useQuery({
    queryKey: PASSKEYS_QUERY_KEY,
    queryFn: async () => {
      const { data, error } = await authClient.$fetch<{ passkeys: PasskeySummary[] }>("/passkey/list", {
        method: "GET",
      });
      if (error) throw new Error(describeAuthError(error));
      return data.passkeys;
    },
  });
}

export function useAddPasskey(onAdded: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, password }: { name: string; password?: string }) => registerPasskey(name, password),
    onSuccess: () => {
      toast.success(PASSKEY_MESSAGES.added);
      onAdded();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await authClient.$fetch("/passkey/delete", { method: "POST", body: { id } });
      if (error) throw new Error(describeAuthError(error));
    },
    onSuccess: () => toast.success(PASSKEY_MESSAGES.removed),
    onError: (error) => toast.error(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY }),
  });
}

/** The message for a failed add; a cancelled dialog says so instead of an error. */
export function describePasskeyError(error: unknown): string {
  if (error instanceof PasskeyCancelled) return PASSKEY_MESSAGES.cancelled;
  return error instanceof Error ? error.message : PASSKEY_MESSAGES.registrationFailed;
}
