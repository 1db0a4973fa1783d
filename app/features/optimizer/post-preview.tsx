import type { LucideIcon } from "lucide-react";
import BarChart3 from "lucide-react/icons/chart-column";
import Heart from "lucide-react/icons/heart";
import MessageCircle from "lucide-react/icons/message-circle";
import Repeat2 from "lucide-react/icons/repeat-2";
import { useState } from "react";
import { cn } from "#app/lib/cn.ts";

// Spec section 9: the preview's fake numbers.
const PREVIEW_COUNTS = { replies: 8, reposts: 39, likes: 312, views: "3.4K" } as const;

// Hashtags, mentions and links get X's blue, as in the real timeline.
const ENTITY = /(#[\p{L}\p{N}_]+|@[A-Za-z0-9_]+|https?:\/\/\S+)/gu;

function PreviewText({ text }: { text: string }) {
  const parts = text.split(ENTITY);
  return (
    <p className="whitespace-pre-wrap break-words text-[15px] leading-6 text-slate-900">
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts have no identity beyond their position
          <span key={index} className="text-sky-600" data-entity={part.startsWith("#") ? "hashtag" : "other"}>
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </p>
  );
}

function PreviewCount({ icon: Icon, value, label }: { icon: LucideIcon; value: number | string; label: string }) {
  return (
    <span className="flex items-center gap-1" title={label}>
      <Icon className="size-4" aria-hidden />
      {value}
      <span className="sr-only">{label}</span>
    </span>
  );
}

function PreviewPost({ text, continues }: { text: string; continues: boolean }) {
  const [liked, setLiked] = useState(false);
  const likes = PREVIEW_COUNTS.likes + (liked ? 1 : 0);

  return (
    <article className={cn("flex gap-3", continues && "pb-4")}>
      <div className="flex shrink-0 flex-col items-center">
        <div
          aria-hidden
          className="flex size-10 items-center justify-center rounded-full bg-slate-900 text-sm font-bold text-white"
        >
          DU
        </div>
        {/* X joins the posts of a thread with a line from one avatar down to the next. */}
        {continues ? <div aria-hidden data-thread-line className="-mb-4 mt-1 w-0.5 flex-1 bg-slate-300" /> : null}
      </div>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-1 text-[15px]">
          <span className="font-bold">Dein Name</span>
          <span className="text-slate-500">@dein_profil · Jetzt</span>
        </p>
        {text.trim() ? (
          <PreviewText text={text} />
        ) : (
          <p className="text-[15px] text-slate-500">Hier erscheint dein Post, so wie ihn andere auf X sehen.</p>
        )}
        <div className="mt-3 flex max-w-sm justify-between text-sm text-slate-500">
          <PreviewCount icon={MessageCircle} value={PREVIEW_COUNTS.replies} label="Antworten" />
          <PreviewCount icon={Repeat2} value={PREVIEW_COUNTS.reposts} label="Reposts" />
          <button
            type="button"
            aria-pressed={liked}
            onClick={() => setLiked((current) => !current)}
            className={cn("flex items-center gap-1 rounded hover:text-pink-600", liked && "text-pink-600")}
          >
            <Heart className={cn("size-4", liked && "fill-current")} aria-hidden />
            <span data-testid="like-count">{likes}</span>
            <span className="sr-only">{liked ? "Gefällt mir nicht mehr" : "Gefällt mir"}</span>
          </button>
          <PreviewCount icon={BarChart3} value={PREVIEW_COUNTS.views} label="Aufrufe" />
        </div>
      </div>
    </article>
  );
}

/** One post, or a thread (ADR 0064) as X shows it: the posts under each other, avatars joined. */
export function PostPreview({ posts }: { posts: readonly string[] }) {
  const shown = posts.length > 0 ? posts : [""];
  return (
    <section aria-labelledby="preview-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="preview-heading" className="text-lg font-semibold">
        Vorschau
      </h2>
      <div className="mt-4 rounded-lg border border-slate-100 p-4">
        {shown.map((post, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a post's place in the thread is its identity
          <PreviewPost key={index} text={post} continues={index < shown.length - 1} />
        ))}
      </div>
    </section>
  );
}
