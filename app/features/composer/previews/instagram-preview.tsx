import { useState } from "react";
import { Avatar, PreviewFrame, PreviewImage, type PreviewProps } from "./preview-parts.tsx";

// A post as Instagram shows it in the feed (ADR 0097): the image first, cropped square; below it
// the account and the caption, cut after about 125 characters with "… mehr". Links in a caption
// are plain text on Instagram, so they are here too. Without an image Instagram shows nothing:
// the preview says so.

export const INSTAGRAM_FOLD_CHARACTERS = 125;

/** The caption before Instagram's cut (its first line at most), or null when all of it shows. */
export function instagramFold(text: string): string | null {
  const firstLine = text.split("\n")[0] ?? "";
  const shown =
    firstLine.length > INSTAGRAM_FOLD_CHARACTERS ? firstLine.slice(0, INSTAGRAM_FOLD_CHARACTERS) : firstLine;
  return shown.length < text.trimEnd().length ? shown.trimEnd() : null;
}

export function InstagramPreview({ name, handle, posts, image }: PreviewProps) {
  const [expanded, setExpanded] = useState(false);
  const text = posts[0] ?? "";
  const folded = expanded ? null : instagramFold(text);
  const user = handle.replace(/^@/, "");
  return (
    <PreviewFrame label={`Vorschau für Instagram (${handle})`} className="text-sm text-slate-900">
      <div className="flex items-center gap-2 p-2">
        <Avatar name={name} tone="slate" />
        <span className="font-semibold">{user}</span>
      </div>
      {image ? (
        <PreviewImage image={image} network="instagram" className="w-full border-x-0" />
      ) : (
        <p
          role="note"
          className="grid aspect-square place-items-center bg-slate-100 p-6 text-center text-sm text-slate-700"
        >
          Instagram veröffentlicht nur Beiträge mit Bild. Bitte fügen Sie ein Bild hinzu.
        </p>
      )}
      <p className="whitespace-pre-wrap break-words p-3">
        <span className="font-semibold">{user}</span> {folded ?? text}
        {folded !== null ? (
          <button type="button" className="ml-1 text-slate-600" onClick={() => setExpanded(true)}>
            … mehr
          </button>
        ) : null}
      </p>
    </PreviewFrame>
  );
}
