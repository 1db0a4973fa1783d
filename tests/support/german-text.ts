// ADR 0080: what an error answer's sentence must not be, zod's or Better Auth's English, and a
// rough sign that it is German. Words, not whole sentences, so a reworded English text is
// caught too; none of them is a German word.
const ENGLISH =
  /\b(expected|received|invalid|must|required|not found|too (big|small)|unauthorized|failed|please|already|cannot|can't|isn't|doesn't|does not|is not|enabled|missing|deleted|exists|error|the|is|you|your)\b/i;
const GERMAN =
  /[äöüßÄÖÜ]|\b(der|die|das|den|dem|des|ist|sind|sein|muss|nicht|kein|keine|und|oder|Sie|du|bitte|ein|eine|einen|zu|zum|zur|vom|bei|nach|auf|nur|noch|wurde|werden|kann|konnte|mit|für|Ihr|Ihre|dein|deine|dieser|diese|dieses|gibt|gefunden|Anfrage|Angaben|Zeichen|mindestens|Fehler|falsch\w*|Passwort|Konto)\b/i;

/** Why `text` is no German sentence for people, or null. */
export function languageProblem(text: unknown): string | null {
  if (typeof text !== "string" || text.trim() === "") return "no message";
  const english = ENGLISH.exec(text);
  if (english) return `English ("${english[0]}")`;
  return GERMAN.test(text) ? null : "not German";
}
