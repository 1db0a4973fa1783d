import { Attachment, Avatar, PreviewFrame, type PreviewProps, PreviewText } from "./preview-parts.tsx";

// A post (or a thread) as Bluesky shows it: display name and handle, text with its line breaks,
// one image cropped to 4:3, or the first link as an external embed card (ADR 0086).
export function BlueskyPreview({ name, handle, posts, image }: PreviewProps) {
  return (
    <PreviewFrame label={`Vorschau für Bluesky (${handle})`} className="p-3 text-[15px] text-slate-900">
      <ol className="grid grid-cols-1 gap-3">
        {posts.map((post, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a preview of posts in their order.
          <li key={index} className="flex gap-3" data-testid="bluesky-preview-post">
            <div className="flex flex-col items-center">
              <Avatar name={name} tone="sky" />
              {index < posts.length - 1 ? <span aria-hidden className="mt-1 w-0.5 grow bg-slate-200" /> : null}
            </div>
            <div className="min-w-0 grow">
              <p className="truncate text-sm">
                <span className="font-semibold">{name}</span> <span className="text-slate-600">{handle} · jetzt</span>
              </p>
              <PreviewText text={post} className="leading-5" />
              <Attachment
                text={post}
                image={index === 0 ? image : null}
                network="bluesky"
                imageClassName="mt-2 rounded-lg"
              />
            </div>
          </li>
        ))}
      </ol>
    </PreviewFrame>
  );
}
