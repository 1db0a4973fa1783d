import { useQuery } from "@tanstack/react-query";
import { authClient, describeAuthError } from "#app/features/auth/auth-client.ts";

/** Whether the account can sign in with a password (false: Google only). */
export function useHasPassword() {
  return useQuery({
    queryKey: ["auth", "accounts"],
    queryFn: async () => {
      const { data, error } = await authClient.listAccounts();
      if (error) throw new Error(describeAuthError(error));
      return data.some((linked) => linked.providerId === "credential");
    },
  });
}
