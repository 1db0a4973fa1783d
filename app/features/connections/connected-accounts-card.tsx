import CalendarClock from "lucide-react/icons/calendar-clock";
import ExternalLink from "lucide-react/icons/external-link";
import Link2 from "lucide-react/icons/link-2";
import Unlink from "lucide-react/icons/unlink";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { CenteredSpinner, LoadFailedAlert } from "#app/components/load-status.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { InputField } from "#app/components/ui/form-field.tsx";
import { useTimeZone } from "#app/features/account/use-time-zone.ts";
import { formatDateTime } from "#app/features/publishing/plan-time.ts";
import {
  type ConnectedAccount,
  type NetworkConnections,
  useConnections,
  useConnectWithAppPassword,
  useDisconnect,
  useStartInstanceOAuth,
  useStartOAuth,
} from "#app/features/publishing/use-publishing.ts";
import { QueueSlotsDialog } from "#app/features/queue-slots/queue-slots-dialog.tsx";
import { isNetworkId, NETWORKS } from "#shared/networks.ts";
import { PUBLISHING_ERRORS, type PublishingErrorCode } from "#shared/publishing.ts";
import { AccountChoice } from "./account-choice.tsx";

const LOAD_FAILED = "Die verbundenen Konten konnten nicht geladen werden. Bitte versuchen Sie es erneut.";

// "Verbundene Konten" (ADR 0053): the accounts Postwerk may post to, per network. X and LinkedIn
// connect through the network's consent page, which sends the browser back here
// (?verbunden=<network> or ?fehler=<code>); Bluesky with a handle and an app password; Mastodon
// through the consent page of the instance the user names (ADR 0095).
export function ConnectedAccountsCard() {
  const { data, isPending, isError, refetch } = useConnections();
  const outcome = useOAuthOutcome();
  const [params, setParams] = useSearchParams();
  const choice = params.get("auswahl");

  return (
    <Card aria-labelledby="connections-title">
      <CardHeader>
        <CardTitle id="connections-title" className="flex items-center gap-2">
          <Link2 className="size-5 text-indigo-600" aria-hidden />
          Verbundene Konten
        </CardTitle>
        <CardDescription>
          Über diese Konten veröffentlicht und plant Postwerk Ihre Beiträge. Sie können mehrere Konten je Netzwerk
          verbinden und jederzeit trennen.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {outcome ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            {outcome}
          </p>
        ) : null}
        {choice ? <AccountChoice choice={choice} onDone={() => setParams({}, { replace: true })} /> : null}
        {isPending ? (
          <CenteredSpinner className="py-6" />
        ) : isError ? (
          <LoadFailedAlert message={LOAD_FAILED} onRetry={() => refetch()} className="text-sm" />
        ) : (
          data.networks.map((group) => <NetworkSection key={group.network} group={group} />)
        )}
      </CardContent>
    </Card>
  );
}

/** Back from the consent page: a toast for success, the German message for a refusal; the query is cleared. */
function useOAuthOutcome(): string | null {
  const [params, setParams] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    const connected = params.get("verbunden");
    const code = params.get("fehler");
    if (!connected && !code) return;
    handled.current = true;
    if (connected && isNetworkId(connected)) toast.success(`${NETWORKS[connected].label}-Konto verbunden.`);
    if (code) setError(PUBLISHING_ERRORS[code as PublishingErrorCode] ?? PUBLISHING_ERRORS.OAUTH_DENIED);
    setParams({}, { replace: true });
  }, [params, setParams]);
  return error;
}

