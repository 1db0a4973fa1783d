import Check from "lucide-react/icons/check";
import Copy from "lucide-react/icons/copy";
import ExternalLink from "lucide-react/icons/external-link";
import Info from "lucide-react/icons/info";
import Trash2 from "lucide-react/icons/trash";
import { useState } from "react";
import { toast } from "sonner";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { useTimeZone } from "#app/features/account/use-time-zone.ts";
import { PublishButton } from "#app/features/composer/publish-button.tsx";
import { LanguageFlag } from "#app/features/generator/language-flag.tsx";
import { ShareButtons } from "#app/features/generator/share-buttons.tsx";
import { OpenInOptimizerButton, ThreadPosts } from "#app/features/generator/thread-posts.tsx";
import { PostMetrics } from "#app/features/metrics/post-metrics.tsx";
import { formatDateTime } from "#app/lib/format.ts";
import { useCopyToClipboard } from "#app/lib/use-copy-to-clipboard.ts";
import { ARCHIVE_MESSAGES, ARCHIVE_PUBLISHING_LABELS, describeArchiveProvenance } from "#shared/archive.ts";
import {
  GENERATOR_MESSAGES,
  isTone,
  joinThread,
  LANGUAGE_LABELS,
  LANGUAGES,
  type Language,
  networkOfPlatform,
  PLATFORM_LABELS,
  PLATFORMS,
  type Platform,
  TONE_LABELS,
} from "#shared/generator.ts";
import { NETWORKS } from "#shared/networks.ts";
import { formatDateTime as formatInZone } from "#shared/wall-time.ts";
import type { ArchiveEntry } from "./use-archive.ts";

const isPlatform = (value: string): value is Platform => (PLATFORMS as readonly string[]).includes(value);
const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** One suggestion of the entry: a post, or (ADR 0065) a thread with its posts numbered. */
function ArchivedPost({
  text,
  thread,
  index,
  entry,
}: {
  text: string;
  thread: string[] | null;
  index: number;
  entry: ArchiveEntry;
}) {
  const { copied, copy } = useCopyToClipboard();
  const name = thread ? `Thread ${index + 1}` : `Beitrag ${index + 1}`;
  async function copyText() {
    if (await copy(thread ? joinThread(thread) : text)) toast.success(ARCHIVE_MESSAGES.copied);
    else toast.error(ARCHIVE_MESSAGES.copyFailed);
  }
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-start"
      data-testid={thread ? "archive-thread" : undefined}
    >
      {thread ? (
        <ThreadPosts posts={thread} className="grid min-w-0 flex-1 gap-2" />
      ) : (
        <p className="min-w-0 flex-1 whitespace-pre-wrap break-words text-sm text-slate-800">{text}</p>
      )}
      <div className="flex flex-wrap gap-2 self-start">
        <Button size="sm" variant="outline" onClick={copyText} aria-label={`${name} kopieren`}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? "Kopiert" : "Kopieren"}
        </Button>
        <ShareButtons text={thread ? joinThread(thread) : text} thread={thread} name={name} />
        {/* Publishing a thread is the publishing feature's; the optimizer's thread mode takes it whole. */}
        {thread ? null : (
          <PublishButton
            text={text}
            archiveEntryId={entry.id}
            imageUrl={entry.imageUrl}
            preferredNetwork={networkOfPlatform(entry.platform)}
            buttonProps={{ "aria-label": `${name} veröffentlichen` }}
          />
        )}
        {/* ADR 0101: every archived post or thread can be worked on in the optimizer. */}
        <OpenInOptimizerButton state={thread ? { thread } : { text }} label={`${name} im Optimizer öffnen`} />
      </div>
    </li>
  );
}

const WEBSITE_DISPLAY_MAX = 40;

