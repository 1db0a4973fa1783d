import { Attachment, Avatar, PreviewFrame, type PreviewProps, PreviewText } from "./preview-parts.tsx";

// A post (or a reply chain) as Meta's Threads shows it (ADR 0098): the user name in bold, no
// display name beside it, text with its line breaks, one image (the feed keeps its ratio; the
// preview shows it square) or, without an image, the first link as a card. A chain's posts hang
// on a line from one avatar to the next, as Threads draws a thread of one's own replies.
export function ThreadsPreview({ handle, posts, image }: PreviewProps) {
  const userName = handle.replace(/^@/, "");
  return (
    <PreviewFrame label={`Vorschau für Threads (${handle})`} className="p-3 text-[15px] text-slate-950">
      <ol className="grid grid-cols-1 gap-3">
        {posts.map((post, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a preview of posts in their order.
          <li key={index} className="flex gap-3" data-testid="threads-preview-post">
            <div className="flex flex-col items-center">
              <Avatar name={userName} />
              {index < posts.length - 1 ? <span aria-hidden className="mt-1 w-0.5 grow bg-slate-300" /> : null}
            </div>
            <div className="min-w-0 grow">
              <p className="truncate text-sm">
                <span className="font-semibold">{userName}</span> <span className="text-slate-500">jetzt</span>
              </p>
              <PreviewText text={post} className="leading-5" />
              <Attachment
                text={post}
                image={index === 0 ? image : null}
                network="threads"
                imageClassName="mt-2 max-w-80 rounded-lg"
              />
              <p aria-hidden className="mt-2 flex gap-4 text-xs text-slate-500">
                <span>♡</span>
                <span>Antworten</span>
                <span>Reposten</span>
                <span>Teilen</span>
              </p>
            </div>
          </li>
        ))}
      </ol>
    </PreviewFrame>
  );
}
