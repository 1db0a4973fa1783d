import { useState } from "react";
import { Attachment, Avatar, PreviewFrame, type PreviewProps, PreviewText } from "./preview-parts.tsx";

// A post (or a thread) as Mastodon shows it (ADR 0095): display name and the full handle
// @user@instance, text with its line breaks, one image in 16:9, or the first link as a preview card.
// A thread is a chain of replies, each under the one before. With a content warning each post
// shows only the warning and "Mehr anzeigen", as Mastodon does, until it is opened.
export function MastodonPreview({ name, handle, posts, image, contentWarning }: PreviewProps) {
  const [opened, setOpened] = useState(false);
  const folded = Boolean(contentWarning) && !opened;
  return (
    <PreviewFrame label={`Vorschau für Mastodon (${handle})`} className="p-3 text-[15px] text-slate-900">
      <ol className="grid grid-cols-1 gap-3">
        {posts.map((post, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a preview of posts in their order.
          <li key={index} className="flex gap-3" data-testid="mastodon-preview-post">
            <div className="flex flex-col items-center">
              <Avatar name={name} tone="violet" />
              {index < posts.length - 1 ? <span aria-hidden className="mt-1 w-0.5 grow bg-slate-200" /> : null}
            </div>
            <div className="min-w-0 grow">
              <p className="flex min-w-0 flex-col text-sm leading-5">
                <span className="truncate font-semibold">{name}</span>
                <span className="truncate text-slate-600">{handle}</span>
              </p>
              {contentWarning ? (
                <div className="mt-1 flex flex-wrap items-baseline gap-x-2" data-testid="mastodon-content-warning">
                  <PreviewText text={contentWarning} className="leading-5" />
                  <button
                    type="button"
                    className="rounded bg-slate-100 px-2 text-xs font-medium text-slate-700 hover:bg-slate-200"
                    aria-expanded={!folded}
                    onClick={() => setOpened(!opened)}
                  >
                    {folded ? "Mehr anzeigen" : "Weniger anzeigen"}
                  </button>
                </div>
              ) : null}
              {folded ? null : (
                <>
                  <PreviewText text={post} className="mt-1 leading-5" />
                  <Attachment
                    text={post}
                    image={index === 0 ? image : null}
                    network="mastodon"
                    imageClassName="mt-2 rounded-lg"
                  />
                </>
              )}
            </div>
          </li>
        ))}
      </ol>
    </PreviewFrame>
  );
}
