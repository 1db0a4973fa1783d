import { useState } from "react";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { useAppConfig } from "#app/features/config/use-app-config.ts";
import { SIGN_IN_TEXTS } from "#shared/account.ts";
import { ROUTES } from "#shared/routes.ts";
import { authClient } from "./auth-client.ts";

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z"
      />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3a7.2 7.2 0 0 1-10.7-3.8h-4v3.1A12 12 0 0 0 12 24z" />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1A7.2 7.2 0 0 1 12 4.8z" />
    </svg>
  );
}

// Shown only where Google credentials are configured (docs/design.md, provider table; ADR 0003).
export function GoogleSignInButton({ returnUrl }: { returnUrl: string }) {
  const config = useAppConfig();
  const [redirecting, setRedirecting] = useState(false);
  if (!config?.googleSignIn) return null;

  async function signInWithGoogle() {
    setRedirecting(true);
    try {
      const callback = `${ROUTES.authCallback}?returnUrl=${encodeURIComponent(returnUrl)}`;
      const { data, error } = await authClient.signIn.social({
        provider: "google",
        callbackURL: callback,
        errorCallbackURL: `${callback}&error=google`,
      });
      if (error || !data) {
        toast.error(SIGN_IN_TEXTS.googleFailed);
        setRedirecting(false);
      }
    } catch {
      toast.error(SIGN_IN_TEXTS.unexpected);
      setRedirecting(false);
    }
  }

  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-3 text-xs uppercase text-slate-500">
        <span className="h-px flex-1 bg-slate-200" />
        oder
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <Button type="button" variant="outline" onClick={signInWithGoogle} disabled={redirecting}>
        <GoogleMark />
        {redirecting ? "Laden..." : "Mit Google anmelden"}
      </Button>
    </div>
  );
}
