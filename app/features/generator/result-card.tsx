import Check from "lucide-react/icons/check";
import Copy from "lucide-react/icons/copy";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { PublishButton } from "#app/features/composer/publish-button.tsx";
import { useCopyToClipboard } from "#app/lib/use-copy-to-clipboard.ts";
import { AI_GENERATED_LABEL, GENERATOR_MESSAGES, networkOfPlatform, type Platform } from "#shared/generator.ts";
import { POST_SCORE_MAX } from "#shared/optimizer.ts";
import { GENERATOR_COPY_TOASTS } from "./generator-constants.ts";
import { ShareButtons } from "./share-buttons.tsx";
import { OpenInOptimizerButton, ThreadPosts } from "./thread-posts.tsx";

// The optimizer's score for an X post. The metrics module (with the link recognition) is loaded only
// when an X result is shown, so the generator page stays light otherwise.
type Score = { value: number };

function useOptimizerScore(text: string, enabled: boolean): Score | null {
  const [score, setScore] = useState<Score | null>(null);
  useEffect(() => {
    if (!enabled || !text) return;
    let cancelled = false;
    void import("#shared/post-metrics.ts").then(({ evaluatePost }) => {
      if (!cancelled) setScore({ value: evaluatePost(text).score });
    });
    return () => {
      cancelled = true;
    };
  }, [text, enabled]);
  return enabled ? score : null;
}

// One suggestion (spec section 2 "/erstellen"): the text, copy and share. While the run
// streams, `text` grows and `complete` is false. A thread (ADR 0065) shows its posts numbered;
// `text` is then the whole thread as copy and the e-mail take it, X opens with its first post.
export function ResultCard({
  index,
  text,
  thread,
  platform,
  demo,
  complete,
  archiveId,
  imageUrl,
}: {
  index: number;
  text: string;
  thread?: string[];
  platform: Platform;
  demo: boolean;
  complete: boolean;
  /** The archived run, known once it is done: "Veröffentlichen" sends its image along. */
  archiveId?: string;
  imageUrl?: string | null;
}) {
  const { copied, copy } = useCopyToClipboard();
  const isX = platform === "twitter";
  const score = useOptimizerScore(text, isX && complete && !thread);
  const headingId = `result-${index}-heading`;

  async function copyText() {
    if (await copy(text))
      toast.success(GENERATOR_COPY_TOASTS.copiedTitle, { description: GENERATOR_COPY_TOASTS.copied });
    else toast.error(GENERATOR_COPY_TOASTS.failedTitle, { description: GENERATOR_COPY_TOASTS.failed });
  }

  return (
    <article
      aria-labelledby={headingId}
      aria-busy={!complete}
      data-testid="result-card"
      className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-slate-900">
          Vorschlag {index + 1}
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          {/* ADR 0025: the label sits beside the text; copy and share below send the text alone.
              The demo composer is no AI, so its cards say "Demo-Modus" instead. */}
          {thread && complete ? <Badge tone="indigo">{`Thread · ${thread.length} Beiträge`}</Badge> : null}
          {demo ? (
            <Badge tone="amber">{GENERATOR_MESSAGES.demoMode}</Badge>
          ) : (
            <Badge tone="slate" data-testid="ai-label">
              {AI_GENERATED_LABEL}
            </Badge>
          )}
          {isX && score !== null ? (
            <Badge
              aria-label={`Optimizer-Punktzahl ${score.value} von ${POST_SCORE_MAX}`}
              tone={score.value >= POST_SCORE_MAX - 1 ? "emerald" : "indigo"}
            >
              Score {score.value}/{POST_SCORE_MAX}
            </Badge>
          ) : null}
        </div>
      </div>
      {thread && thread.length > 0 ? (
        <ThreadPosts posts={thread} className="mt-3 grid flex-1 content-start gap-3" />
      ) : text ? (
        <p className="mt-3 flex-1 whitespace-pre-wrap break-words text-slate-800" data-testid="result-text">
          {text}
          {complete ? null : (
            <span className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-indigo-500 align-middle" aria-hidden />
          )}
        </p>
      ) : (
        <div className="mt-3 grid flex-1 gap-2" aria-hidden>
          <div className="h-3 w-11/12 animate-pulse rounded bg-slate-200" />
          <div className="h-3 w-10/12 animate-pulse rounded bg-slate-200" />
          <div className="h-3 w-7/12 animate-pulse rounded bg-slate-200" />
        </div>
      )}
      {complete ? (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
          <Button size="sm" onClick={copyText}>
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? "Kopiert" : "Kopieren"}
          </Button>
          <ShareButtons text={text} thread={thread} name={`Vorschlag ${index + 1}`} />
          {/* A thread is published by the publishing feature's own path, not as one post. */}
          {archiveId && !thread ? (
            <PublishButton
              text={text}
              archiveEntryId={archiveId}
              imageUrl={imageUrl}
              preferredNetwork={networkOfPlatform(platform)}
              buttonProps={{ "aria-label": `Vorschlag ${index + 1} veröffentlichen` }}
            />
          ) : null}
          {isX ? <OpenInOptimizerButton state={thread ? { thread } : { text }} /> : null}
        </div>
      ) : null}
    </article>
  );
}
