import Mail from "lucide-react/icons/mail";
import MailOpen from "lucide-react/icons/mail-open";
import Reply from "lucide-react/icons/reply";
import { useState } from "react";
import { toast } from "sonner";
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Select } from "#app/components/ui/select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { formatDate, formatDateTime } from "#app/lib/format.ts";
import { ADMIN_TEXTS } from "#shared/admin.ts";
import { CANCELLATION_KIND_LABELS, type CancellationKind, NEXT_POSSIBLE_DATE } from "#shared/cancellation.ts";
import { CONTACT_SPAM_FILTERS, CONTACT_SPAM_TEXTS, type ContactSpamFilter } from "#shared/contact.ts";
import { AdminPanelCard } from "./admin-panel-card.tsx";
import {
  type ContactMessage,
  useCancellationRequests,
  useContactMessages,
  useMarkRead,
  useRespond,
} from "./use-admin-messages.ts";

// Spec section 4 "Contact message (admin)": new → read → responded, each with its badge (German, ADR 0100).
const STATUS_BADGES: Record<ContactMessage["status"], { label: string; tone: BadgeTone }> = {
  new: { label: "Neu", tone: "red" },
  read: { label: "Gelesen", tone: "outline" },
  responded: { label: "Beantwortet", tone: "indigo" },
};

export function MessagesPanel() {
  return (
    <div className="grid gap-6">
      <ContactMessagesCard />
      <CancellationsCard />
    </div>
  );
}

const EMPTY_TEXTS: Record<ContactSpamFilter, string> = {
  all: ADMIN_TEXTS.noMessages,
  exclude: CONTACT_SPAM_TEXTS.emptyExclude,
  only: CONTACT_SPAM_TEXTS.emptyOnly,
};

function ContactMessagesCard() {
  // ADR 0081: suspected spam is kept and marked; the admin may hide it or look at it alone.
  const [spam, setSpam] = useState<ContactSpamFilter>("all");
  const query = useContactMessages(spam);
  const [answering, setAnswering] = useState<ContactMessage | null>(null);

  return (
    <>
      <AdminPanelCard
        icon={Mail}
        title="Kontaktanfragen"
        description="Nachrichten aus dem Kontaktformular, die neuesten zuerst."
        actions={
          <div className="flex items-center gap-2">
            <Label htmlFor="admin-messages-spam" className="shrink-0">
              {CONTACT_SPAM_TEXTS.filterLabel}
            </Label>
            <Select
              id="admin-messages-spam"
              value={spam}
              onChange={(event) => setSpam(event.target.value as ContactSpamFilter)}
            >
              {CONTACT_SPAM_FILTERS.map((filter) => (
                <option key={filter} value={filter}>
                  {CONTACT_SPAM_TEXTS.filters[filter]}
                </option>
              ))}
            </Select>
          </div>
        }
        query={query}
        loadFailed={ADMIN_TEXTS.messagesFailed}
        empty={EMPTY_TEXTS[spam]}
        retryLabel={ADMIN_TEXTS.tryAgain}
      >
        {(messages) => (
          <ul className="grid gap-4">
            {messages.map((message) => (
              <MessageItem key={message.id} message={message} onAnswer={() => setAnswering(message)} />
            ))}
          </ul>
        )}
      </AdminPanelCard>
      {answering ? <ResponseDialog message={answering} onClose={() => setAnswering(null)} /> : null}
    </>
  );
}

function MessageItem({ message, onAnswer }: { message: ContactMessage; onAnswer: () => void }) {
  const markRead = useMarkRead();
  const badge = STATUS_BADGES[message.status];
  const suspicion = message.spamSuspicion;
  return (
    <li
      className={
        suspicion ? "rounded-lg border border-amber-300 bg-amber-50/50 p-4" : "rounded-lg border border-slate-200 p-4"
      }
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">{message.name}</p>
          <p className="break-all text-sm text-slate-600">{message.email}</p>
        </div>
        <div className="flex items-center gap-2 text-sm text-slate-600">
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          {suspicion ? <Badge tone="amber">{CONTACT_SPAM_TEXTS.badge}</Badge> : null}
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </div>
      </div>
      {suspicion ? (
        <p className="mt-2 text-sm text-amber-900">
          {CONTACT_SPAM_TEXTS.badge}: {CONTACT_SPAM_TEXTS.reasons[suspicion]}
        </p>
      ) : null}
      <p className="mt-3 whitespace-pre-line break-words text-slate-800">{message.message}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        {message.status === "new" ? (
          <Button
            variant="outline"
            size="sm"
            disabled={markRead.isPending}
            onClick={() => markRead.mutate(message.id, { onError: () => toast.error(ADMIN_TEXTS.statusFailed) })}
          >
            <MailOpen aria-hidden />
            Als gelesen markieren
          </Button>
        ) : null}
        <Button size="sm" onClick={onAnswer}>
          <Reply aria-hidden />
          Antworten
        </Button>
      </div>
    </li>
  );
}

