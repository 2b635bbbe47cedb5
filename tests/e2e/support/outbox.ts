import fs from "node:fs";
import path from "node:path";
import { decodeQuotedPrintable } from "../../support/quoted-printable";
import { OUTBOX_DIR } from "./e2e-env";

/**
 * Reads the messages the server writes to DATA_DIR/outbox when no SMTP_URL is
 * set: one .eml file each, body in quoted-printable (or base64).
 */
export type OutboxEmail = { file: string; to: string; text: string; links: string[] };

function parseEmail(file: string): OutboxEmail {
  const raw = fs.readFileSync(file, "utf8");
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const body = raw.slice(split).trim();
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : body;
  const to = /^To:\s*(.+)$/im.exec(headers)?.[1]?.trim() ?? "";
  return { file, to, text, links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [] };
}

/** Every message sent to this address, oldest first (the file names start with the time); another server's outbox with `outboxDir`. */
export function emailsTo(address: string, outboxDir = OUTBOX_DIR): OutboxEmail[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => parseEmail(path.join(outboxDir, name)))
    .filter((email) => email.to.toLowerCase().includes(address.toLowerCase()));
}

/** The newest link to this address whose URL contains `pathPart`, waiting for the message to arrive. */
export async function waitForEmailLink(
  address: string,
  pathPart: string,
  timeoutMs = 10_000,
  outboxDir = OUTBOX_DIR,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const link = emailsTo(address, outboxDir)
      .flatMap((email) => email.links)
      .findLast((url) => url.includes(pathPart));
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`Nenhum e-mail para ${address} com um link para ${pathPart} em ${outboxDir}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
