import KeySquare from "lucide-react/icons/key-square";
import { type FormEvent, useId, useState } from "react";
import { CenteredSpinner, LoadFailedAlert } from "#app/components/load-status.tsx";
import { SecretShownOnce } from "#app/components/secret-shown-once.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { formatDateTime } from "#app/lib/format.ts";
import {
  API_ACCOUNT_MESSAGES,
  API_KEY_NAME_MAX,
  API_SCOPE_LABELS,
  API_SCOPES,
  type ApiScope,
  DIRECT_SCHEDULING_LABEL,
} from "#shared/public-api.ts";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "./use-api-keys.ts";

/**
 * "API-Schlüssel" on /konto (ADR 0107): keys for scripts, Zapier/n8n and AI assistants (MCP). A new
 * key is shown once; afterwards only its first characters. Agents plan directly only with consent.
 */
export function ApiKeysCard() {
  const id = useId();
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiScope[]>(["posts:read", "posts:write"]);
  const [directScheduling, setDirectScheduling] = useState(false);
  const [shownKey, setShownKey] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { name, scopes, directScheduling },
      {
        onSuccess: ({ key }) => {
          setShownKey(key);
          setName("");
        },
      },
    );
  }
  const toggle = (scope: ApiScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((item) => item !== scope)));

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <KeySquare className="size-5 text-indigo-600" aria-hidden />
          API-Schlüssel
        </CardTitle>
        <CardDescription>
          Für Skripte, Zapier, n8n und KI-Assistenten (MCP). Dokumentation:{" "}
          <a className="text-indigo-700 underline" href="/api/v1/docs">
            /api/v1/docs
          </a>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {shownKey ? (
          <SecretShownOnce
            intro="Ihr neuer Schlüssel. Kopieren Sie ihn jetzt: Er wird nur dieses eine Mal angezeigt."
            secret={shownKey}
            testId="new-api-key"
            onHide={() => setShownKey(null)}
          />
        ) : null}
        <form className="grid gap-4" onSubmit={submit}>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-name`}>Name des Schlüssels</Label>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={API_KEY_NAME_MAX}
              onChange={(event) => setName(event.target.value)}
              placeholder="z. B. n8n oder Claude Desktop"
              required
            />
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Berechtigungen</legend>
            {API_SCOPES.map((scope) => (
              <div key={scope} className="flex items-center gap-2">
                <Checkbox
                  id={`${id}-${scope}`}
                  checked={scopes.includes(scope)}
                  onCheckedChange={(checked) => toggle(scope, checked === true)}
                />
                <Label htmlFor={`${id}-${scope}`}>
                  {API_SCOPE_LABELS[scope]} <span className="text-xs text-slate-500">({scope})</span>
                </Label>
              </div>
            ))}
            <div className="mt-2 flex items-start gap-2">
              <Checkbox
                id={`${id}-direct`}
                checked={directScheduling}
                onCheckedChange={(checked) => setDirectScheduling(checked === true)}
              />
              <Label htmlFor={`${id}-direct`}>{DIRECT_SCHEDULING_LABEL}</Label>
            </div>
          </fieldset>
          <div>
            <Button type="submit" disabled={create.isPending || scopes.length === 0}>
              Schlüssel erstellen
            </Button>
          </div>
        </form>
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">Ihre Schlüssel</h3>
          {keys.isPending ? (
            <CenteredSpinner className="py-4" />
          ) : keys.isError ? (
            <LoadFailedAlert
              message={API_ACCOUNT_MESSAGES.keysLoadFailed}
              onRetry={() => keys.refetch()}
              className="text-sm"
            />
          ) : keys.data.keys.length ? (
            <ul className="grid gap-2">
              {keys.data.keys.map((key) => (
                <li key={key.id} className="grid gap-1 rounded-md border border-slate-200 p-3 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium">{key.name}</span>
                    {key.revokedAt ? (
                      <span className="text-slate-600">Widerrufen am {formatDateTime(key.revokedAt)}</span>
                    ) : (
                      <Button type="button" variant="outline" size="sm" onClick={() => revoke.mutate(key.id)}>
                        Widerrufen
                      </Button>
                    )}
                  </div>
                  <code className="text-xs text-slate-600">{key.prefix}…</code>
                  <span className="text-xs text-slate-600">
                    {key.scopes.join(", ")}
                    {key.directScheduling ? " · direkt planen erlaubt" : " · nur Entwürfe für Agenten"}
                  </span>
                  <span className="text-xs text-slate-600">
                    Erstellt am {formatDateTime(key.createdAt)} · zuletzt benutzt:{" "}
                    {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : "noch nie"}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">Sie haben noch keine API-Schlüssel.</p>
          )}
        </div>
        {keys.data?.activity.length ? (
          <details className="text-sm">
            <summary className="cursor-pointer font-medium">Letzte Aktivität über die API</summary>
            <ul className="mt-2 grid gap-1">
              {keys.data.activity.map((entry) => (
                <li key={entry.id} className="text-xs text-slate-700">
                  {formatDateTime(entry.createdAt)} · {entry.keyName} · {entry.action}
                  {entry.detail ? ` (${entry.detail})` : ""}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </CardContent>
    </Card>
  );
}
