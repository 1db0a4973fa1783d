import { Parser } from "htmlparser2";

// Title, description and readable text of an HTML page (ADR 0013). htmlparser2's streaming
// tokenizer, no DOM: a 1 MB page is parsed in a few milliseconds and nothing is executed.

export type HtmlSummary = { title: string; description: string; text: string };

/** More text than the prompt ever takes, so the cut happens at one place (generator-prompts.ts). */
const TEXT_MAX_CHARS = 20_000;

// Never content: code, styling, navigation chrome and forms.
const SKIPPED = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "math",
  "iframe",
  "object",
  "canvas",
  "nav",
  "header",
  "footer",
  "aside",
  "form",
  "button",
  "select",
  "head",
]);
// Elements whose text ends a line, so words of neighbouring blocks do not run together.
const BLOCKS = new Set([
  "p",
  "div",
  "section",
  "article",
  "main",
  "li",
  "ul",
  "ol",
  "br",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "tr",
  "td",
  "th",
  "blockquote",
  "pre",
  "figcaption",
  "dd",
  "dt",
]);
const MAIN = new Set(["main", "article"]);
// Void elements never get a close event that balances the skip depth.
const VOID = new Set(["br", "img", "meta", "link", "input", "hr", "source", "wbr", "area", "base", "col", "embed"]);

export function summarizeHtml(html: string): HtmlSummary {
  let title = "";
  let ogTitle = "";
  let description = "";
  let ogDescription = "";
  let inTitle = false;
  let skipDepth = 0;
  let mainDepth = 0;
  const bodyText: string[] = [];
  const mainText: string[] = [];

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "title") inTitle = true;
        if (name === "meta") {
          const key = (attributes.name ?? attributes.property ?? "").toLowerCase();
          const content = attributes.content ?? "";
          if (key === "description" && !description) description = content;
          if (key === "og:description" && !ogDescription) ogDescription = content;
          if (key === "og:title" && !ogTitle) ogTitle = content;
        }
        if (VOID.has(name)) {
          if (name === "br") push("\n");
          return;
        }
        if (SKIPPED.has(name)) skipDepth++;
        if (MAIN.has(name)) mainDepth++;
        if (BLOCKS.has(name)) push("\n");
      },
      ontext(text) {
        if (inTitle) {
          title += text;
          return;
        }
        push(text);
      },
      onclosetag(name) {
        if (name === "title") inTitle = false;
        if (VOID.has(name)) return;
        if (SKIPPED.has(name)) skipDepth = Math.max(0, skipDepth - 1);
        if (MAIN.has(name)) mainDepth = Math.max(0, mainDepth - 1);
        if (BLOCKS.has(name)) push("\n");
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );

  function push(text: string) {
    if (skipDepth > 0) return;
    bodyText.push(text);
    if (mainDepth > 0) mainText.push(text);
  }

  parser.write(html);
  parser.end();

  // A page that marks its main content gets only that; others give the whole body.
  const main = normalizeText(mainText.join(""));
  const text = main.length >= 200 ? main : normalizeText(bodyText.join(""));
  return {
    title: normalizeLine(title || ogTitle),
    description: normalizeLine(description || ogDescription),
    text: text.slice(0, TEXT_MAX_CHARS),
  };
}

function normalizeLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

function normalizeText(value: string): string {
  return value
    .split("\n")
    .map(normalizeLine)
    .filter((line) => line !== "")
    .join("\n");
}
