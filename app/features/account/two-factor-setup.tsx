import { type FormEvent, useState } from "react";
import { renderSVG } from "uqr";
import { InputField } from "#app/components/ui/form-field.tsx";
import { authClient, describeAuthError } from "#app/features/auth/auth-client.ts";
import { TOTP_DIGITS } from "#shared/two-factor.ts";
import { Actions, Panel, PasswordStep, useTwoFactorSwitched } from "./two-factor-parts.tsx";

// ADR 0041: setting up, password → QR code and secret → first code.

export function SetupPasswordForm({
  onStarted,
  onCancel,
}: {
  onStarted: (totpURI: string, backupCodes: string[]) => void;
  onCancel: () => void;
}) {
  return (
    <PasswordStep
      id="two-factor-setup-password"
      intro="Bitte bestätigen Sie zuerst Ihr Passwort."
      submitLabel="Weiter"
      onCancel={onCancel}
      confirm={async (password) => {
        const { data, error } = await authClient.twoFactor.enable({ password });
        if (error || !data || !("totpURI" in data) || !data.totpURI) return describeAuthError(error);
        onStarted(data.totpURI, data.backupCodes ?? []);
        return null;
      }}
    />
  );
}

/** Asks for the password and hands it to `confirm`, whose German answer (or null) decides. */

export function ScanStep({
  totpURI,
  onVerified,
  onCancel,
}: {
  totpURI: string;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const switched = useTwoFactorSwitched();
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  const qrCode = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(totpURI, { border: 2 }))}`;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const entered = code.replace(/\s/g, "");
    if (!entered) return void setError(`Bitte geben Sie den ${TOTP_DIGITS}-stelligen Code aus Ihrer App ein.`);
    setPending(true);
    const { error: failed } = await authClient.twoFactor.verifyTotp({ code: entered });
    setPending(false);
    if (failed) return void setError(describeAuthError(failed));
    switched("Die Zwei-Faktor-Anmeldung ist jetzt aktiv.");
    onVerified();
  }

  return (
    <Panel onSubmit={onSubmit}>
      <ol className="grid list-decimal gap-1 pl-5 text-sm text-slate-700">
        <li>Scannen Sie den QR-Code mit Ihrer Authenticator-App.</li>
        <li>Geben Sie den {TOTP_DIGITS}-stelligen Code ein, den die App danach für Postwerk zeigt.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <img
          src={qrCode}
          alt="QR-Code für Ihre Authenticator-App"
          className="size-44 rounded-lg border border-slate-200 bg-white"
        />
        <div className="grid min-w-0 gap-1 text-sm">
          <p className="text-slate-700">Kein Scan möglich? Geben Sie diesen Schlüssel in der App von Hand ein:</p>
          <code
            data-testid="two-factor-secret"
            className="break-words rounded bg-white px-2 py-1 font-mono text-slate-900"
          >
            {secret.replace(/(.{4})(?=.)/g, "$1 ")}
          </code>
        </div>
      </div>
      <InputField
        id="two-factor-setup-code"
        label={`${TOTP_DIGITS}-stelliger Code`}
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={TOTP_DIGITS + 2}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
      />
      <Actions pending={pending} label="Code prüfen und aktivieren" onCancel={onCancel} />
    </Panel>
  );
}
