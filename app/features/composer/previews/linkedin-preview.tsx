import { useState } from "react";
import { Attachment, Avatar, PreviewFrame, type PreviewProps, PreviewText } from "./preview-parts.tsx";

// A post as LinkedIn shows it in the feed (ADR 0086): the text folded after three lines or about
// 210 characters with "… mehr anzeigen", the image across the full width at 1.91:1, or the first
// link's card. What stands before the fold is what most readers see.

export const LINKEDIN_FOLD_LINES = 3;
export const LINKEDIN_FOLD_CHARACTERS = 210;

/** The text before LinkedIn's fold, or null when the whole text shows. */
export function linkedInFold(text: string): string | null {
  const lines = text.split("\n");
  let shown = lines.slice(0, LINKEDIN_FOLD_LINES).join("\n");
  if (shown.length > LINKEDIN_FOLD_CHARACTERS) {
    shown = shown.slice(0, LINKEDIN_FOLD_CHARACTERS);
    // LinkedIn cuts between words.
    const lastSpace = shown.search(/\s\S*$/);
    if (lastSpace > LINKEDIN_FOLD_CHARACTERS / 2) shown = shown.slice(0, lastSpace);
  }
  return shown.length < text.trimEnd().length ? shown.trimEnd() : null;
}

export function LinkedInPreview({ name, handle, posts, image }: PreviewProps) {
  const [expanded, setExpanded] = useState(false);
  const text = posts[0] ?? "";
  const folded = expanded ? null : linkedInFold(text);
  return (
    <PreviewFrame label={`Vorschau für LinkedIn (${handle})`} className="text-sm text-slate-900">
      <div className="flex gap-2 p-3 pb-2">
        <Avatar name={name} tone="blue" large />
        <p className="grid text-xs text-slate-600">
          <span className="text-sm font-semibold text-slate-900">{name}</span>
          <span>{handle}</span>
          <span>Jetzt · 🌐</span>
        </p>
      </div>
      <div className="px-3 pb-2">
        {folded === null ? (
          <PreviewText text={text} />
        ) : (
          <p className="whitespace-pre-wrap break-words">
            {folded}
            <button
              type="button"
              className="ml-1 text-slate-600 hover:text-blue-800 hover:underline"
              onClick={() => setExpanded(true)}
            >
              … mehr anzeigen
            </button>
          </p>
        )}
      </div>
      <Attachment text={text} image={image} network="linkedin" imageClassName="w-full" />
    </PreviewFrame>
  );
}
