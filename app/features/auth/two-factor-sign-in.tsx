import KeyRound from "lucide-react/icons/key-round";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "#app/components/ui/card.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { InputField } from "#app/components/ui/form-field.tsx";
import { SIGN_IN_TEXTS } from "#shared/account.ts";
import { ROUTES } from "#shared/routes.ts";
import { TOTP_DIGITS, TRUST_DEVICE_DAYS, TWO_FACTOR_MESSAGES } from "#shared/two-factor.ts";
import { authClient, describeAuthError } from "./auth-client.ts";
import { goToReturnUrl } from "./auth-navigation.ts";

type Method = "totp" | "backup";

// Answers after which this sign-in cannot go on: the visitor starts again with the password.
const START_AGAIN = new Set(["TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE", "INVALID_TWO_FACTOR_COOKIE"]);

/**
 * ADR 0041: the second step of a sign-in with two-factor sign-in switched on. The password was
 * right; the session starts only once Better Auth's plugin accepts the app's code or a backup code.
 */
export function TwoFactorSignIn({ returnUrl }: { returnUrl: string | undefined }) {
  const navigate = useNavigate();
  const [method, setMethod] = useState<Method>("totp");
  const [code, setCode] = useState("");
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [startAgain, setStartAgain] = useState(false);
  const [pending, setPending] = useState(false);
  const isBackup = method === "backup";

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const entered = code.trim();
    if (!entered) return void setError(TWO_FACTOR_MESSAGES.codeRequired);
    setPending(true);
    const { error: failed } = isBackup
      ? await authClient.twoFactor.verifyBackupCode({ code: entered, trustDevice })
      : await authClient.twoFactor.verifyTotp({ code: entered.replace(/\s/g, ""), trustDevice });
    setPending(false);
    if (failed) {
      setError(describeAuthError(failed));
      setStartAgain(START_AGAIN.has(failed.code ?? ""));
      return;
    }
    toast.success(SIGN_IN_TEXTS.signedIn);
    goToReturnUrl(navigate, returnUrl);
  }

  function switchMethod() {
    setMethod(isBackup ? "totp" : "backup");
    setCode("");
    setError(null);
  }

  return (
    <Card>
      <CardHeader>
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
          <KeyRound className="size-6 text-indigo-600" aria-hidden />
          Bestätigungscode
        </h1>
        <CardDescription>
          {isBackup
            ? "Geben Sie einen Ihrer Backup-Codes ein. Jeder Code gilt nur einmal."
            : `Öffnen Sie Ihre Authenticator-App und geben Sie den ${TOTP_DIGITS}-stelligen Code für Postwerk ein.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <InputField
            key={method}
            id="two-factor-code"
            label={isBackup ? "Backup-Code" : `${TOTP_DIGITS}-stelliger Code`}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setError(null);
            }}
            autoComplete="one-time-code"
            inputMode={isBackup ? "text" : "numeric"}
            pattern={isBackup ? undefined : "[0-9]*"}
            maxLength={isBackup ? 20 : TOTP_DIGITS + 2}
            placeholder={isBackup ? "xxxxx-xxxxx" : "123456"}
            spellCheck={false}
            autoFocus
            required
            error={error ?? undefined}
          />
          <div className="flex items-start gap-3">
            <Checkbox
              id="trust-device"
              checked={trustDevice}
              onCheckedChange={(checked) => setTrustDevice(checked === true)}
            />
            <label htmlFor="trust-device" className="text-sm leading-5 text-slate-800">
              Dieses Gerät {TRUST_DEVICE_DAYS} Tage lang merken
              <span className="block text-slate-600">Nur auf Ihrem eigenen Gerät, nie auf einem geteilten.</span>
            </label>
          </div>
          {startAgain ? (
            <Button asChild>
              <Link to={ROUTES.auth} state={{ returnUrl }}>
                Erneut anmelden
              </Link>
            </Button>
          ) : (
            <Button type="submit" disabled={pending}>
              {pending ? "Laden..." : "Bestätigen"}
            </Button>
          )}
        </form>
        <div className="flex flex-col items-center gap-2 text-sm">
          <button
            type="button"
            className="font-medium text-indigo-700 underline-offset-4 hover:underline"
            onClick={switchMethod}
          >
            {isBackup ? "Code aus der App verwenden" : "Backup-Code verwenden"}
          </button>
          <Link to={ROUTES.auth} state={{ returnUrl }} className="text-slate-700 underline-offset-4 hover:underline">
            Zurück zur Anmeldung
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
