import { useId, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { API_SCOPE_LABELS, API_SCOPES, DIRECT_SCHEDULING_LABEL } from "#shared/public-api.ts";
import { useOAuthClient, useOAuthConsent } from "./use-oauth-apps.ts";

/**
 * The consent page Better Auth's provider sends the browser to (ADR 0113): which app asks for
 * what, in German words, and "Direkt planen erlaubt" like on an API key. The signed query of the
 * page goes back unchanged; the server checks its signature.
 */
export function OAuthConsent({ search }: { search: string }) {
  const id = useId();
  const params = new URLSearchParams(search);
  const clientId = params.get("client_id") ?? "";
  const requested = (params.get("scope") ?? "").split(" ");
  const scopes = API_SCOPES.filter((scope) => requested.includes(scope));
  const client = useOAuthClient(clientId);
  const consent = useOAuthConsent();
  const [directScheduling, setDirectScheduling] = useState(false);
  const appName = client.data?.name ?? "Eine App";
  const answer = (accept: boolean) =>
    consent.mutate({ oauthQuery: search.replace(/^\?/, ""), accept, directScheduling: accept && directScheduling });

  return (
    <Card className="mx-auto max-w-lg" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{appName} möchte auf Ihr Postwerk-Konto zugreifen</CardTitle>
        <CardDescription>
          {client.data?.uri ? `${client.data.uri} · ` : ""}Lassen Sie den Zugriff nur zu, wenn Sie der App vertrauen.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div>
          <h2 className="text-sm font-medium">Die App darf:</h2>
          <ul className="mt-2 list-disc pl-5 text-sm">
            {scopes.map((scope) => (
              <li key={scope}>{API_SCOPE_LABELS[scope]}</li>
            ))}
            {requested.includes("offline_access") ? <li>angemeldet bleiben, bis Sie den Zugriff widerrufen</li> : null}
          </ul>
        </div>
        {scopes.includes("posts:write") ? (
          <div className="flex items-start gap-2">
            <Checkbox
              id={`${id}-direct`}
              checked={directScheduling}
              onCheckedChange={(value) => setDirectScheduling(value === true)}
            />
            <Label htmlFor={`${id}-direct`}>{DIRECT_SCHEDULING_LABEL}</Label>
          </div>
        ) : null}
        <p className="text-xs text-slate-600">Den Zugriff können Sie jederzeit unter /konto widerrufen.</p>
        <div className="flex gap-2">
          <Button type="button" disabled={consent.isPending} onClick={() => answer(true)}>
            Zulassen
          </Button>
          <Button type="button" variant="outline" disabled={consent.isPending} onClick={() => answer(false)}>
            Ablehnen
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
