// ADR 0100: Postwerk speaks German. This finds English sentences a visitor could see in the built
// client: the string literals of its scripts and the text of its prerendered pages. A word-list
// heuristic, not a language model: a text counts as English when it has English marker words
// and no German one. Library code ships English developer messages (React, zod, Better Auth's
// client); a script's literal counts only when the same text stands in our own sources (app/,
// shared/), so a library's text never fails the check and ours always can.
//   node --import tsx scripts/english-ui-strings.ts [build/client]
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// Words of English UI sentences that are no German words (and no loanwords German UI uses:
// "Thread", "Post", "Credits", "Login" stay out).
const ENGLISH_WORDS = new Set(
  (
    "the to your you please failed successfully success loading error yet copied deleted don't doesn't " +
    "can't cannot invalid could not no and with for of is are was were has have been update updated " +
    "create created delete enter match matches try again sign signed out occurred unexpected " +
    "messages message clipboard email password passwords emails settings saved save cancel close edit " +
    "submit back next previous search new read mark responded response address must least characters " +
    "this that there here what when which while will would should be at by from on off in into my our"
  ).split(" "),
);
// A text with one of these is German (or names German things) and passes.
const GERMAN_MARKER =
  /[äöüßÄÖÜ„“]|\b(der|die|das|den|dem|des|und|oder|nicht|Sie|du|dich|dir|ist|sind|ein|eine|einen|zu|zum|zur|mit|für|wurde|wurden|kein|keine|bitte|Ihr|Ihre|Ihrer|Ihren|Ihrem|Ihres|dein|deine|deiner|deinen|deinem|auf|im|von|vom|bei|nach|aus|noch|jetzt|hier|wie|was|mehr|alle|neu|Neu)\b/;
// One-word buttons and badges of English UI.
const ENGLISH_SINGLE_WORDS = new Set([
  "New",
  "Read",
  "Responded",
  "Save",
  "Cancel",
  "Delete",
  "Close",
  "Edit",
  "Submit",
  "Loading",
  "Loading...",
  "Back",
  "Next",
  "Previous",
  "Search",
  "Copy",
  "Copied",
  "Retry",
  "Error",
  "Success",
]);

/** Whether `text` reads like an English sentence or label for people. */
export function looksLikeEnglishUi(text: string): boolean {
  const trimmed = text.trim();
  if (ENGLISH_SINGLE_WORDS.has(trimmed)) return true;
  // Code, not prose: no space, a URL or path, CSS classes ("rounded-xl border p-5"), a selector.
  if (!/\s/.test(trimmed) || /https?:\/\/|[{}<>=;#@$\\]|^\.|\/\w+\//.test(trimmed)) return false;
  const words = trimmed.split(/\s+/);
  if (words.filter((word) => /^[a-z0-9:./[\]%-]*-[a-z0-9:./[\]%-]*$/.test(word)).length * 2 >= words.length)
    return false;
  if (!/^[A-Za-z"'(]/.test(trimmed) || GERMAN_MARKER.test(trimmed)) return false;
  const english = words.filter((word) => ENGLISH_WORDS.has(word.toLowerCase().replace(/[^a-z']/g, ""))).length;
  return english >= 2 || (english === 1 && words.length <= 3);
}

function listFiles(dir: string, ending: RegExp): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && ending.test(entry.name) ? [file] : [];
  });
}

const LITERAL = /"((?:[^"\\\n]|\\.){2,400})"|'((?:[^'\\\n]|\\.){2,400})'|`((?:[^`\\]|\\.){2,400})`/g;

/** The string literals of a script, template literals cut at their `${…}`. */
export function scriptLiterals(source: string): string[] {
  const literals: string[] = [];
  for (const match of source.matchAll(LITERAL)) {
    const raw = match[1] ?? match[2] ?? match[3] ?? "";
    for (const part of raw.split(/\$\{[^}]*\}/)) if (part.trim()) literals.push(part.replace(/\\(.)/g, "$1"));
  }
  return literals;
}

/** The texts of a page people see: text between tags and the attributes read aloud or shown. */
export function pageTexts(html: string): string[] {
  const withoutCode = html.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ");
  const texts = [...withoutCode.matchAll(/>([^<]+)</g)].map((match) => match[1] ?? "");
  for (const match of withoutCode.matchAll(/\b(?:title|alt|aria-label|placeholder)="([^"]*)"/g))
    texts.push(match[1] ?? "");
  return texts
    .map((text) =>
      text
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&amp;/g, "&")
        .trim(),
    )
    .filter(Boolean);
}

/**
 * The texts our sources hold: their string literals (cut like the build's) and JSX text, one per
 * line. Tests are left out: they quote English on purpose.
 */
function ownTexts(sourceDirs: string[]): Set<string> {
  const texts = new Set<string>();
  for (const file of sourceDirs.flatMap((dir) => listFiles(dir, /\.(ts|tsx)$/))) {
    if (/\.(test|spec)\.tsx?$/.test(file)) continue;
    const source = fs.readFileSync(file, "utf8");
    for (const literal of scriptLiterals(source)) texts.add(literal.trim());
    for (const line of source.split("\n")) texts.add(line.trim());
    for (const match of source.matchAll(/>([^<>{}]+)</g)) texts.add((match[1] ?? "").trim());
  }
  return texts;
}

/** Every English UI text of the build in `clientDir`, with the file it is in. */
export function findEnglishUiStrings(
  clientDir: string,
  sourceDirs = [path.join(ROOT, "app"), path.join(ROOT, "shared")],
): { text: string; file: string }[] {
  const ours = ownTexts(sourceDirs);
  const found = new Map<string, string>();
  for (const file of listFiles(clientDir, /\.(js|html)$/)) {
    const content = fs.readFileSync(file, "utf8");
    const texts = file.endsWith(".html")
      ? pageTexts(content)
      : scriptLiterals(content).filter((t) => ours.has(t.trim()));
    for (const text of texts)
      if (looksLikeEnglishUi(text) && !found.has(text)) found.set(text, path.relative(clientDir, file));
  }
  return [...found].map(([text, file]) => ({ text, file }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = findEnglishUiStrings(path.resolve(process.argv[2] ?? path.join(ROOT, "build/client")));
  for (const { text, file } of found) console.log(`${file}: ${JSON.stringify(text)}`);
  process.exitCode = found.length > 0 ? 1 : 0;
}
