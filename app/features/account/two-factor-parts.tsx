import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { InputField } from "#app/components/ui/form-field.tsx";
import { ACCOUNT_MESSAGES } from "#shared/account.ts";
import { SESSIONS_QUERY_KEY } from "./use-sessions.ts";

// Pieces the steps of the two-factor card share (ADR 0041).

export const PASSWORD_REQUIRED = ACCOUNT_MESSAGES.passwordRequired;

/** After two-factor sign-in was switched on or off: the message, and the devices loaded again. */
export function useTwoFactorSwitched() {
  const queryClient = useQueryClient();
  return (message: string) => {
    // Better Auth replaces this device's session when two-factor sign-in is switched on or off.
    void queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
    toast.success(message);
  };
}

export function Panel({ onSubmit, children }: { onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 rounded-lg bg-slate-50 p-4">
      {children}
    </form>
  );
}

export function Actions({ pending, label, onCancel }: { pending: boolean; label: string; onCancel: () => void }) {
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

export function PasswordField({ id, value, onChange, error }: FieldProps) {
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

export type FieldProps = { id: string; value: string; onChange: (value: string) => void; error?: string };

export function CodeField({ id, label, value, onChange, error }: FieldProps & { label: string }) {
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

export function PasswordStep({
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
