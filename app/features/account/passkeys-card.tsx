import Fingerprint from "lucide-react/icons/fingerprint-pattern";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash";
import { type FormEvent, useState } from "react";
import { CenteredSpinner, LoadFailedAlert } from "#app/components/load-status.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { InputField } from "#app/components/ui/form-field.tsx";
import { formatDateTime } from "#app/lib/format.ts";
import { PASSKEY_LIMIT, PASSKEY_MESSAGES, PASSKEY_NAME_MAX_LENGTH, type PasskeySummary } from "#shared/passkeys.ts";
import { useHasPassword } from "./use-has-password.ts";
import { describePasskeyError, useAddPasskey, usePasskeys, useRemovePasskey } from "./use-passkeys.ts";

// ADR 0102: passkeys of the account: add (named, with the password), list, remove.
export function PasskeysCard() {
  const { data, isPending, isError, refetch } = usePasskeys();
  const [adding, setAdding] = useState(false);
  const full = (data?.length ?? 0) >= PASSKEY_LIMIT;

  return (
    <Card aria-labelledby="passkeys-title">
      <CardHeader>
        <CardTitle id="passkeys-title" className="flex items-center gap-2">
          <Fingerprint className="size-5 text-indigo-600" aria-hidden />
          Passkeys
        </CardTitle>
        <CardDescription>
          Melden Sie sich ohne Passwort an, mit Fingerabdruck, Gesichtserkennung oder der PIN Ihres Geräts. Ein Passkey
          ersetzt Passwort und Zwei-Faktor-Code; bis zu {PASSKEY_LIMIT} je Konto.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isPending ? (
          <CenteredSpinner className="py-4" />
        ) : isError ? (
          <LoadFailedAlert message={PASSKEY_MESSAGES.loadFailed} onRetry={() => refetch()} className="text-sm" />
        ) : data.length === 0 ? (
          <p className="text-sm text-slate-600">Sie haben noch keinen Passkey.</p>
        ) : (
          <ul className="divide-y divide-slate-200 border-y border-slate-200" aria-label="Ihre Passkeys">
            {data.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        )}
        {adding ? (
          <AddPasskeyForm onDone={() => setAdding(false)} />
        ) : full ? (
          <p className="text-sm text-slate-600">{PASSKEY_MESSAGES.limitReached}</p>
        ) : data ? (
          <Button variant="outline" className="justify-self-start" onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            Passkey hinzufügen
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PasskeyRow({ passkey }: { passkey: PasskeySummary }) {
  const remove = useRemovePasskey();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="grid gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {passkey.name}
          {passkey.backedUp ? <Badge tone="slate">synchronisiert</Badge> : null}
        </p>
        <p className="text-sm text-slate-600">
          Hinzugefügt am {formatDateTime(passkey.createdAt)} ·{" "}
          {passkey.lastUsedAt ? `zuletzt genutzt am ${formatDateTime(passkey.lastUsedAt)}` : "noch nicht genutzt"}
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        disabled={remove.isPending}
        onClick={() => remove.mutate(passkey.id)}
        aria-label={`Passkey „${passkey.name}“ entfernen`}
      >
        <Trash2 aria-hidden />
        Entfernen
      </Button>
    </li>
  );
}

function AddPasskeyForm({ onDone }: { onDone: () => void }) {
  const { data: hasPassword } = useHasPassword();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const add = useAddPasskey(onDone);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return void setError(PASSKEY_MESSAGES.nameRequired);
    if (hasPassword && !password) return void setError(PASSKEY_MESSAGES.passwordRequired);
    setError(null);
    add.mutate(
      { name: trimmed, password: hasPassword ? password : undefined },
      { onError: (failure) => setError(describePasskeyError(failure)) },
    );
  }

  return (
    <form className="grid gap-3 rounded-lg border border-slate-200 p-4" onSubmit={onSubmit} noValidate>
      <InputField
        id="passkey-name"
        label="Name des Passkeys"
        placeholder="z. B. MacBook oder Handy"
        maxLength={PASSKEY_NAME_MAX_LENGTH}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      {hasPassword ? (
        <InputField
          id="passkey-password"
          label="Passwort"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? "Warte auf Ihr Gerät…" : "Weiter"}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Abbrechen
        </Button>
      </div>
    </form>
  );
}
