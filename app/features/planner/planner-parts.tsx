import ImageIcon from "lucide-react/icons/image";
import { type ComponentProps, type CSSProperties, memo, type ReactNode } from "react";
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import type { Post } from "#app/features/publishing/use-publishing.ts";
import { cn } from "#app/lib/cn.ts";
import { NETWORKS, type NetworkId } from "#shared/networks.ts";
import type { PublicationStatus } from "#shared/publishing-states.ts";
import { formatDateTime, formatDay, toWallTime } from "#shared/wall-time.ts";

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
 * once it went out, "Geplant für …" before; without the day where the calendar's column says it.
 */
export function postTimeLabel(post: Pick<Post, "sentAt" | "scheduledAt">, zone: string, withDate = true): string {
  const at = (iso: string) => (withDate ? formatDateTime(iso, zone) : toWallTime(new Date(iso), zone).time);
  if (post.sentAt) return `${withDate ? "Gesendet am" : "Gesendet um"} ${at(post.sentAt)}`;
  return `Geplant für ${at(post.scheduledAt)}`;
}

/** The card's left edge: the state at a glance, also where the card is too narrow for the badge. */
const STATUS_EDGES: Record<PublicationStatus, string> = {
  planned: "border-l-indigo-500",
  sending: "border-l-indigo-500",
  sent: "border-l-emerald-600",
  failed: "border-l-red-600",
  unconfirmed: "border-l-amber-500",
  missed: "border-l-amber-500",
  cancelled: "border-l-slate-400",
  drafted: "border-l-slate-400",
};

const NETWORK_MARKS: Record<NetworkId, { mark: string; className: string }> = {
  x: { mark: "X", className: "bg-slate-900 text-white" },
  linkedin: { mark: "in", className: "bg-sky-700 text-white" },
  bluesky: { mark: "B", className: "bg-sky-500 text-slate-950" },
  facebook: { mark: "f", className: "bg-blue-700 text-white" },
  instagram: { mark: "IG", className: "bg-pink-700 text-white" },
  threads: { mark: "@", className: "bg-black text-white" },
  mastodon: { mark: "M", className: "bg-violet-700 text-white" },
};

export function StatusBadge({
  post,
  size,
  className,
}: {
  post: Pick<Post, "status" | "statusLabel">;
  size?: "default" | "compact";
  className?: string;
}) {
  return (
    <Badge tone={STATUS_TONES[post.status]} size={size} className={className}>
      {post.statusLabel}
    </Badge>
  );
}

/** The network's mark; its name is read out, the mark itself is decoration. */
export function NetworkMark({ network }: { network: NetworkId }) {
  const { mark, className } = NETWORK_MARKS[network];
  return (
    <>
      <span
        aria-hidden
        className={cn(
          "inline-flex size-4 shrink-0 items-center justify-center rounded-sm text-[0.6rem] font-bold leading-none",
          className,
        )}
      >
        {mark}
      </span>
      <span className="sr-only">{NETWORKS[network].label} · </span>
    </>
  );
}

/** A link, or a run of 24 or more letters without a space: no word of a normal sentence is that long. */
const UNBREAKABLE_PATTERN = /(https?:\/\/\S+|\S{24,})/gu;

/**
 * A post's text for a card: words wrap only between words; only a link or a run of letters longer
 * than any normal word, which have no place to wrap, may break anywhere (ADR 0089).
 */
export function CardText({ text, className }: { text: string; className?: string }) {
  const parts = text.split(UNBREAKABLE_PATTERN);
  return (
    <span className={cn("line-clamp-2 break-normal", className)}>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <span key={index} className="[overflow-wrap:anywhere]">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </span>
  );
}

export type CardDensity = "week" | "month" | "list";

/** Everything a card says, for its tooltip: what the clamp and the ellipsis cut off. */
export function cardTitle(post: Post, zone: string): string {
  return `${postTimeLabel(post, zone)} · ${post.statusLabel} · ${NETWORKS[post.network].label} ${post.accountHandle}\n${post.text.slice(0, 280)}`;
}

