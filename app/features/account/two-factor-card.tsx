import { useQueryClient } from "@tanstack/react-query";
import { Copy, Download, ShieldCheck } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { toast } from "sonner";
import { renderSVG } from "uqr";
import { CenteredSpinner } from "#app/components/load-status.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { InputField } from "#app/components/ui/form-field.tsx";
import { authClient, describeAuthError } from "#app/features/auth/auth-client.ts";
import { ACCOUNT_MESSAGES } from "#shared/account.ts";
import { BACKUP_CODE_COUNT, TOTP_DIGITS, TWO_FACTOR_MESSAGES } from "#shared/two-factor.ts";
import { useHasPassword } from "./use-has-password.ts";
import { SESSIONS_QUERY_KEY } from "./use-sessions.ts";

// ADR 0041: two-factor sign-in with an authenticator app, through Better Auth's plugin.
// Setup: password → QR code and secret → first code → the backup codes, shown this once.

type Step =
  | { name: "idle" }
  | { name: "setup-password" }
  | { name: "scan"; totpURI: string; backupCodes: string[] }
  | { name: "codes"; backupCodes: string[] }
  | { name: "regenerate" }
  | { name: "disable" };

const PASSWORD_REQUIRED = ACCOUNT_MESSAGES.passwordRequired;

