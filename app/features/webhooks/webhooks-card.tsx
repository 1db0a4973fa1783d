import Webhook from "lucide-react/icons/webhook";
import { type FormEvent, useId, useState } from "react";
import { SecretShownOnce } from "#app/components/secret-shown-once.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { useTimeZone } from "#app/features/account/use-time-zone.ts";
import { formatDateTime } from "#shared/wall-time.ts";
import {
  WEBHOOK_DISABLE_AFTER_FAILURES,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_URL_MAX,
  WEBHOOKS_PER_USER_MAX,
  type WebhookDeliveryView,
  type WebhookEvent,
} from "#shared/webhooks.ts";
import { useCreateWebhook, useDeleteWebhook, useEnableWebhook, useWebhooks } from "./use-webhooks.ts";

/**
 * "Webhooks" on /konto (ADR 0110): Postwerk calls the user's address when a post was sent, failed
 * or stayed unconfirmed. The signing secret is shown once; the log shows the last deliveries.
 */
export function WebhooksCard() {
  const id = useId();
  const zone = useTimeZone();
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const enable = useEnableWebhook();
  const remove = useDeleteWebhook();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [shownSecret, setShownSecret] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { url, events },
      {
        onSuccess: ({ secret }) => {
          setShownSecret(secret);
          setUrl("");
        },
      },
    );
  }
  const toggle = (item: WebhookEvent, on: boolean) =>
    setEvents((current) => (on ? [...current, item] : current.filter((entry) => entry !== item)));
  const endpoints = webhooks.data?.webhooks ?? [];
  const deliveries = webhooks.data?.deliveries ?? [];

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <Webhook className="size-5 text-indigo-600" aria-hidden />
          Webhooks
        </CardTitle>
        <CardDescription>
          Postwerk ruft Ihre Adresse auf, sobald ein Beitrag gesendet wurde, fehlgeschlagen oder unbestätigt ist. Jede
          Anfrage ist signiert (Header „Postwerk-Signature“); wie Sie die Signatur prüfen, steht in der{" "}
          <a className="text-indigo-700 underline" href="/api/v1/docs#webhooks">
            API-Dokumentation
          </a>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {shownSecret ? (
          <SecretShownOnce
            intro="Ihr Signatur-Geheimnis. Kopieren Sie es jetzt: Es wird nur dieses eine Mal angezeigt."
            secret={shownSecret}
            testId="new-webhook-secret"
            onHide={() => setShownSecret(null)}
          />
        ) : null}
        <form className="grid gap-4" onSubmit={submit}>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-url`}>Adresse (https://)</Label>
            <Input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              value={url}
              maxLength={WEBHOOK_URL_MAX}
              onChange={(event) => setUrl(event.target.value)}
              placeholder="https://example.com/postwerk-webhook"
              required
            />
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Ereignisse</legend>
            {WEBHOOK_EVENTS.map((item) => (
              <div key={item} className="flex items-center gap-2">
                <Checkbox
                  id={`${id}-${item}`}
                  checked={events.includes(item)}
                  onCheckedChange={(checked) => toggle(item, checked === true)}
                />
                <Label htmlFor={`${id}-${item}`}>
                  {WEBHOOK_EVENT_LABELS[item]} <span className="text-xs text-slate-500">({item})</span>
                </Label>
              </div>
            ))}
          </fieldset>
          <div>
            <Button
              type="submit"
              disabled={create.isPending || events.length === 0 || endpoints.length >= WEBHOOKS_PER_USER_MAX}
            >
              Webhook hinzufügen
            </Button>
            <p className="mt-1 text-xs text-slate-600">Höchstens {WEBHOOKS_PER_USER_MAX} Webhooks.</p>
          </div>
        </form>
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">Ihre Webhooks</h3>
          {endpoints.length ? (
            <ul className="grid gap-2">
              {endpoints.map((endpoint) => (
                <li key={endpoint.id} className="grid gap-1 rounded-md border border-slate-200 p-3 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="break-all font-medium">{endpoint.url}</span>
                    <Button type="button" variant="outline" size="sm" onClick={() => remove.mutate(endpoint.id)}>
                      Löschen
                    </Button>
                  </div>
                  <span className="text-xs text-slate-600">
                    {endpoint.events.map((item) => WEBHOOK_EVENT_LABELS[item]).join(", ")} · angelegt am{" "}
                    {formatDateTime(endpoint.createdAt, zone)}
                  </span>
                  {endpoint.disabledAt ? (
                    <div className="mt-1 grid gap-2 rounded-md bg-red-50 p-2 text-xs text-red-900">
                      <p>
                        Ausgeschaltet am {formatDateTime(endpoint.disabledAt, zone)}: {WEBHOOK_DISABLE_AFTER_FAILURES}{" "}
                        Zustellungen nacheinander sind gescheitert. Postwerk sendet keine neuen Ereignisse mehr an diese
                        Adresse, bis Sie sie wieder einschalten.
                      </p>
                      <div>
                        <Button type="button" variant="outline" size="sm" onClick={() => enable.mutate(endpoint.id)}>
                          Wieder einschalten
                        </Button>
                      </div>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">Sie haben noch keine Webhooks.</p>
          )}
        </div>
        {endpoints.length ? (
          <div className="grid gap-2">
            <h3 className="text-sm font-medium">Letzte Zustellungen</h3>
            {deliveries.length ? (
              <ul className="grid gap-1" data-testid="webhook-log">
                {deliveries.map((delivery) => (
                  <li key={delivery.id} className="grid gap-0.5 border-b border-slate-100 pb-1 text-xs text-slate-700">
                    <span>
                      {formatDateTime(delivery.createdAt, zone)} · {delivery.event} ·{" "}
                      <span className="break-all">{delivery.url}</span>
                    </span>
                    <span>{deliveryState(delivery, zone)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">Noch keine Zustellungen.</p>
            )}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** One line of the log: the answer or the error, the attempts and, while pending, the next try. */
function deliveryState(delivery: WebhookDeliveryView, zone: string): string {
  const attempts = `Versuch ${delivery.attempts} von ${WEBHOOK_MAX_ATTEMPTS}`;
  if (delivery.status === "delivered") return `Zugestellt (HTTP ${delivery.httpStatus}) · ${attempts}`;
  if (delivery.attempts === 0) return "Wird gesendet …";
  const error = delivery.error ?? "Fehler";
  if (delivery.status === "failed") return `Aufgegeben: ${error} · ${attempts}`;
  const next = delivery.nextAttemptAt ? ` · nächster Versuch ${formatDateTime(delivery.nextAttemptAt, zone)}` : "";
  return `${error} · ${attempts}${next}`;
}
