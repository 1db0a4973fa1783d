import { type FormEvent, useState } from "react";
import { authClient, describeAuthError } from "#app/features/auth/auth-client.ts";
import { TWO_FACTOR_MESSAGES } from "#shared/two-factor.ts";
import {
  Actions,
  CodeField,
  PASSWORD_REQUIRED,
  Panel,
  PasswordField,
  useTwoFactorSwitched,
} from "./two-factor-parts.tsx";

// ADR 0041: turning two-factor sign-in off needs the password and a code.

export function DisableForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
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
