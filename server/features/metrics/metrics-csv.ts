import { TONE_LABELS } from "#shared/generator.ts";
import { characterCount, engagementRate, hashtagCount, interactions, type MetricPost } from "#shared/metrics.ts";
import { NETWORKS } from "#shared/networks.ts";
import { formatDateTime } from "#shared/wall-time.ts";

// The Erfolg page's CSV (ADR 0106): what spreadsheet users in Germany open without an import
// dialog — a UTF-8 byte order mark, ";" between fields, German headers, decimal commas, dates as
// dd.MM.yyyy HH:mm in the user's time zone. A figure the network does not give stays empty. The
// page's groupings (length, hashtags, image, tone) are columns too, to pivot the same way.

const HEADERS = [
  "Gesendet am",
  "Netzwerk",
  "Konto",
  "Text",
  "Likes",
  "Reposts",
  "Antworten",
  "Zitate",
  "Lesezeichen",
  "Aufrufe",
  "Interaktionen",
  "Interaktionsrate (%)",
  "Zeichen",
  "Hashtags",
  "Bild",
  "Tonalität",
  "Status",
];

function field(value: string | number | null): string {
  if (value === null) return "";
  const text = typeof value === "number" ? value.toLocaleString("de-DE", { useGrouping: false }) : value;
  // Quoted where it holds the separator, a quote or a line break; a leading =, +, - or @ would be
  // read as a formula by spreadsheets, so it gets an apostrophe first.
  // A handle such as "@name.bsky.social" is no formula and stays as it is.
  const formula = /^[=+\-@]/.test(text) && !/^@[\w.-]+$/.test(text);
  const safe = formula && typeof value === "string" ? `'${text}` : text;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function metricsCsv(posts: MetricPost[], timeZone: string): string {
  const lines = [HEADERS.join(";")];
  for (const post of posts) {
    const figures = post.figures;
    const rate = figures ? engagementRate(figures) : null;
    lines.push(
      [
        formatDateTime(post.sentAt, timeZone),
        NETWORKS[post.network].label,
        post.accountHandle,
        post.text,
        figures?.likes ?? null,
        figures?.reposts ?? null,
        figures?.replies ?? null,
        figures?.quotes ?? null,
        figures?.bookmarks ?? null,
        figures?.views ?? null,
        figures ? interactions(figures) : null,
        rate === null ? null : Math.round(rate * 1000) / 10,
        characterCount(post.text),
        hashtagCount(post.text),
        post.hasImage ? "ja" : "nein",
        post.tone ? TONE_LABELS[post.tone] : null,
        post.deleted ? "gelöscht" : figures ? "" : "noch keine Zahlen",
      ]
        .map(field)
        .join(";"),
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
