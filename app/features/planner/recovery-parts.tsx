import ExternalLink from "lucide-react/icons/external-link";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { type Post, useResendPost } from "#app/features/publishing/use-publishing.ts";
import { ORIGINAL_MESSAGE_SUMMARY, RECONNECT_REASONS } from "#shared/publishing-failures.ts";

// A failed or unconfirmed post in the Redaktionsplan (ADR 0093): the network's own words under the
// German sentence, and "Erneut senden" of a post in doubt only once its owner has looked.

/** The network's untranslated message, for support or a search; folded away by default. */
export function FailureOriginal({ original }: { original: string }) {
  return (
    <details className="mt-2 text-xs text-slate-700">
      <summary className="cursor-pointer font-medium text-slate-800">{ORIGINAL_MESSAGE_SUMMARY}</summary>
      <p lang="en" className="mt-1 whitespace-pre-wrap break-words font-mono">
        {original}
      </p>
    </details>
  );
}

/** Whether the fix is on the connections page (a reason of ours without a class, or a refused grant). */
export function needsConnectionsLink(post: Pick<Post, "failureReason">): boolean {
  return post.failureReason === null || RECONNECT_REASONS.includes(post.failureReason);
}

export const RESEND_CONFIRMATION = "Ich habe nachgesehen: Der Beitrag ist nicht erschienen";

/**
 * "Erneut senden" of a post in doubt: first the owner opens the account on the network and
 * confirms that the post is not there; Postwerk never decides that on its own.
 */
export function ResendUnconfirmed({
  post,
  network,
  profileUrl,
  onDone,
  onError,
}: {
  post: Pick<Post, "id">;
  network: string;
  profileUrl: string | null;
  onDone: () => void;
  onError: (message: string) => void;
}) {
  const id = useId();
  const [asking, setAsking] = useState(false);
  const [looked, setLooked] = useState(false);
  const resend = useResendPost();

  if (!asking)
    return (
      <Button type="button" onClick={() => setAsking(true)}>
        Erneut senden
      </Button>
    );

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid w-full gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-left text-sm text-amber-950 sm:order-first sm:basis-full"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        Erst nachsehen, dann erneut senden
      </h3>
      <p>
        Vielleicht ist der Beitrag doch angekommen. Sehen Sie in Ihrem Konto bei {network} nach; erscheint er dort
        nicht, senden Sie ihn erneut. Sonst steht er zweimal in Ihrem Profil.
      </p>
      {profileUrl ? (
        <a
          href={profileUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 justify-self-start font-medium text-indigo-800 underline underline-offset-4"
        >
          Konto bei {network} öffnen
          <ExternalLink className="size-3.5" aria-hidden />
          <span className="sr-only">(öffnet in neuem Tab)</span>
        </a>
      ) : null}
      <div className="flex items-start gap-2">
        <Checkbox id={`${id}-looked`} checked={looked} onCheckedChange={(checked) => setLooked(checked === true)} />
        <label htmlFor={`${id}-looked`}>{RESEND_CONFIRMATION}</label>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          disabled={!looked || resend.isPending}
          onClick={() =>
            // The promise, not mutate's callbacks: once planned again the dialog shows the post as
            // the plan reloads it, and this button is gone before those callbacks would run.
            resend.mutateAsync(post.id).then(
              () => {
                toast.success("Beitrag wird erneut gesendet.");
                onDone();
              },
              (failure: Error) => onError(failure.message),
            )
          }
        >
          Jetzt erneut senden
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => setAsking(false)}>
          Abbrechen
        </Button>
      </div>
    </section>
  );
}