export function TwoFactorCard() {
  const { data: session } = authClient.useSession();
  const { data: hasPassword, isPending: checking } = useHasPassword();
  const [step, setStep] = useState<Step>({ name: "idle" });
  const enabled = session?.user.twoFactorEnabled === true;
  const idle = () => setStep({ name: "idle" });

  return (
    <Card aria-labelledby="two-factor-title">
      <CardHeader>
        <CardTitle id="two-factor-title" className="flex flex-wrap items-center gap-2">
          <ShieldCheck className="size-5 text-indigo-600" aria-hidden />
          Zwei-Faktor-Anmeldung
          {enabled ? <Badge tone="emerald">Aktiv</Badge> : null}
        </CardTitle>
        <CardDescription>
          Schützt die Anmeldung mit Passwort zusätzlich mit einem Code aus einer Authenticator-App, etwa Google
          Authenticator, Microsoft Authenticator oder 1Password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {checking ? (
          <CenteredSpinner className="py-4" />
        ) : hasPassword === false ? (
          <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            Ihr Konto nutzt die Anmeldung mit Google und hat kein Passwort. Die Zwei-Faktor-Anmeldung von Postwerk gilt
            nur für die Anmeldung mit Passwort; Ihr Google-Konto schützen Sie mit der Bestätigung in zwei Schritten bei
            Google.
          </p>
        ) : step.name === "setup-password" ? (
          <SetupPasswordForm
            onStarted={(totpURI, backupCodes) => setStep({ name: "scan", totpURI, backupCodes })}
            onCancel={idle}
          />
        ) : step.name === "scan" ? (
          <ScanStep
            totpURI={step.totpURI}
            onVerified={() => setStep({ name: "codes", backupCodes: step.backupCodes })}
            onCancel={idle}
          />
        ) : step.name === "codes" ? (
          <BackupCodes codes={step.backupCodes} onDone={idle} />
        ) : step.name === "regenerate" ? (
          <RegenerateForm onDone={(backupCodes) => setStep({ name: "codes", backupCodes })} onCancel={idle} />
        ) : step.name === "disable" ? (
          <DisableForm onDone={idle} onCancel={idle} />
        ) : enabled ? (
          <>
            <p className="text-sm text-slate-700">
              Bei der Anmeldung mit Passwort fragen wir nach dem Code aus Ihrer App. Haben Sie Ihr Telefon nicht zur
              Hand, gilt stattdessen einer Ihrer Backup-Codes.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setStep({ name: "regenerate" })}>
                Neue Backup-Codes erzeugen
              </Button>
              <Button variant="outline" onClick={() => setStep({ name: "disable" })}>
                Ausschalten
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              Nicht aktiv. Mit ihr genügt ein gestohlenes Passwort allein nicht mehr, um sich bei Ihrem Konto
              anzumelden.
            </p>
            <Button className="justify-self-start" onClick={() => setStep({ name: "setup-password" })}>
              Einrichten
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** After two-factor sign-in was switched on or off: the message, and the devices loaded again. */
function useTwoFactorSwitched() {
  const queryClient = useQueryClient();
  return (message: string) => {
    // Better Auth replaces this device's session when two-factor sign-in is switched on or off.
    void queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
    toast.success(message);
  };
}

function Panel({ onSubmit, children }: { onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 rounded-lg bg-slate-50 p-4">
      {children}
    </form>
  );
}

function Actions({ pending, label, onCancel }: { pending: boolean; label: string; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" disabled={pending}>
        {pending ? "Laden..." : label}
      </Button>
      <Button type="button" variant="ghost" onClick={onCancel}>
        Abbrechen
      </Button>
    </div>
  );
}

function PasswordField({ id, value, onChange, error }: FieldProps) {
  return (
    <InputField
      id={id}
      label="Passwort"
      type="password"
      autoComplete="current-password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

type FieldProps = { id: string; value: string; onChange: (value: string) => void; error?: string };

function CodeField({ id, label, value, onChange, error }: FieldProps & { label: string }) {
  return (
    <InputField
      id={id}
      label={label}
      autoComplete="one-time-code"
      inputMode="text"
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

function SetupPasswordForm({
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
function PasswordStep({
  id,
  intro,
  submitLabel,
  confirm,
  onCancel,
}: {
  id: string;
  intro: string;
  submitLabel: string;
  confirm: (password: string) => Promise<string | null>;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!password) return void setError(PASSWORD_REQUIRED);
    setPending(true);
    const problem = await confirm(password);
    setPending(false);
    if (problem) setError(problem);
  }

  return (
    <Panel onSubmit={onSubmit}>
      <p className="text-sm text-slate-700">{intro}</p>
      <PasswordField id={id} value={password} onChange={setPassword} error={error} />
      <Actions pending={pending} label={submitLabel} onCancel={onCancel} />
    </Panel>
  );
}

function ScanStep({
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

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = [
    "Postwerk – Backup-Codes für die Zwei-Faktor-Anmeldung",
    "Jeder Code gilt genau einmal. Bewahren Sie diese Datei sicher auf.",
    "",
    ...codes,
    "",
  ].join("\n");
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      toast.success("Backup-Codes kopiert.");
    } catch {
      toast.error("Kopieren war nicht möglich. Bitte laden Sie die Codes herunter.");
    }
  }

  return (
    <div className="grid gap-4 rounded-lg bg-slate-50 p-4">
      <div className="text-sm text-slate-700">
        <p className="font-medium text-slate-900">Ihre {BACKUP_CODE_COUNT} Backup-Codes</p>
        <p>
          Mit jedem Code melden Sie sich einmal ohne App an. Wir zeigen sie nur jetzt: laden Sie sie herunter oder
          kopieren Sie sie an einen sicheren Ort. Frühere Backup-Codes gelten nicht mehr.
        </p>
      </div>
      <ul
        aria-label="Backup-Codes"
        className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 bg-white p-3 font-mono text-sm sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <a href={download} download="postwerk-backup-codes.txt">
            <Download aria-hidden />
            Herunterladen
          </a>
        </Button>
        <Button variant="outline" onClick={copy}>
          <Copy aria-hidden />
          Kopieren
        </Button>
        <Button onClick={onDone}>Fertig</Button>
      </div>
    </div>
  );
}

function RegenerateForm({ onDone, onCancel }: { onDone: (codes: string[]) => void; onCancel: () => void }) {
  return (
    <PasswordStep
      id="two-factor-regenerate-password"
      intro="Neue Backup-Codes ersetzen alle bisherigen. Bitte bestätigen Sie mit Ihrem Passwort."
      submitLabel="Neue Codes erzeugen"
      onCancel={onCancel}
      confirm={async (password) => {
        const { data, error } = await authClient.twoFactor.generateBackupCodes({ password });
        if (error || !data) return describeAuthError(error);
        onDone(data.backupCodes);
        return null;
      }}
    />
  );
}

function DisableForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const [pending, setPending] = useState(false);
  const switched = useTwoFactorSwitched();
  const { refetch: refetchSession } = authClient.useSession();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const entered = code.trim();
    if (!password || !entered) {
      return void setErrors({
        password: password ? undefined : PASSWORD_REQUIRED,
        code: entered ? undefined : TWO_FACTOR_MESSAGES.codeRequired,
      });
    }
    setPending(true);
    // The plugin's client knows only the password; our server also asks for the code (ADR 0041).
    const { error } = await authClient.$fetch("/two-factor/disable", {
      method: "POST",
      body: { password, code: entered },
    });
    setPending(false);
    if (error) {
      const failed = error as { code?: string; message?: string };
      const message = describeAuthError(failed);
      return void setErrors(failed.code === "INVALID_PASSWORD" ? { password: message } : { code: message });
    }
    // $fetch passes by the client's session listeners; the badge follows the refreshed session.
    await refetchSession();
    switched("Die Zwei-Faktor-Anmeldung ist ausgeschaltet.");
    onDone();
  }

  return (
    <Panel onSubmit={onSubmit}>
      <p className="text-sm text-slate-700">
        Zum Ausschalten brauchen wir Ihr Passwort und einen aktuellen Code aus Ihrer App (oder einen Backup-Code).
      </p>
      <PasswordField id="two-factor-disable-password" value={password} onChange={setPassword} error={errors.password} />
      <CodeField
        id="two-factor-disable-code"
        label="Code aus der App oder Backup-Code"
        value={code}
        onChange={setCode}
        error={errors.code}
      />
      <Actions pending={pending} label="Ausschalten" onCancel={onCancel} />
    </Panel>
  );
}
