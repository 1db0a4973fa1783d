import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { api, jsonOrThrow } from "#app/lib/api.ts";

// Apps the user authorised through OAuth (ADR 0113): the list on /konto, revoke, and the
// consent page's two questions to the server (which app asks, the answer).

const OAUTH_APPS_QUERY_KEY = ["oauth-apps"] as const;

export function useOAuthApps() {
  return useQuery({
    queryKey: OAUTH_APPS_QUERY_KEY,
    queryFn: async () => jsonOrThrow(await api["oauth-apps"].$get()),
  });
}

export function useRevokeOAuthApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (app: { clientId: string; name: string }) => {
      await jsonOrThrow(await api["oauth-apps"][":clientId"].revoke.$post({ param: { clientId: app.clientId } }));
      return app;
    },
    onSuccess: (app) => {
      toast.success(`Zugriff von „${app.name}“ widerrufen.`);
      void queryClient.invalidateQueries({ queryKey: OAUTH_APPS_QUERY_KEY });
    },
    onError: (error) => toast.error(error.message),
  });
}

export function useOAuthClient(clientId: string) {
  return useQuery({
    queryKey: ["oauth-client", clientId],
    queryFn: async () => jsonOrThrow(await api["oauth-apps"].clients[":clientId"].$get({ param: { clientId } })),
  });
}

export function useOAuthConsent() {
  return useMutation({
    mutationFn: async (answer: { oauthQuery: string; accept: boolean; directScheduling: boolean }) =>
      jsonOrThrow(await api["oauth-apps"].consent.$post({ json: answer })),
    // Back to the app with the code (or its refusal): a page of another site.
    onSuccess: ({ redirectUri }) => window.location.assign(redirectUri),
    onError: (error) => toast.error(error.message),
  });
}
