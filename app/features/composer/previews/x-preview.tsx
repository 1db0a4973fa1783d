import { Attachment, Avatar, PreviewFrame, type PreviewProps, PreviewText } from "./preview-parts.tsx";

// A post (or a thread) as X shows it in the timeline: name, handle, text with its line breaks,
// one image cropped to 16:9 with rounded corners, or the first link's card (ADR 0086).
export function XPreview({ name, handle, posts, image }: PreviewProps) {
  return (
    <PreviewFrame label={`Vorschau für X (${handle})`} className="p-3 font-[system-ui] text-[15px] text-slate-900">
      <ol className="grid grid-cols-1 gap-3">
        {posts.map((post, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a preview of posts in their order.
          <li key={index} className="flex gap-3" data-testid="x-preview-post">
            <div className="flex flex-col items-center">
              <Avatar name={name} />
              {index < posts.length - 1 ? <span aria-hidden className="mt-1 w-0.5 grow bg-slate-200" /> : null}
            </div>
            <div className="min-w-0 grow">
              <p className="truncate text-sm">
                <span className="font-bold">{name}</span> <span className="text-slate-600">{handle} · jetzt</span>
              </p>
              <PreviewText text={post} className="leading-5" />
              {index === 0 ? (
                <Attachment text={post} image={image} network="x" imageClassName="mt-2 rounded-2xl" />
              ) : (
                <Attachment text={post} image={null} network="x" />
              )}
            </div>
          </li>
        ))}
      </ol>
    </PreviewFrame>
  );
}
