import { useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { InputField } from "#app/components/ui/form-field.tsx";
import { RECOVERY_TEXTS } from "#shared/account-security.ts";
import { ROUTES } from "#shared/routes.ts";
import { authClient, describeAuthError } from "./auth-client.ts";

type Status = { kind: "idle" } | { kind: "sent" } | { kind: "error"; message: string };

// "Bestätigungs-E-Mail erneut senden" wherever someone is told to confirm the address (ADR 0044).
// The answer is the same whether or not the address has an unconfirmed account.
export function ResendConfirmation({ email: knownEmail }: { email?: string }) {
  const [email, setEmail] = useState(knownEmail ?? "");
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [pending, setPending] = useState(false);

  async function resend() {
    if (!email.includes("@")) {
      setStatus({ kind: "error", message: "Bitte geben Sie eine gültige E-Mail-Adresse ein." });
      return;
    }
    setPending(true);
    const { error } = await authClient.sendVerificationEmail({ email, callbackURL: ROUTES.emailConfirmSuccess });
    setPending(false);
    setStatus(error ? { kind: "error", message: describeAuthError(error) } : { kind: "sent" });
  }

  return (
    <div className="grid gap-3 text-left">
      {knownEmail ? null : (
        <InputField
          id="resend-email"
          label="E-Mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      )}
      <Button type="button" variant="outline" onClick={resend} disabled={pending}>
        {pending ? "Laden..." : RECOVERY_TEXTS.resendConfirmation}
      </Button>
      <p aria-live="polite" className="text-sm">
        {status.kind === "sent" ? <span className="text-emerald-800">{RECOVERY_TEXTS.confirmationResent}</span> : null}
        {status.kind === "error" ? <span className="text-red-700">{status.message}</span> : null}
      </p>
    </div>
  );
}
