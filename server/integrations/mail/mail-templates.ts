import { escapeHtml } from "#shared/escape-html.ts";
import { DEFAULT_TIME_ZONE } from "#shared/wall-time.ts";

// German mail texts. Plain typed functions: each returns the subject,
// a text part and an HTML part that carry the same words.

export type MailContent = { subject: string; text: string; html: string; actionUrl?: string };

const BRAND = "Postwerk";

// Dates in mails as the customer reads them (spec section 9: dd.MM.yyyy, dd.MM.yyyy HH:mm), in
// German time whatever the server's zone; mails about posts in the owner's own zone (ADR 0091).
const MAIL_DATE_TIMES = new Map<string, Intl.DateTimeFormat>();

function mailFormat(zone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${zone}|${withTime}`;
  let format = MAIL_DATE_TIMES.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("de-DE", {
      timeZone: zone,
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      ...(withTime ? { hour: "2-digit", minute: "2-digit" } : {}),
    });
    MAIL_DATE_TIMES.set(key, format);
  }
  return format;
}

export function formatMailDate(date: Date, zone = DEFAULT_TIME_ZONE): string {
  return mailFormat(zone, false).format(date);
}

export function formatMailDateTime(date: Date, zone = DEFAULT_TIME_ZONE): string {
  return mailFormat(zone, true).format(date);
}

type Action = { label: string; url: string };

function layout(paragraphs: string[], action: Action | undefined, signOff: boolean): string {
  // pre-line keeps the line breaks a visitor typed (contact form) and changes nothing else.
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;white-space:pre-line">${escapeHtml(p)}</p>`).join("");
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Falls der Knopf nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:<br>${escapeHtml(action.url)}</p>`
    : "";
  return `<!doctype html><html lang="de"><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px"><p style="font-size:20px;font-weight:700;margin:0 0 24px">${BRAND}</p>${body}${button}${signOff ? `<p style="margin:32px 0 0;font-size:13px;color:#555">Ihr ${BRAND}-Team</p>` : ""}</body></html>`;
}

// Mails to customers end with the team's sign-off; notes to the operator do not.
function compose(subject: string, paragraphs: string[], action?: Action, signOff = true): MailContent {
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...(signOff ? [`Ihr ${BRAND}-Team`] : []),
  ].join("\n\n");
  return { subject, text, html: layout(paragraphs, action, signOff), actionUrl: action?.url };
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

// Recovering and protecting an account (ADR 0044).

export function composePasswordResetMail(url: string, linkHours: number): MailContent {
  return compose(
    "Passwort zurücksetzen",
    [
      "Sie haben angefordert, das Passwort Ihres Postwerk-Kontos zurückzusetzen.",
      `Über den folgenden Link legen Sie ein neues Passwort fest. Der Link ist ${linkHours === 1 ? "eine Stunde" : `${linkHours} Stunden`} gültig und funktioniert nur einmal.`,
      "Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.",
    ],
    { label: "Neues Passwort festlegen", url },
  );
}

export function composePasswordResetDoneMail(forgotPasswordUrl: string): MailContent {
  return compose(
    "Ihr Passwort wurde zurückgesetzt",
    [
      "Das Passwort Ihres Postwerk-Kontos wurde soeben über einen Link aus unserer E-Mail neu festgelegt. Alle anderen Geräte wurden dabei abgemeldet.",
      "Wenn Sie das selbst waren, ist nichts weiter zu tun.",
      "Wenn nicht, hat jemand Zugriff auf Ihr E-Mail-Postfach. Sichern Sie bitte zuerst Ihr Postfach und setzen Sie danach Ihr Postwerk-Passwort erneut zurück.",
    ],
    { label: "Passwort erneut zurücksetzen", url: forgotPasswordUrl },
  );
}

