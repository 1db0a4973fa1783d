import { type ChangeEvent, useLayoutEffect, useRef } from "react";
import { cn } from "#app/lib/cn.ts";
import { type EditorMark, type EditorMarkKind, splitIntoSegments } from "./highlight-segments.ts";

const MARK_CLASSES: Record<EditorMarkKind, string> = {
  longSentence: "bg-amber-100",
  extraHashtag: "bg-red-200",
  extraMention: "bg-red-200",
  extraExclamation: "bg-red-200",
  doubleWeight: "bg-violet-200",
  spelling: "underline decoration-red-600 decoration-wavy decoration-2 underline-offset-4",
};

// Both layers must lay out text identically, so they share every typographic class, and both
// keep room for the scrollbar a long text (a thread) gives the textarea.
const TEXT_LAYOUT =
  "min-h-48 w-full whitespace-pre-wrap break-words rounded-lg border px-4 py-3 font-sans text-base leading-7 [scrollbar-gutter:stable]";

// A textarea over a mirror of its own text: the mirror draws the marks (failed criteria,
// characters X counts double, spelling) exactly under the characters they concern.
export function PostEditor({
  value,
  onChange,
  marks,
  describedBy,
  placeholder = "Schreib hier deinen Post für X …",
  rows = 7,
}: {
  value: string;
  onChange: (value: string) => void;
  marks: EditorMark[];
  describedBy?: string;
  placeholder?: string;
  rows?: number;
}) {
  const mirrorRef = useRef<HTMLDivElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const segments = splitIntoSegments(value, marks);
  // A new text (automatic split, an AI suggestion taken over) can move the textarea's scroll
  // position without a scroll event.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each new text on purpose
  useLayoutEffect(() => {
    if (mirrorRef.current && textareaRef.current) mirrorRef.current.scrollTop = textareaRef.current.scrollTop;
  }, [value]);

  return (
    <div className="relative">
      <div
        ref={mirrorRef}
        aria-hidden
        className={cn(
          TEXT_LAYOUT,
          "pointer-events-none absolute inset-0 overflow-hidden border-transparent text-transparent",
        )}
      >
        {segments.map((segment, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity beyond their position
            key={index}
            className={cn(
              "rounded-sm",
              segment.kinds.map((kind) => MARK_CLASSES[kind]),
            )}
          >
            {segment.text}
          </span>
        ))}
        {/* A trailing newline needs one more line in the mirror, as the textarea shows it. */}
        {value.endsWith("\n") ? " " : null}
      </div>
      <textarea
        ref={textareaRef}
        id="post-text"
        value={value}
        onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value)}
        onScroll={(event) => {
          if (mirrorRef.current) mirrorRef.current.scrollTop = event.currentTarget.scrollTop;
        }}
        rows={rows}
        spellCheck={false}
        placeholder={placeholder}
        aria-describedby={describedBy}
        className={cn(
          TEXT_LAYOUT,
          "relative block resize-y border-slate-300 bg-transparent text-slate-900 caret-slate-900 placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500",
        )}
      />
    </div>
  );
}
