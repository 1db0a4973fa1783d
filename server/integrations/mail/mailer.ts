import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { Logger } from "#server/logger.ts";

type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where "Reply" goes, e.g. the visitor who wrote through the contact form. */
  replyTo?: string;
  // The one link the mail is about; printed to the log when mails go to the outbox.
  actionUrl?: string;
};

export type Mailer = { send: (mail: OutgoingMail) => Promise<void> };

type MailerOptions = {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
};

// With SMTP_URL mails go out over SMTP; without it each mail is written as an .eml
// file to the outbox so a developer (and the e2e tests) can open it (docs/design.md, provider table).
export function createMailer({ smtpUrl, from, outboxDir, logger }: MailerOptions): Mailer {
  // Loaded with the first mail, not at start (ADR 0029): nodemailer is ~5 MB of heap.
  let transport: Promise<Transporter> | undefined;
  const loadTransport = () => {
    transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      smtpUrl
        ? nodemailer.createTransport(smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
    );
    return transport;
  };

  return {
    async send(mail) {
      const info = await (await loadTransport()).sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        replyTo: mail.replyTo,
      });
      if (smtpUrl) {
        // The subject names the kind of mail; the address stays out of the log (ADR 0020).
        logger.info({ subject: mail.subject, messageId: info.messageId }, "E-Mail versendet");
        return;
      }
      await fs.mkdir(outboxDir, { recursive: true });
      const fileName = `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID().slice(0, 8)}.eml`;
      const filePath = path.join(outboxDir, fileName);
      await fs.writeFile(filePath, info.message as Buffer);
      logger.info(
        // Without SMTP the link is printed so a developer can confirm an account locally; the
        // same link is in the .eml file next to it anyway.
        { subject: mail.subject, file: filePath, link: mail.actionUrl },
        "E-Mail in den Postausgang geschrieben (kein SMTP_URL gesetzt)",
      );
    },
  };
}