export function composeNewSignInMail(signIn: { at: Date; device: string; accountUrl: string }): MailContent {
  return compose(
    "Neue Anmeldung bei Postwerk",
    [
      `Ihr Postwerk-Konto wurde am ${formatMailDateTime(signIn.at)} Uhr auf einem Gerät angemeldet, das wir noch nicht kannten: ${signIn.device}.`,
      "Wenn Sie das selbst waren, ist nichts weiter zu tun.",
      "Wenn nicht, ändern Sie bitte sofort Ihr Passwort und melden Sie unter „Angemeldete Geräte“ alle anderen Geräte ab. Diese Benachrichtigung können Sie in Ihrem Konto abschalten.",
    ],
    { label: "Zu meinem Konto", url: signIn.accountUrl },
  );
}

export function composeEmailChangedNoticeMail(change: {
  newEmail: string;
  objectionUrl: string;
  objectionDays: number;
}): MailContent {
  return compose(
    "Die E-Mail-Adresse Ihres Kontos wurde geändert",
    [
      `Die E-Mail-Adresse Ihres Postwerk-Kontos wurde soeben auf ${change.newEmail} geändert. An diese Adresse gehen ab jetzt alle E-Mails, und mit ihr melden Sie sich an.`,
      "Wenn Sie das selbst waren, ist nichts weiter zu tun.",
      `Wenn nicht, machen Sie die Änderung über den folgenden Link rückgängig (${change.objectionDays} Tage lang möglich): Ihr Konto nutzt dann wieder diese Adresse, alle Geräte werden abgemeldet und Sie legen ein neues Passwort fest.`,
    ],
    { label: "Änderung rückgängig machen", url: change.objectionUrl },
  );
}

// ADR 0041: a change to the second factor is announced to the account's address, so that
// someone who got hold of the password alone cannot quietly switch it off or take it over.
export function composeTwoFactorEnabledMail(): MailContent {
  return compose("Zwei-Faktor-Anmeldung aktiviert", [
    "Für Ihr Postwerk-Konto ist jetzt die Zwei-Faktor-Anmeldung aktiv: Bei der Anmeldung mit Passwort fragen wir zusätzlich nach dem Code aus Ihrer Authenticator-App.",
    "Bewahren Sie Ihre Backup-Codes sicher auf. Mit ihnen melden Sie sich an, falls Sie keinen Zugriff auf die App haben.",
    "Wenn Sie das nicht selbst waren, ändern Sie bitte sofort Ihr Passwort und schreiben Sie uns über das Kontaktformular.",
  ]);
}

export function composeTwoFactorDisabledMail(): MailContent {
  return compose("Zwei-Faktor-Anmeldung deaktiviert", [
    "Für Ihr Postwerk-Konto ist die Zwei-Faktor-Anmeldung soeben ausgeschaltet worden. Zur Anmeldung genügt jetzt wieder Ihr Passwort.",
    "Wenn Sie das selbst waren, ist nichts weiter zu tun.",
    "Wenn nicht, ändern Sie bitte sofort Ihr Passwort, schalten Sie die Zwei-Faktor-Anmeldung unter „Mein Konto“ wieder ein und schreiben Sie uns über das Kontaktformular.",
  ]);
}

// To the operator (CONTACT_EMAIL) for every message from the contact form (ADR 0011). The
// mailer sets Reply-To to the visitor, so answering the mail answers them.
export function composeContactNotificationMail(
  contact: { name: string; email: string; message: string },
  adminUrl: string,
): MailContent {
  // A subject is one line, whatever the visitor typed into the name field.
  const name = contact.name.replace(/\s+/g, " ");
  return compose(
    `Neue Kontaktanfrage von ${name}`,
    [
      "Über das Kontaktformular ist eine neue Nachricht eingegangen.",
      `Name: ${name}\nE-Mail: ${contact.email}`,
      `Nachricht:\n${contact.message}`,
      `Wenn Sie auf diese E-Mail antworten, geht Ihre Antwort direkt an ${name}. Die Nachricht ist auch im Admin-Bereich gespeichert.`,
    ],
    { label: "Zum Admin-Bereich", url: adminUrl },
    false,
  );
}

// ADR 0024: an admin's answer to a contact message (spec "send-contact-response"). The admin's
// text carries its own greeting and sign-off; the visitor's message is quoted below it.
export function composeContactResponseMail(response: {
  responseText: string;
  originalMessage: string;
  receivedAt: string;
}): MailContent {
  return compose(
    "Antwort auf Ihre Nachricht an Postwerk",
    [response.responseText, `Ihre Nachricht vom ${response.receivedAt}:\n${response.originalMessage}`],
    undefined,
    false,
  );
}

