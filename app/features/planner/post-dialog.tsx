import ExternalLink from "lucide-react/icons/external-link";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { useTimeZone } from "#app/features/account/use-time-zone.ts";
import { ContentWarningField } from "#app/features/composer/content-warning-field.tsx";
import { PostDraftActions } from "#app/features/drafts/post-draft-actions.tsx";
import { PostMetrics } from "#app/features/metrics/post-metrics.tsx";
import { FormError } from "#app/features/publishing/composer-parts.tsx";
import { PostTextField } from "#app/features/publishing/post-text-field.tsx";
import {
  allAccounts,
  type Post,
  useCancelPost,
  useConnections,
  useSendPostNow,
  useUpdatePost,
} from "#app/features/publishing/use-publishing.ts";
import { WallTimeInputs } from "#app/features/publishing/wall-time-inputs.tsx";
import { NextSlotButton } from "#app/features/queue-slots/next-slot-button.tsx";
import { NETWORKS } from "#shared/networks.ts";
import { CONNECTIONS_PATH } from "#shared/publishing.ts";
import { allows } from "#shared/publishing-states.ts";
import { toWallTime } from "#shared/wall-time.ts";
import { postTimeLabel, StatusBadge } from "./planner-parts.tsx";
import { FailureOriginal, needsConnectionsLink, ResendUnconfirmed } from "./recovery-parts.tsx";
import { ResumeThreadButton, ThreadPosts } from "./thread-parts.tsx";

// One post of the Redaktionsplan: read it, and while the queue has not tried to send it, edit
// its text, reschedule or cancel it (ADR 0053); a failed or missed post is sent now or planned
// anew (ADR 0075). A sent post links to the live post. The actions follow the state machine
// (shared/publishing-states.ts).
export function PostDialog({
  post,
  profileUrl,
  onClose,
  onMove,
}: {
  post: Post | null;
  /** The account's page on the network, for a post whose arrival is not confirmed. */
  profileUrl: string | null;
  onClose: () => void;
  /** "Verschieben": the calendar's dialog for a new day and time (ADR 0089). */
  onMove?: (post: Post) => void;
}) {
  return (
    <Dialog open={post !== null} onClose={onClose} width="medium">
      {post ? <PostDetails post={post} profileUrl={profileUrl} onClose={onClose} onMove={onMove} /> : null}
    </Dialog>
  );
}

