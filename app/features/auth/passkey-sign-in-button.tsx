import Fingerprint from "lucide-react/icons/fingerprint-pattern";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { PASSKEY_MESSAGES } from "#shared/passkeys.ts";
import { goToReturnUrl } from "./auth-navigation.ts";
import { PasskeyCancelled, signInWithPasskey } from "./passkey-ceremony.ts";

// ADR 0102: "Mit Passkey anmelden" on /auth; the device offers the passkeys it has for Postwerk.
export function PasskeySignInButton({ returnUrl }: { returnUrl: string | undefined }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onClick() {
    setPending(true);
    setError(null);
    try {
      await signInWithPasskey();
      toast.success("Erfolgreich eingeloggt!");
      goToReturnUrl(navigate, returnUrl);
    } catch (failure) {
      setPending(false);
      if (failure instanceof PasskeyCancelled) return;
      setError(failure instanceof Error ? failure.message : PASSKEY_MESSAGES.signInFailed);
    }
  }

  return (
    <div className="grid gap-2">
      <Button type="button" variant="outline" onClick={onClick} disabled={pending}>
        <Fingerprint aria-hidden />
        {pending ? "Warte auf Ihr Gerät…" : "Mit Passkey anmelden"}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