// GDPR Art. 17 (ADR 0026): the confirmation after an account was deleted, with what
// is kept and why.
export function composeAccountDeletedMail(): MailContent {
  return compose("Ihr Konto bei Postwerk wurde gelöscht", [
    "wie gewünscht haben wir Ihr Konto bei Postwerk gelöscht. Gelöscht sind Ihr Profil, Ihre Anmeldedaten und Sitzungen, Ihr Archiv mit allen Bildern, Ihr Credit-Verlauf, Ihre Pläne und Ihre Kontaktanfragen. Ein laufendes Abonnement haben wir sofort beendet.",
    "Aufbewahren müssen wir nur, was das Gesetz verlangt: Rechnungen bei unserem Zahlungsanbieter Stripe für die gesetzliche Aufbewahrungsfrist (§ 147 AO, § 14b UStG) sowie Nachweise Ihrer Cookie-Einwilligungen und Kündigungen, ohne Bezug zu einem Konto, für drei Jahre. Danach werden auch sie gelöscht.",
    "Sie können sich jederzeit mit derselben E-Mail-Adresse neu registrieren.",
  ]);
}

// § 312k Abs. 4 BGB: the receipt of a cancellation, at once and on a durable medium, with the
// date and time it was received and what the customer asked for.
export function composeCancellationReceiptMail(receipt: {
  name: string;
  contract: string;
  kind: string;
  effective: string;
  receivedAt: string;
  outcome: string;
}): MailContent {
  return compose("Eingangsbestätigung Ihrer Kündigung", [
    `Guten Tag ${receipt.name.replace(/\s+/g, " ")},`,
    `wir haben Ihre Kündigung am ${receipt.receivedAt} erhalten.`,
    `Vertrag: ${receipt.contract}\nArt: ${receipt.kind}\nZeitpunkt: ${receipt.effective}`,
    receipt.outcome,
  ]);
}

type PlanMailFacts = { label: string; periodEnd: string | null; accountUrl: string };

// ADR 0023: the purchase confirmation, after Stripe has confirmed the first payment.
export function composePurchaseMail(plan: PlanMailFacts): MailContent {
  return compose(
    `Ihr Plan ${plan.label} ist aktiv`,
    [
      `vielen Dank für Ihre Buchung! ${plan.label} ist ab sofort freigeschaltet.`,
      plan.periodEnd
        ? `Der erste bezahlte Zeitraum läuft bis ${plan.periodEnd}; danach verlängert sich das Abonnement monatlich.`
        : "Das Abonnement verlängert sich monatlich.",
      "Rechnungen, Zahlungsmittel und die Kündigung finden Sie unter „Mein Konto“ → „Abonnement verwalten“. Eine Kündigung gilt zum Ende des bezahlten Zeitraums; angebrochene Zeiträume erstatten wir nicht.",
    ],
    { label: "Zu Mein Konto", url: plan.accountUrl },
  );
}

// ADR 0023: a renewal payment failed; the plan stays usable while Stripe tries again.
export function composePaymentFailedMail(plan: PlanMailFacts): MailContent {
  return compose(
    `Zahlung für ${plan.label} fehlgeschlagen`,
    [
      `die letzte Zahlung für ${plan.label} konnte nicht eingezogen werden.`,
      "Ihr Plan bleibt vorerst nutzbar, während unser Zahlungsanbieter es erneut versucht. Bitte prüfen Sie Ihr Zahlungsmittel unter „Mein Konto“ → „Abonnement verwalten“, damit Ihr Abonnement nicht endet.",
    ],
    { label: "Zahlungsmittel prüfen", url: plan.accountUrl },
  );
}

// Publishing (ADR 0053): one mail per event, never one per retry. The post's text is not quoted:
// the mail names the network, the account and the time, the Redaktionsplan shows the rest.

