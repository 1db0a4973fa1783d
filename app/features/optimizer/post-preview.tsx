import { BarChart3, Heart, MessageCircle, Repeat2 } from "lucide-react";
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

export function PostPreview({ text }: { text: string }) {
  const [liked, setLiked] = useState(false);
  const likes = PREVIEW_COUNTS.likes + (liked ? 1 : 0);

  return (
    <section aria-labelledby="preview-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="preview-heading" className="text-lg font-semibold">
        Vorschau
      </h2>
      <article className="mt-4 flex gap-3 rounded-lg border border-slate-100 p-4">
        <div
          aria-hidden
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-900 text-sm font-bold text-white"
        >
          DU
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
            <span className="flex items-center gap-1" title="Antworten">
              <MessageCircle className="size-4" aria-hidden />
              {PREVIEW_COUNTS.replies}
              <span className="sr-only">Antworten</span>
            </span>
            <span className="flex items-center gap-1" title="Reposts">
              <Repeat2 className="size-4" aria-hidden />
              {PREVIEW_COUNTS.reposts}
              <span className="sr-only">Reposts</span>
            </span>
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
            <span className="flex items-center gap-1" title="Aufrufe">
              <BarChart3 className="size-4" aria-hidden />
              {PREVIEW_COUNTS.views}
              <span className="sr-only">Aufrufe</span>
            </span>
          </div>
        </div>
      </article>
    </section>
  );
}