function PostDetails({
  post,
  profileUrl,
  onClose,
  onMove,
}: {
  post: Post;
  profileUrl: string | null;
  onClose: () => void;
  onMove?: (post: Post) => void;
}) {
  const id = useId();
  const network = NETWORKS[post.network].label;
  const thread = post.thread;
  // A thread's posts are not edited here; a thread that failed is continued, not planned anew.
  const editable = allows("reschedule", post.status) && !(thread && post.status === "failed");
  const sendableNow = allows("sendNow", post.status) && !thread?.resumable;
  // A post in doubt goes out again only after its owner looked (ADR 0093); a thread is continued.
  const resendable = allows("resend", post.status) && !thread;
  const [text, setText] = useState(post.text);
  // Mastodon alone has a content warning, and it counts toward the instance's limit (ADR 0095).
  const mastodon = post.network === "mastodon";
  const [contentWarning, setContentWarning] = useState(post.contentWarning ?? "");
  const { data: connections } = useConnections();
  const maxLength = allAccounts(connections).find((account) => account.id === post.accountId)?.maxCharacters;
  const zone = useTimeZone();
  const [plannedFor, setPlannedFor] = useState(() => toWallTime(new Date(post.scheduledAt), zone));
  const [error, setError] = useState<string | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const update = useUpdatePost();
  const cancel = useCancelPost();
  const sendNow = useSendPostNow();

  function sendPostNow() {
    setError(null);
    // An edited text (a duplicate changed a little) goes out as edited: a failed post whose text is
    // saved without a new time is planned for now (publishing.service.ts updatePost).
    if (!thread && text !== post.text && post.status === "failed") {
      update.mutate(
        { id: post.id, text },
        {
          onSuccess: () => {
            toast.success("Beitrag wird jetzt gesendet.");
            onClose();
          },
          onError: (failure) => setError(failure.message),
        },
      );
      return;
    }
    sendNow.mutate(post.id, {
      onSuccess: () => {
        toast.success("Beitrag wird jetzt gesendet.");
        onClose();
      },
      onError: (failure) => setError(failure.message),
    });
  }

  function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const edits = thread ? {} : { text, ...(mastodon ? { contentWarning } : {}) };
    update.mutate(
      { id: post.id, plannedFor, ...edits },
      {
        onSuccess: () => {
          toast.success("Beitrag gespeichert.");
          onClose();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  }

  function cancelPost() {
    setError(null);
    cancel.mutate(post.id, {
      onSuccess: () => {
        toast.success("Beitrag abgebrochen. Er wird nicht veröffentlicht.");
        onClose();
      },
      onError: (failure) => {
        setConfirmingCancel(false);
        setError(failure.message);
      },
    });
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>
          {thread ? "Thread" : "Beitrag"} für {network} · {post.accountHandle}
        </DialogTitle>
        <DialogDescription className="flex flex-wrap items-center gap-2">
          <StatusBadge post={post} />
          <span>{postTimeLabel(post, zone)}</span>
        </DialogDescription>
      </DialogHeader>

      {post.imageUrl ? (
        <img src={post.imageUrl} alt="Bild des Beitrags" className="h-24 w-24 rounded object-cover" />
      ) : null}

      {post.detail ? (
        <div
          className={
            post.status === "unconfirmed" || post.status === "missed"
              ? "rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
              : "rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800"
          }
        >
          <p>{post.detail}</p>
          {post.failureOriginal ? <FailureOriginal original={post.failureOriginal} /> : null}
          {post.status === "unconfirmed" && profileUrl ? (
            <a
              href={profileUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-2 inline-flex items-center gap-1 font-medium text-indigo-800 underline underline-offset-4"
            >
              Konto bei {network} öffnen
              <ExternalLink className="size-3.5" aria-hidden />
              <span className="sr-only">(öffnet in neuem Tab)</span>
            </a>
          ) : null}
          {post.status === "failed" && needsConnectionsLink(post) ? (
            <Link to={CONNECTIONS_PATH} className="mt-2 inline-block font-medium text-indigo-800 underline">
              Verbundene Konten
            </Link>
          ) : null}
        </div>
      ) : null}

      {post.externalUrl ? (
        <a
          href={post.externalUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 justify-self-start font-medium text-indigo-800 underline underline-offset-4"
        >
          {thread ? "Thread" : "Beitrag"} bei {network} ansehen
          <ExternalLink className="size-4" aria-hidden />
          <span className="sr-only">(öffnet in neuem Tab)</span>
        </a>
      ) : null}

      <PostMetrics publicationId={post.id} network={post.network} sent={post.status === "sent"} timeZone={zone} />

      {thread ? <ThreadPosts thread={thread} /> : null}

      {/* ADR 0084: "Duplizieren" and "Als Entwurf bearbeiten". */}
      <PostDraftActions post={post} onDone={onClose} onError={setError} />

      {editable ? (
        <form onSubmit={save} className="grid gap-5" noValidate>
          {thread ? null : (
            <PostTextField
              id={`${id}-text`}
              label="Text"
              network={post.network}
              maxLength={maxLength}
              contentWarning={mastodon ? contentWarning.trim() : null}
              value={text}
              onChange={setText}
            />
          )}
          {mastodon && !thread ? <ContentWarningField value={contentWarning} onChange={setContentWarning} /> : null}
          <WallTimeInputs id={id} value={plannedFor} onChange={setPlannedFor} />
          {post.accountId ? <NextSlotButton accountIds={[post.accountId]} onPick={setPlannedFor} /> : null}
          <FormError error={error} />
          {confirmingCancel ? (
            <div className="grid gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              <p>Soll der Beitrag wirklich nicht veröffentlicht werden?</p>
              <div className="flex flex-wrap gap-2">
                <Button type="button" size="sm" variant="destructive" onClick={cancelPost} disabled={cancel.isPending}>
                  Ja, abbrechen
                </Button>
                <Button type="button" size="sm" variant="outline" onClick={() => setConfirmingCancel(false)}>
                  Nein
                </Button>
              </div>
            </div>
          ) : null}
          <DialogFooter>
            <Button
              type="button"
              variant="destructiveGhost"
              className="sm:mr-auto"
              onClick={() => setConfirmingCancel(true)}
            >
              {thread ? "Thread abbrechen" : "Beitrag abbrechen"}
            </Button>
            {onMove ? (
              <Button type="button" variant="outline" onClick={() => onMove(post)}>
                Verschieben
              </Button>
            ) : null}
            {sendableNow ? (
              <Button
                type="button"
                variant={post.status === "failed" ? "default" : "outline"}
                onClick={sendPostNow}
                disabled={sendNow.isPending || update.isPending}
              >
                {post.status === "failed" ? "Erneut senden" : "Jetzt senden"}
              </Button>
            ) : null}
            <Button
              type="submit"
              variant={post.status === "failed" ? "outline" : "default"}
              disabled={update.isPending}
            >
              {post.status === "planned" ? "Speichern" : "Neu planen"}
            </Button>
          </DialogFooter>
        </form>
      ) : (
        <>
          {thread ? null : (
            <p className="whitespace-pre-wrap break-words rounded-lg border border-slate-200 p-3 text-sm text-slate-800">
              {post.text}
            </p>
          )}
          <FormError error={error} />
          <DialogFooter className="sm:flex-wrap">
            <Button variant="outline" onClick={onClose}>
              Schließen
            </Button>
            {thread?.resumable ? <ResumeThreadButton id={post.id} onDone={onClose} onError={setError} /> : null}
            {resendable ? (
              <ResendUnconfirmed
                post={post}
                network={network}
                profileUrl={profileUrl}
                onDone={onClose}
                onError={setError}
              />
            ) : null}
          </DialogFooter>
        </>
      )}
    </>
  );
}
