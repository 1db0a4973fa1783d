// LinkedIn's /rest/posts reads `commentary` in its "little" text format, where
// \ | { } @ [ ] ( ) < > # * _ ~ are markup: unescaped, LinkedIn cuts the post at the first of them
// and still answers 201. Links and #hashtags stay as they are, so they still link (ADR 0060).

const VERBATIM = /https?:\/\/\S+|#[\p{L}\p{N}_]+/gu;
const RESERVED = /[\\|{}@[\]()<>#*_~]/g;

export function toLittleText(text: string): string {
  let result = "";
  let last = 0;
  for (const match of text.matchAll(VERBATIM)) {
    result += escapeReserved(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return result + escapeReserved(text.slice(last));
}

const escapeReserved = (plain: string) => plain.replace(RESERVED, (char) => `\\${char}`);
