import { ImageIcon } from "lucide-react";
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import { useTimeZone } from "#app/features/account/use-time-zone.ts";
import { NETWORKS } from "#shared/networks.ts";
import type { PublicationStatus } from "#shared/publishing-states.ts";
import { toWallTime } from "#shared/wall-time.ts";
import { formatDateTime } from "./plan-time.ts";
import type { Post } from "./use-publishing.ts";

const STATUS_TONES: Record<PublicationStatus, BadgeTone> = {
  planned: "indigo",
  sending: "indigo",
  sent: "emerald",
  failed: "red",
  unconfirmed: "amber",
  missed: "amber",
  cancelled: "slate",
  drafted: "slate",
};

/**
 * A post's time as the plan, the dialog and the notifications say it (ADR 0093): "Gesendet am …"
 * once it went out, "Geplant für …" before; without the day where the week's column says it.
 */
export function postTimeLabel(post: Pick<Post, "sentAt" | "scheduledAt">, zone: string, withDate = true): string {
  const at = (iso: string) => (withDate ? formatDateTime(iso, zone) : toWallTime(new Date(iso), zone).time);
  if (post.sentAt) return `${withDate ? "Gesendet am" : "Gesendet um"} ${at(post.sentAt)}`;
  return `Geplant für ${at(post.scheduledAt)}`;
}

export function StatusBadge({ post }: { post: Pick<Post, "status" | "statusLabel"> }) {
  return <Badge tone={STATUS_TONES[post.status]}>{post.statusLabel}</Badge>;
}

/** A post as a button of the week or the list: when, where, status and the start of the text. */
export function PostSummary({
  post,
  onOpen,
  showDate,
}: {
  post: Post;
  onOpen: (post: Post) => void;
  /** The list shows the day; the week's column already says it. */
  showDate: boolean;
}) {
  // A sent post says when it went out; the week still places and sorts it by its planned time.
  const when = post.sentAt ?? post.scheduledAt;
  const zone = useTimeZone();
  return (
    <button
      type="button"
      onClick={() => onOpen(post)}
      data-testid="planned-post"
      className="grid w-full gap-1.5 rounded-lg border border-slate-200 bg-white p-3 text-left text-sm shadow-sm transition-colors hover:border-indigo-300 hover:bg-indigo-50/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <time dateTime={when} className="font-semibold tabular-nums text-slate-900">
          {postTimeLabel(post, zone, showDate)}
        </time>
        <StatusBadge post={post} />
      </span>
      <span className="flex min-w-0 items-center gap-1 text-xs text-slate-600">
        <span className="truncate">
          {NETWORKS[post.network].label} · {post.accountHandle}
        </span>
        {post.imageUrl ? <ImageIcon className="size-3.5 shrink-0" aria-label="mit Bild" /> : null}
      </span>
      {post.thread ? (
        <span className="text-xs font-medium text-slate-700">
          Thread · {post.thread.total} Beiträge
          {post.thread.sent > 0 && post.thread.sent < post.thread.total ? ` · ${post.thread.progressLabel}` : null}
        </span>
      ) : null}
      <span className="line-clamp-3 break-words text-slate-800">{post.text}</span>
    </button>
  );
}