/**
 * A post in the calendar: network, handle, time, state and the start of its text. It never grows
 * past its box: the handle ends in an ellipsis, the text in a clamp of two lines, and the tooltip
 * says all. `density` fits it to a week's hour, a month's day or the list.
 */
export const PostCard = memo(function PostCard({
  post,
  zone,
  density,
  onOpen,
  dragging = false,
  className,
  style,
  buttonRef,
  buttonProps,
}: {
  post: Post;
  zone: string;
  density: CardDensity;
  onOpen: (post: Post) => void;
  dragging?: boolean;
  className?: string;
  style?: CSSProperties;
  buttonRef?: (element: HTMLElement | null) => void;
  /** The drag handle's attributes and listeners (calendar-dnd.tsx). */
  buttonProps?: ComponentProps<"button">;
}) {
  // A sent post says when it went out; the calendar still places it at its planned time.
  const when = post.sentAt ?? post.scheduledAt;
  const { time } = toWallTime(new Date(when), zone);
  const thread = post.thread;
  return (
    <button
      type="button"
      ref={buttonRef}
      {...buttonProps}
      onClick={(event) => {
        // A card sits on a day or a slot that composes on click.
        event.stopPropagation();
        onOpen(post);
      }}
      title={cardTitle(post, zone)}
      data-testid="planned-post"
      data-post-id={post.id}
      style={style}
      className={cn(
        "@container flex min-w-0 flex-col overflow-hidden rounded-md border border-l-4 border-slate-200 bg-white text-left text-slate-800 shadow-sm transition-colors hover:bg-indigo-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500",
        STATUS_EDGES[post.status],
        density === "list" ? "gap-1.5 p-3 text-sm" : "gap-0.5 px-1.5 py-1 text-xs",
        dragging && "opacity-40",
        className,
      )}
    >
      <span className="flex min-w-0 items-center gap-1">
        <time dateTime={when} className="shrink-0 font-semibold tabular-nums text-slate-900">
          {density === "list" ? postTimeLabel(post, zone) : time}
        </time>
        <span className={cn("min-w-0", density === "list" ? "flex" : "hidden @[9.5rem]:flex")}>
          <StatusBadge post={post} size="compact" className="min-w-0 truncate" />
        </span>
        {density === "list" ? null : <span className="sr-only @[9.5rem]:hidden">{post.statusLabel}</span>}
        {post.imageUrl ? <ImageIcon className="size-3.5 shrink-0 text-slate-600" aria-label="mit Bild" /> : null}
      </span>
      <span className="flex min-w-0 items-center gap-1 text-slate-600">
        <NetworkMark network={post.network} />
        <span className="min-w-0 truncate">{post.accountHandle}</span>
      </span>
      {thread && density === "list" ? (
        <span className="text-xs font-medium text-slate-700">
          Thread · {thread.total} Beiträge
          {thread.sent > 0 && thread.sent < thread.total ? ` · ${thread.progressLabel}` : null}
        </span>
      ) : null}
      {density === "list" ? (
        <CardText text={post.text} className="text-slate-800" />
      ) : (
        // A card narrower than a word shows its time and account; the tooltip and the dialog the text.
        // 5rem of content: a phone's day column (about 108 px) keeps its text, two cards side by side do not.
        <span className="hidden min-w-0 @[5rem]:block">
          <CardText text={post.text} className="text-slate-700" />
        </span>
      )}
    </button>
  );
});

/** The name of a day as the calendar says it: "Montag, 07.12.2026". */
export function dayName(day: string): string {
  return `${WEEKDAY_NAMES[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]}, ${formatDay(day)}`;
}

export const WEEKDAY_NAMES = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"] as const;
export const WEEKDAY_SHORT = ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"] as const;
export const MONTH_NAMES = [
  "Januar",
  "Februar",
  "März",
  "April",
  "Mai",
  "Juni",
  "Juli",
  "August",
  "September",
  "Oktober",
  "November",
  "Dezember",
] as const;

export function EmptyPlan({ children }: { children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <p className="text-slate-700">
        {children ??
          "Keine Beiträge in diesem Zeitraum. Planen Sie einen mit „Neuer Beitrag“ oder aus dem Generator und dem Archiv."}
      </p>
    </div>
  );
}
