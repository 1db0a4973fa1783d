import ExternalLink from "lucide-react/icons/external-link";
import { toast } from "sonner";
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useResumeThread } from "#app/features/publishing/use-publishing.ts";
import type { ThreadView } from "#shared/publishing.schemas.ts";
import type { ThreadPostStatus } from "#shared/publishing-states.ts";

// A thread in the Redaktionsplan (ADR 0066): its posts with their states and "Fortsetzen".

const POST_TONES: Record<ThreadPostStatus, BadgeTone> = {
  pending: "slate",
  sending: "indigo",
  sent: "emerald",
  unconfirmed: "amber",
};

export function ThreadPosts({ thread }: { thread: ThreadView }) {
  return (
    <section aria-label="Beiträge des Threads" className="grid gap-2">
      <p className="text-sm font-medium text-slate-900" data-testid="thread-progress">
        {thread.progressLabel}
      </p>
      <ol className="grid max-h-80 gap-2 overflow-y-auto pr-1">
        {thread.posts.map((post) => (
          <li
            key={post.position}
            data-testid="thread-post"
            className="grid gap-1.5 rounded-lg border border-slate-200 p-3 text-sm"
          >
            <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
              <span>
                {post.position}/{thread.total}
              </span>
              <Badge tone={POST_TONES[post.status]}>{post.statusLabel}</Badge>
              {post.externalUrl ? (
                <a
                  href={post.externalUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-indigo-800 underline underline-offset-4"
                >
                  Ansehen
                  <ExternalLink className="size-3" aria-hidden />
                  <span className="sr-only">(Beitrag {post.position}, öffnet in neuem Tab)</span>
                </a>
              ) : null}
            </span>
            <p className="whitespace-pre-wrap break-words text-slate-800">{post.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Continues a stopped thread from its first unsent post; a post in doubt is looked up on X first. */
export function ResumeThreadButton({
  id,
  onDone,
  onError,
}: {
  id: string;
  onDone: () => void;
  onError: (message: string) => void;
}) {
  const resume = useResumeThread();
  return (
    <Button
      type="button"
      disabled={resume.isPending}
      onClick={() =>
        // The promise, not mutate's callbacks: the dialog follows the reloaded plan, and once the
        // thread is planned again this button is gone before those callbacks would run.
        resume.mutateAsync(id).then(
          () => {
            toast.success("Thread wird fortgesetzt.");
            onDone();
          },
          (failure: Error) => onError(failure.message),
        )
      }
    >
      Fortsetzen
    </Button>
  );
}