// Spec section 5: prefilled with a greeting, a thanks line and a sign-off.
const prefilledResponse = (name: string) =>
  `Hallo ${name},\n\nvielen Dank für Ihre Nachricht.\n\n\n\nViele Grüße\nIhr Postwerk-Team`;

function ResponseDialog({ message, onClose }: { message: ContactMessage; onClose: () => void }) {
  const [text, setText] = useState(() => prefilledResponse(message.name));
  const respond = useRespond();

  function send() {
    const responseText = text.trim();
    if (!responseText) {
      toast.error(ADMIN_TEXTS.responseEmpty);
      return;
    }
    respond.mutate(
      { id: message.id, responseText },
      {
        onSuccess: () => {
          toast.success(`Antwort an ${message.email} gesendet.`);
          onClose();
        },
        onError: (error) => toast.error(error.message || ADMIN_TEXTS.responseFailed),
      },
    );
  }

  return (
    <Dialog open onClose={onClose} width="medium">
      <DialogHeader>
        <DialogTitle>Antwort an {message.name}</DialogTitle>
        <DialogDescription>Die Antwort geht per E-Mail an {message.email}; die Anfrage wird zitiert.</DialogDescription>
      </DialogHeader>
      <blockquote className="mt-4 max-h-32 overflow-y-auto whitespace-pre-line border-l-4 border-slate-200 pl-3 text-sm text-slate-600">
        {message.message}
      </blockquote>
      <div className="mt-4 grid gap-2">
        <Label htmlFor="admin-response">Ihre Antwort</Label>
        <Textarea id="admin-response" rows={10} value={text} onChange={(event) => setText(event.target.value)} />
      </div>
      <DialogFooter className="mt-6">
        <Button variant="outline" onClick={onClose}>
          Abbrechen
        </Button>
        <Button onClick={send} disabled={respond.isPending || text.trim() === ""}>
          {respond.isPending ? "Wird gesendet..." : "Antwort senden"}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

function CancellationsCard() {
  const query = useCancellationRequests();
  return (
    <AdminPanelCard
      title="Kündigungen (§ 312k BGB)"
      description="Eingegangen über „Verträge hier kündigen“. „Ausgeführt“ hat Postwerk selbst zum Periodenende gekündigt; „Offen“ bearbeiten Sie im Stripe-Dashboard."
      query={query}
      loadFailed="Die Kündigungen konnten nicht geladen werden."
      empty="Keine Kündigungen."
    >
      {(cancellations) => (
        <ul className="grid gap-3">
          {cancellations.map((request) => (
            <li key={request.id} className="rounded-lg border border-slate-200 p-4 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium">
                  {request.name} · <span className="break-all">{request.email}</span>
                </p>
                <Badge tone={request.status === "executed" ? "indigo" : "amber"}>
                  {request.status === "executed" ? "Ausgeführt" : "Offen"}
                </Badge>
              </div>
              <p className="mt-2 text-slate-700">
                {request.planLabel} · {CANCELLATION_KIND_LABELS[request.kind as CancellationKind] ?? request.kind} ·{" "}
                {request.effective === NEXT_POSSIBLE_DATE
                  ? "zum nächstmöglichen Zeitpunkt"
                  : `zum ${formatDate(request.effective)}`}
              </p>
              {request.reason ? <p className="mt-1 text-slate-700">Grund: {request.reason}</p> : null}
              <p className="mt-1 text-slate-600">
                Eingegangen am {formatDateTime(request.createdAt)}
                {request.signedIn ? " (angemeldet)" : " (ohne Anmeldung)"} ·{" "}
                {request.accountEmail ? `Konto: ${request.accountEmail}` : "kein Konto mit dieser E-Mail"}
              </p>
            </li>
          ))}
        </ul>
      )}
    </AdminPanelCard>
  );
}