function NetworkSection({ group }: { group: NetworkConnections }) {
  const headingId = `network-${group.network}`;
  const [formOpen, setFormOpen] = useState(false);
  const startOAuth = useStartOAuth();
  const accounts: ConnectedAccount[] = group.accounts.map((account) => ({
    ...account,
    network: group.network,
    networkLabel: group.label,
  }));

  function connect() {
    if (group.connect === "app-password" || group.connect === "instance") return setFormOpen(true);
    // Instagram comes with its Facebook page from one Meta login (ADR 0096).
    startOAuth.mutate(group.loginVia ?? group.network, {
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {group.label}
        </h3>
        {group.configured ? (
          <Button size="sm" variant="outline" onClick={connect} disabled={startOAuth.isPending || formOpen}>
            {group.loginVia
              ? `${group.label} über ${NETWORKS[group.loginVia].label} verbinden`
              : `${group.label} verbinden`}
          </Button>
        ) : (
          <span className="text-sm text-slate-600">{group.notConfiguredLabel}</span>
        )}
      </div>
      {accounts.length > 0 ? (
        <ul className="grid gap-2">
          {accounts.map((account) => (
            <AccountRow
              key={account.id}
              account={account}
              onReconnect={group.configured ? connect : undefined}
              reconnecting={startOAuth.isPending}
            />
          ))}
        </ul>
      ) : group.configured ? (
        <p className="text-sm text-slate-600">Noch kein {group.label}-Konto verbunden.</p>
      ) : null}
      {formOpen && group.connect === "instance" ? (
        <InstanceForm network={group.network} onDone={() => setFormOpen(false)} />
      ) : formOpen ? (
        <AppPasswordForm network={group.network} onDone={() => setFormOpen(false)} />
      ) : null}
    </section>
  );
}

function AccountRow({
  account,
  onReconnect,
  reconnecting,
}: {
  account: ConnectedAccount;
  onReconnect?: () => void;
  reconnecting: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const [editingSlots, setEditingSlots] = useState(false);
  const disconnect = useDisconnect();
  const zone = useTimeZone();
  const needsReconnect = account.status !== "connected";
  const name = `${account.networkLabel}-Konto ${account.handle}`;

  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="connected-account"
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          {account.profileUrl ? (
            <a
              href={account.profileUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 break-all font-medium text-slate-900 underline-offset-4 hover:underline"
            >
              {account.handle}
              <ExternalLink className="size-3.5 shrink-0" aria-hidden />
              <span className="sr-only">(öffnet in neuem Tab)</span>
            </a>
          ) : (
            <span className="break-all font-medium text-slate-900">{account.handle}</span>
          )}
          <Badge tone={needsReconnect ? "amber" : "emerald"}>{account.statusLabel}</Badge>
        </p>
        {account.connectionExpiresAt ? (
          <p className="mt-1 text-sm text-slate-600">
            Verbindung gültig bis {formatDateTime(account.connectionExpiresAt, zone)}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {needsReconnect && onReconnect ? (
          <Button size="sm" onClick={onReconnect} disabled={reconnecting}>
            Neu verbinden
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="outline"
          onClick={() => setEditingSlots(true)}
          aria-label={`Warteschlange von ${name}`}
        >
          <CalendarClock aria-hidden />
          Warteschlange
        </Button>
        <Button size="sm" variant="destructiveGhost" onClick={() => setConfirming(true)} aria-label={`${name} trennen`}>
          <Unlink aria-hidden />
          Trennen
        </Button>
      </div>
      <QueueSlotsDialog account={account} open={editingSlots} onClose={() => setEditingSlots(false)} />
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Konto trennen?"
        description={`${name} wird getrennt. Geplante Beiträge für dieses Konto werden nicht veröffentlicht; gesendete Beiträge bleiben im Netzwerk.`}
        confirmLabel="Konto trennen"
        pending={disconnect.isPending}
        onConfirm={() =>
          disconnect.mutate(account.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(`${name} getrennt.`);
            },
            onError: (error) => toast.error(error.message),
          })
        }
      />
    </li>
  );
}

function AppPasswordForm({ network, onDone }: { network: ConnectedAccount["network"]; onDone: () => void }) {
  const connect = useConnectWithAppPassword();
  const [identifier, setIdentifier] = useState("");
  const [appPassword, setAppPassword] = useState("");
  const label = NETWORKS[network].label;

  function submit(event: FormEvent) {
    event.preventDefault();
    connect.mutate(
      { network, identifier, appPassword },
      {
        onSuccess: () => {
          toast.success(`${label}-Konto verbunden.`);
          onDone();
        },
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      className="grid gap-4 rounded-lg border border-slate-200 p-4"
      aria-label={`${label} verbinden`}
    >
      <p className="text-sm text-slate-700">
        Postwerk braucht ein <strong>App-Passwort</strong>, nicht Ihr Bluesky-Passwort. So legen Sie eines an: in
        Bluesky unter <em>Einstellungen → Datenschutz und Sicherheit → App-Passwörter</em> auf „App-Passwort hinzufügen“
        tippen, einen Namen wie „Postwerk“ vergeben und das angezeigte Passwort hier einfügen. Sie können es dort
        jederzeit wieder löschen.
      </p>
      <InputField
        id={`${network}-identifier`}
        label="Handle"
        placeholder="name.bsky.social"
        autoComplete="username"
        value={identifier}
        onChange={(event) => setIdentifier(event.target.value)}
        required
      />
      <InputField
        id={`${network}-app-password`}
        label="App-Passwort"
        type="password"
        placeholder="xxxx-xxxx-xxxx-xxxx"
        autoComplete="off"
        value={appPassword}
        onChange={(event) => setAppPassword(event.target.value)}
        error={connect.error?.message}
        required
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={connect.isPending}>
          {connect.isPending ? "Verbinde …" : `${label}-Konto verbinden`}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Abbrechen
        </Button>
      </div>
    </form>
  );
}

/** Mastodon: the user's own instance; Postwerk sends the browser to its consent page (ADR 0095). */
function InstanceForm({ network, onDone }: { network: ConnectedAccount["network"]; onDone: () => void }) {
  const start = useStartInstanceOAuth();
  const [instance, setInstance] = useState("");
  const label = NETWORKS[network].label;

  function submit(event: FormEvent) {
    event.preventDefault();
    start.mutate({ network, instance });
  }

  return (
    <form
      onSubmit={submit}
      className="grid gap-4 rounded-lg border border-slate-200 p-4"
      aria-label={`${label} verbinden`}
    >
      <p className="text-sm text-slate-700">
        Geben Sie die Adresse der Instanz an, auf der Ihr Konto liegt, zum Beispiel <em>mastodon.social</em>. Postwerk
        leitet Sie dann zu Ihrer Instanz weiter, wo Sie sich anmelden und Postwerk das Veröffentlichen erlauben.
      </p>
      <InputField
        id={`${network}-instance`}
        label="Instanz"
        placeholder="mastodon.social"
        autoComplete="url"
        inputMode="url"
        value={instance}
        onChange={(event) => setInstance(event.target.value)}
        error={start.error?.message}
        required
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? "Verbinde …" : "Weiter zur Instanz"}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Abbrechen
        </Button>
      </div>
    </form>
  );
}
