import { escapeHtml } from "#shared/escape-html.ts";
import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from "#shared/webhooks.ts";

// The docs page of /api/v1 (ADR 0108): the generated OpenAPI document rendered as plain HTML on
// the server, so it needs no script (API answers carry `default-src 'none'`) and is always the
// document's own truth. Tools read /api/v1/openapi.json itself.

/** The API's version in the document; the path's major (v1) changes only by ADR 0108's rules. */
export const API_VERSION = "1.1.0";

type Operation = { summary?: string; parameters?: { name: string; in: string }[] };
type Document = { info: { title: string; description?: string }; paths?: object };

export function apiDocsPage(document: Document): string {
  const rows = Object.entries((document.paths ?? {}) as Record<string, Record<string, Operation>>)
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(
        ([method, operation]) =>
          `<tr><td><code>${method.toUpperCase()}</code></td><td><code>/api/v1${escapeHtml(path)}</code></td><td>${escapeHtml(operation.summary ?? "")}</td></tr>`,
      ),
    )
    .join("\n");
  return `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(document.info.title)}</title></head>
<body>
<h1>${escapeHtml(document.info.title)} ${API_VERSION}</h1>
<p>${escapeHtml(document.info.description ?? "")}</p>
<p>Maschinenlesbar: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1). MCP-Server: <code>/mcp</code>.</p>
<p>Jede Anlage und <code>POST /generate</code> nehmen den Header <code>Idempotency-Key</code> an (24 Stunden):
gleicher Schlüssel, gleicher Inhalt – dieselbe Antwort, nichts doppelt angelegt oder abgebucht.
<code>POST /generate</code> kostet einen Credit wie in der App (im Pro-Plan einen Lauf des Kontingents) und
bucht ihn bei einem Fehler des KI-Modells zurück. Eine unbekannte Adresse beantwortet die API mit 404
<code>NOT_FOUND</code>. Jede Antwort trägt
<code>RateLimit-Policy</code> und <code>RateLimit</code>; bei 429 sagt <code>Retry-After</code>, wann es weitergeht.
Fehler sind <code>{ "error": "…", "code": "…" }</code>: die Meldung auf Deutsch, der Code stabil.</p>
<table><thead><tr><th>Methode</th><th>Pfad</th><th>Zweck</th></tr></thead><tbody>
${rows}
</tbody></table>
<h2 id="webhooks">Webhooks</h2>
<p>Unter /konto legen Sie Adressen (https) an, die Postwerk bei <code>post.sent</code>, <code>post.failed</code> und
<code>post.unconfirmed</code> per POST aufruft. Der Inhalt ist <code>{ "id", "type", "createdAt", "data": { "post" } }</code>,
<code>post</code> wie in <code>GET /api/v1/posts/{id}</code>. <code>${WEBHOOK_EVENT_ID_HEADER}</code> ist bei jedem
Versuch desselben Ereignisses gleich: Verarbeiten Sie jede Kennung nur einmal. Antworten Sie mit 2xx; sonst versucht
Postwerk es nach 1 Minute, 5 Minuten, 30 Minuten, 2 und 12 Stunden erneut. Weiterleitungen werden nicht befolgt.</p>
<p>Signatur: <code>${WEBHOOK_SIGNATURE_HEADER}: t=&lt;Unix-Sekunden&gt;,v1=&lt;hex&gt;</code>, HMAC-SHA256 mit Ihrem
Geheimnis (<code>whsec_…</code>) über <code>t + "." + roher Inhalt</code>. Prüfung in Node.js:</p>
<pre><code>${escapeHtml(VERIFY_SNIPPET)}</code></pre>
</body></html>`;
}

/** How a receiver checks a webhook (README shows the same). */
const VERIFY_SNIPPET = `import crypto from "node:crypto";

function istEchtVonPostwerk(secret, rawBody, header) {
  const { t, v1 } = Object.fromEntries(header.split(",").map((part) => part.split("=")));
  const expected = crypto.createHmac("sha256", secret).update(\`\${t}.\${rawBody}\`).digest("hex");
  const fresh = Math.abs(Date.now() / 1000 - Number(t)) < 300;
  return fresh && v1?.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(v1), Buffer.from(expected));
}`;