/** `timeZone`: the owner's (ADR 0091), the zone the post's time is written in. */
export type PublicationMailFacts = {
  network: string;
  account: string;
  scheduledAt: Date;
  url: string;
  timeZone: string;
};

export function composePublicationFailedMail(
  post: PublicationMailFacts & { reason: string; original?: string | null },
): MailContent {
  return compose(
    `Beitrag für ${post.network} nicht veröffentlicht`,
    [
      `Ihr Beitrag für ${post.account} (${post.network}), geplant für ${formatMailDateTime(post.scheduledAt, post.timeZone)} Uhr, wurde nicht veröffentlicht.`,
      post.reason,
      ...(post.original ? [`Originale Meldung des Netzwerks: „${post.original}“`] : []),
      "Der Text bleibt im Redaktionsplan erhalten; dort können Sie ihn erneut senden, bearbeiten oder neu planen.",
    ],
    { label: "Beitrag im Redaktionsplan öffnen", url: post.url },
  );
}

export function composePublicationUnconfirmedMail(post: PublicationMailFacts & { explanation: string }): MailContent {
  return compose(
    `Beitrag für ${post.network} unbestätigt`,
    [
      `Ihr Beitrag für ${post.account} (${post.network}), geplant für ${formatMailDateTime(post.scheduledAt, post.timeZone)} Uhr, ist unbestätigt.`,
      post.explanation,
    ],
    { label: "Zum Redaktionsplan", url: post.url },
  );
}

/** ADR 0075: overdue by more than half an hour, the post waits for its owner instead of going out late. */
export function composePublicationMissedMail(post: PublicationMailFacts): MailContent {
  return compose(
    `Beitrag für ${post.network} verpasst`,
    [
      `Ihr Beitrag für ${post.account} (${post.network}), geplant für ${formatMailDateTime(post.scheduledAt, post.timeZone)} Uhr, konnte nicht rechtzeitig gesendet werden.`,
      "Damit er nicht unerwartet verspätet erscheint, haben wir ihn angehalten. Im Redaktionsplan können Sie ihn jetzt senden oder neu planen.",
    ],
    { label: "Zum Redaktionsplan", url: post.url },
  );
}

/**
 * One mail per account event (ADR 0053): the posts the lost connection stops are listed by their
 * planned time in it, instead of a mail of their own each.
 */
export function composeReconnectAccountMail(account: {
  network: string;
  account: string;
  url: string;
  /** When the account's posts that cannot go out now were planned. */
  posts: Date[];
  timeZone: string;
}): MailContent {
  const times = account.posts.map((at) => `${formatMailDateTime(at, account.timeZone)} Uhr`);
  return compose(
    `${account.network}: Konto neu verbinden`,
    [
      `Die Verbindung zu Ihrem Konto ${account.account} bei ${account.network} wurde vom Netzwerk beendet, etwa weil der Zugriff widerrufen wurde oder abgelaufen ist.`,
      times.length === 0
        ? "Geplante Beiträge für dieses Konto können erst wieder gesendet werden, wenn Sie es neu verbinden."
        : `Betroffen ${times.length === 1 ? "ist 1 Beitrag" : `sind ${times.length} Beiträge`}, geplant für ${times.join("; ")}. Bis Sie das Konto neu verbinden, werden sie nicht gesendet; danach können Sie sie im Redaktionsplan jetzt senden oder neu planen.`,
    ],
    { label: "Konto neu verbinden", url: account.url },
  );
}

export function composeConnectionExpiringMail(account: {
  network: string;
  account: string;
  expiresAt: Date;
  url: string;
  timeZone: string;
}): MailContent {
  return compose(
    `${account.network}: Verbindung läuft am ${formatMailDate(account.expiresAt, account.timeZone)} ab`,
    [
      `Die Verbindung zu Ihrem Konto ${account.account} bei ${account.network} endet am ${formatMailDateTime(account.expiresAt, account.timeZone)} Uhr; ${account.network} verlängert sie nicht von selbst.`,
      "Verbinden Sie das Konto vorher neu, damit geplante Beiträge weiter gesendet werden.",
    ],
    { label: "Konto neu verbinden", url: account.url },
  );
}
