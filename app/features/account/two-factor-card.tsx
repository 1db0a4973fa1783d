import ShieldCheck from "lucide-react/icons/shield-check";
import { useState } from "react";
import { CenteredSpinner } from "#app/components/load-status.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { authClient } from "#app/features/auth/auth-client.ts";
import { BackupCodes, RegenerateForm } from "./two-factor-backup-codes.tsx";
import { DisableForm } from "./two-factor-disable.tsx";
import { ScanStep, SetupPasswordForm } from "./two-factor-setup.tsx";
import { useHasPassword } from "./use-has-password.ts";

// ADR 0041: two-factor sign-in with an authenticator app, through Better Auth's plugin.
// Setup: password → QR code and secret → first code → the backup codes, shown this once.

type Step =
  | { name: "idle" }
  | { name: "setup-password" }
  | { name: "scan"; totpURI: string; backupCodes: string[] }
  | { name: "codes"; backupCodes: string[] }
  | { name: "regenerate" }
  | { name: "disable" };

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
