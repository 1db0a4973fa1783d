import { describe, expect, it } from "vitest";
import { splitIntoSegments } from "./highlight-segments.ts";

describe("splitIntoSegments", () => {
  it("returns the whole text as one unmarked segment without marks", () => {
    expect(splitIntoSegments("Hallo Welt", [])).toEqual([{ text: "Hallo Welt", kinds: [] }]);
  });

  it("marks overlapping ranges on the characters they share", () => {
    const segments = splitIntoSegments("ab #c #d", [
      { start: 0, end: 8, kind: "longSentence" },
      { start: 6, end: 8, kind: "extraHashtag" },
    ]);
    expect(segments).toEqual([
      { text: "ab #c ", kinds: ["longSentence"] },
      { text: "#d", kinds: ["longSentence", "extraHashtag"] },
    ]);
  });

  it("keeps marks inside the text when a range reaches past its end", () => {
    expect(splitIntoSegments("abc", [{ start: 1, end: 10, kind: "spelling" }])).toEqual([
      { text: "a", kinds: [] },
      { text: "bc", kinds: ["spelling"] },
    ]);
  });
});
