import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { CONSENT_STORAGE_KEY, VISITOR_ID_STORAGE_KEY } from "#app/features/consent/stored-consent.ts";
import { authClient, describeAuthError } from "./auth-client.ts";
import { setSigningOut } from "./signing-out.ts";

// Consent is the visitor's choice about this browser, not session data, so it survives
// a sign-out (ADR 0004), and so does the browser's id for its consent history (ADR 0010);
// everything else in local and session storage is cleared.
const KEYS_KEPT_ON_SIGN_OUT = [CONSENT_STORAGE_KEY, VISITOR_ID_STORAGE_KEY];

export function clearBrowserStorage() {
  const kept = KEYS_KEPT_ON_SIGN_OUT.map((key) => [key, localStorage.getItem(key)] as const);
  localStorage.clear();
  sessionStorage.clear();
  for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
}

type SignOutTexts = { success: string; failure: (cause: string) => string; redirectTo: string };

// Spec section 4 "Session": the header's sign-out and the account page's differ only in
// their texts and destination.
export function useSignOut({ success, failure, redirectTo }: SignOutTexts) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { refetch: refetchSession } = authClient.useSession();
  return async () => {
    // Ends when the tab's session store reports no session (useSessionSync).
    setSigningOut(true);
    await queryClient.cancelQueries();
    // A lost connection throws; its browser text ("Failed to fetch") is English, so it gets the
    // general German sentence like any answer that did not come from our server.
    const { error } = await authClient.signOut().catch(() => ({ error: {} }));
    if (error) {
      setSigningOut(false);
      toast.error(failure(describeAuthError(error)));
      return;
    }
    // The signed-out state must be known before /auth renders, or it would redirect on.
    await refetchSession();
    queryClient.clear();
    clearBrowserStorage();
    toast.success(success);
    navigate(redirectTo);
  };
}
