import AppWindow from "lucide-react/icons/app-window";
import { useId } from "react";
import { CenteredSpinner, LoadFailedAlert } from "#app/components/load-status.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { formatDateTime } from "#app/lib/format.ts";
import { API_ACCOUNT_MESSAGES, API_SCOPE_LABELS } from "#shared/public-api.ts";
import { useOAuthApps, useRevokeOAuthApp } from "./use-oauth-apps.ts";

/** "Zugelassene Apps" on /konto (ADR 0113): apps and MCP clients signed in through OAuth. */
export function OAuthAppsCard() {
  const id = useId();
  const apps = useOAuthApps();
  const revoke = useRevokeOAuthApp();
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <AppWindow className="size-5 text-indigo-600" aria-hidden />
          Zugelassene Apps
        </CardTitle>
        <CardDescription>
          Apps und KI-Assistenten, denen Sie über „Mit Postwerk anmelden“ Zugriff gegeben haben.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {apps.isPending ? (
          <CenteredSpinner className="py-4" />
        ) : apps.isError ? (
          <LoadFailedAlert
            message={API_ACCOUNT_MESSAGES.appsLoadFailed}
            onRetry={() => apps.refetch()}
            className="text-sm"
          />
        ) : apps.data.apps.length ? (
          <ul className="grid gap-2">
            {apps.data.apps.map((app) => (
              <li key={app.clientId} className="grid gap-1 rounded-md border border-slate-200 p-3 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">{app.name}</span>
                  <Button type="button" variant="outline" size="sm" onClick={() => revoke.mutate(app)}>
                    Zugriff widerrufen
                  </Button>
                </div>
                <span className="text-xs text-slate-600">
                  {app.scopes.map((scope) => API_SCOPE_LABELS[scope]).join(", ")}
                  {app.directScheduling ? " · Direkt planen erlaubt" : ""}
                </span>
                <span className="text-xs text-slate-600">Zugelassen am {formatDateTime(app.authorisedAt)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">Sie haben noch keine App zugelassen.</p>
        )}
      </CardContent>
    </Card>
  );
}