/** "example.de/sommer/…": the address without scheme and "www.", cut to stay on one line. */
function shortWebsite(url: string): string {
  let shown = url;
  try {
    const parsed = new URL(url);
    shown = `${parsed.host.replace(/^www\./, "")}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch {
    // Stored as the user typed it; shown the same way.
  }
  return shown.length > WEBSITE_DISPLAY_MAX ? `${shown.slice(0, WEBSITE_DISPLAY_MAX - 1)}…` : shown;
}

// One archived run (spec section 2 "Archive screen"): when, for where, what was asked (with the
// image and the website), the three posts or threads, and delete with a confirmation.
export function ArchiveEntryCard({
  entry,
  onDelete,
  deleting,
}: {
  entry: ArchiveEntry;
  onDelete: (id: string) => Promise<boolean>;
  deleting: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const headingId = `entry-${entry.id}`;

  return (
    <article
      aria-labelledby={headingId}
      data-testid="archive-entry"
      // min-w-0: a grid item would otherwise widen to its longest unbroken line (a long website).
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          </h2>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            <Badge>{isPlatform(entry.platform) ? PLATFORM_LABELS[entry.platform] : entry.platform}</Badge>
            <Badge tone="slate">{isTone(entry.tone) ? TONE_LABELS[entry.tone] : entry.tone}</Badge>
            <Badge tone="slate">
              {isLanguage(entry.language) ? (
                <>
                  <LanguageFlag language={entry.language} />
                  {LANGUAGE_LABELS[entry.language]}
                </>
              ) : (
                entry.language
              )}
            </Badge>
            {entry.demo ? <Badge tone="amber">{GENERATOR_MESSAGES.demoMode}</Badge> : null}
            {/* ADR 0101: a post of this entry was planned or has gone out. */}
            {entry.publishing ? (
              <Badge tone={entry.publishing === "sent" ? "emerald" : "amber"} data-testid="archive-publishing">
                {ARCHIVE_PUBLISHING_LABELS[entry.publishing]}
              </Badge>
            ) : null}
          </div>
          {/* ADR 0025 (EU AI Act Art. 50): how the entry came about, beside the posts, never in them. */}
          <p className="mt-2 flex items-center gap-1.5 text-xs text-slate-600" data-testid="archive-provenance">
            <Info className="size-3.5 shrink-0" aria-hidden />
            {describeArchiveProvenance(entry)}
          </p>
        </div>
        <Button variant="destructiveGhost" size="sm" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden />
          Löschen
        </Button>
      </div>
      <div className="mt-4 flex gap-4">
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-medium text-slate-600">Stichwörter</h3>
          <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{entry.keyPoints}</p>
          {entry.website ? (
            <p className="mt-1 flex min-w-0 items-center gap-1 text-sm text-slate-600">
              Website:
              <a
                href={entry.website}
                target="_blank"
                rel="noopener noreferrer nofollow"
                title={entry.website}
                className="inline-flex min-w-0 items-center gap-1 text-indigo-700 underline-offset-2 hover:underline"
                data-testid="archive-website"
              >
                <span className="min-w-0 truncate">{shortWebsite(entry.website)}</span>
                <ExternalLink className="size-3.5 shrink-0" aria-hidden />
              </a>
            </p>
          ) : null}
        </div>
        {entry.imageUrl ? (
          // The uploaded image as the generator stored it (served from /uploads, ADR 0013, 0027);
          // fixed size, so the card keeps its height while it loads.
          <img
            src={entry.imageUrl}
            alt="Ihr Bild zu dieser Generierung"
            loading="lazy"
            decoding="async"
            width={96}
            height={96}
            className="size-20 shrink-0 rounded-lg border border-slate-200 bg-slate-100 object-cover sm:size-24"
            data-testid="archive-image"
          />
        ) : null}
      </div>
      <ul className="mt-4 grid gap-3">
        {entry.posts.map((post, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: posts of an entry never change order.
          <ArchivedPost key={index} text={post} thread={entry.threads?.[index] ?? null} index={index} entry={entry} />
        ))}
      </ul>
      {entry.sent.length > 0 ? <SentFigures sent={entry.sent} /> : null}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Eintrag löschen?"
        description={`Der Eintrag vom ${formatDateTime(entry.createdAt)} mit allen Beiträgen wird endgültig gelöscht.`}
        confirmLabel="Endgültig löschen"
        pending={deleting}
        onConfirm={async () => {
          if (await onDelete(entry.id)) setConfirming(false);
        }}
      />
    </article>
  );
}

/** ADR 0106: the latest figures of each post that went out from this run, as the plan shows them. */
function SentFigures({ sent }: { sent: ArchiveEntry["sent"] }) {
  const zone = useTimeZone();
  return (
    <div className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="archive-figures">
      {sent.map((post) => (
        <PostMetrics
          key={post.id}
          publicationId={post.id}
          network={post.network}
          sent
          timeZone={zone}
          title={`${NETWORKS[post.network].label} · ${post.accountHandle} · gesendet ${formatInZone(post.sentAt, zone)}`}
        />
      ))}
    </div>
  );
}
