import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { CenteredSpinner } from "#app/components/load-status.tsx";
import { authClient } from "#app/features/auth/auth-client.ts";
import { goToReturnUrl } from "#app/features/auth/auth-navigation.ts";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { SIGN_IN_TEXTS } from "#shared/account.ts";
import { safeReturnUrl } from "#shared/return-url.ts";
import { ROUTES } from "#shared/routes.ts";

export const meta = () => pageMeta({ title: "Anmeldung wird abgeschlossen" });

// Spec section 2 "/auth/callback": only a spinner; checks the session and moves on.
export default function AuthCallback() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const returnUrl = safeReturnUrl(searchParams.get("returnUrl"));
    async function complete() {
      try {
        const { data } = searchParams.get("error") ? { data: null } : await authClient.getSession();
        if (!data) {
          toast.error(SIGN_IN_TEXTS.callbackFailed);
          navigate(ROUTES.auth, { replace: true });
          return;
        }
        toast.success(SIGN_IN_TEXTS.signedIn);
        goToReturnUrl(navigate, returnUrl);
      } catch {
        toast.error(SIGN_IN_TEXTS.unexpected);
        navigate(ROUTES.auth, { replace: true });
      }
    }
    void complete();
  }, [navigate, searchParams]);

  return <CenteredSpinner className="py-24" label="Anmeldung wird abgeschlossen..." />;
}
