import fs from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";

type OutboxMail = { to: string; subject: string; text: string; links: string[]; file: string };

// Reads the .eml files the product wrote to $DATA_DIR/outbox (no SMTP configured).
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, "outbox");
  const files = (await fs.readdir(dir).catch(() => [])).filter((file) => file.endsWith(".eml")).sort();
  return Promise.all(
    files.map(async (file) => {
      const parsed = await simpleParser(await fs.readFile(path.join(dir, file)));
      const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
      const text = parsed.text ?? "";
      return { to: to ?? "", subject: parsed.subject ?? "", text, links: text.match(/https?:\/\/\S+/g) ?? [], file };
    }),
  );
}

// The newest mail to an address, waiting briefly because mails are sent after the response.
export async function waitForMail(
  dataDir: string,
  to: string,
  match: (mail: OutboxMail) => boolean = () => true,
): Promise<OutboxMail> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    // Addresses compare without case: mail software may change it on the way.
    const mail = (await readOutbox(dataDir))
      .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()) && match(m))
      .at(-1);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Keine E-Mail an ${to} im Postausgang`);
}
