import { escapeHtml } from "#shared/escape-html.ts";

// German mail texts (issue 2, scope 6). Plain typed functions: each returns the subject,
// a text part and an HTML part that carry the same words.

type MailContent = { subject: string; text: string; html: string; actionUrl?: string };

const BRAND = "Postwerk";

function layout(paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Falls der Knopf nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:<br>${escapeHtml(action.url)}</p>`
    : "";
  return `<!doctype html><html lang="de"><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px"><p style="font-size:20px;font-weight:700;margin:0 0 24px">${BRAND}</p>${body}${button}<p style="margin:32px 0 0;font-size:13px;color:#555">Ihr ${BRAND}-Team</p></body></html>`;
}

function compose(subject: string, paragraphs: string[], action?: { label: string; url: string }): MailContent {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), `Ihr ${BRAND}-Team`].join("\n\n");
  return { subject, text, html: layout(paragraphs, action), actionUrl: action?.url };
}

export function composeConfirmationMail(url: string): MailContent {
  return compose(
    "Bitte bestätigen Sie Ihre E-Mail-Adresse",
    [
      "Willkommen bei Postwerk!",
      "Bitte bestätigen Sie Ihre E-Mail-Adresse, damit Sie sich anmelden können. Der Link ist 24 Stunden gültig.",
      "Wenn Sie sich nicht bei Postwerk registriert haben, können Sie diese E-Mail ignorieren.",
    ],
    { label: "E-Mail-Adresse bestätigen", url },
  );
}

export function composeEmailChangeMail(newEmail: string, url: string): MailContent {
  return compose(
    "Bestätigen Sie Ihre neue E-Mail-Adresse",
    [
      `Sie möchten die E-Mail-Adresse Ihres Postwerk-Kontos auf ${newEmail} ändern.`,
      "Bitte bestätigen Sie die Änderung über den folgenden Link. Erst danach melden Sie sich mit der neuen Adresse an.",
      "Wenn Sie diese Änderung nicht angefordert haben, ignorieren Sie diese E-Mail; Ihre bisherige Adresse bleibt dann bestehen.",
    ],
    { label: "Neue E-Mail-Adresse bestätigen", url },
  );
}

export function composePasswordChangedMail(): MailContent {
  return compose("Ihr Passwort wurde geändert", [
    "Das Passwort Ihres Postwerk-Kontos wurde soeben geändert.",
    "Wenn Sie das selbst waren, ist nichts weiter zu tun.",
    "Wenn nicht, antworten Sie bitte umgehend auf diese E-Mail oder schreiben Sie uns über das Kontaktformular, damit wir Ihr Konto sichern können.",
  ]);
}
