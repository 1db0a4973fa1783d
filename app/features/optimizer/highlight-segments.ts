import type { PostHighlightKind } from "#shared/post-metrics.ts";

export type EditorMarkKind = PostHighlightKind | "spelling";
export type EditorMark = { start: number; end: number; kind: EditorMarkKind };
type TextSegment = { text: string; kinds: EditorMarkKind[] };

// Cuts the text at every mark boundary so overlapping marks (a long sentence containing
// an extra hashtag, say) can be drawn together on the same characters.
export function splitIntoSegments(text: string, marks: EditorMark[]): TextSegment[] {
  const boundaries = new Set([0, text.length]);
  for (const mark of marks) {
    boundaries.add(Math.max(0, Math.min(text.length, mark.start)));
    boundaries.add(Math.max(0, Math.min(text.length, mark.end)));
  }
  const points = [...boundaries].sort((a, b) => a - b);
  const segments: TextSegment[] = [];
  for (let index = 0; index < points.length - 1; index++) {
    const start = points[index] as number;
    const end = points[index + 1] as number;
    if (start === end) continue;
    const kinds = marks.filter((mark) => mark.start <= start && mark.end >= end).map((mark) => mark.kind);
    segments.push({ text: text.slice(start, end), kinds });
  }
  return segments;
}
