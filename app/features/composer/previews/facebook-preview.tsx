import { useState } from "react";
import { Attachment, Avatar, PreviewFrame, type PreviewProps, PreviewText } from "./preview-parts.tsx";

// A post as a Facebook page shows it in the feed (ADR 0096): a long text folded after about
// five lines or 480 characters with "Mehr anzeigen", then the image at full width or the first
// link's card.

export const FACEBOOK_FOLD_LINES = 5;
export const FACEBOOK_FOLD_CHARACTERS = 480;

/** The text before Facebook's fold, or null when the whole text shows. */
export function facebookFold(text: string): string | null {
  let shown = text.split("\n").slice(0, FACEBOOK_FOLD_LINES).join("\n");
  if (shown.length > FACEBOOK_FOLD_CHARACTERS) {
    shown = shown.slice(0, FACEBOOK_FOLD_CHARACTERS);
    const lastSpace = shown.search(/\s\S*$/);
    if (lastSpace > FACEBOOK_FOLD_CHARACTERS / 2) shown = shown.slice(0, lastSpace);
  }
  return shown.length < text.trimEnd().length ? shown.trimEnd() : null;
}

export function FacebookPreview({ name, handle, posts, image }: PreviewProps) {
  const [expanded, setExpanded] = useState(false);
  const text = posts[0] ?? "";
  const folded = expanded ? null : facebookFold(text);
  return (
    <PreviewFrame label={`Vorschau für Facebook (${handle})`} className="text-sm text-slate-900">
      <div className="flex gap-2 p-3 pb-2">
        <Avatar name={name} tone="blue" />
        <p className="grid text-xs text-slate-600">
          <span className="text-sm font-semibold text-slate-900">{name}</span>
          <span>Gerade eben · 🌐</span>
        </p>
      </div>
      <div className="px-3 pb-2">
        {folded === null ? (
          <PreviewText text={text} />
        ) : (
          <p className="whitespace-pre-wrap break-words">
            {folded}…{" "}
            <button type="button" className="font-semibold hover:underline" onClick={() => setExpanded(true)}>
              Mehr anzeigen
            </button>
          </p>
        )}
      </div>
      <div className="px-0 pb-0 [&>[data-testid=link-card]]:mx-3 [&>[data-testid=link-card]]:mb-3">
        <Attachment text={text} image={image} network="facebook" imageClassName="w-full border-x-0" />
      </div>
    </PreviewFrame>
  );
}
