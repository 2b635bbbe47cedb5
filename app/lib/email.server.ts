import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { createTransport } from "nodemailer";
import { makePrivateDir, OWNER_ONLY_FILE } from "./data-dir.server";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";

export type EmailMessage = { to: string; subject: string; text: string; html?: string; links?: string[] };

let openTransport: ReturnType<typeof createTransport> | null = null;

function transport() {
  if (!openTransport) {
    const { SMTP_URL } = getEnv();
    // Without SMTP every message becomes an .eml file, so sign-up works on a fresh machine.
    openTransport = SMTP_URL
      ? createTransport(SMTP_URL)
      : createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  }
  return openTransport;
}

export function defaultSender() {
  const { SMTP_FROM, PUBLIC_URL } = getEnv();
  return SMTP_FROM ?? `Balcão <nao-responda@${new URL(PUBLIC_URL).hostname}>`;
}

export async function sendEmail(message: EmailMessage) {
  const { SMTP_URL, DATA_DIR } = getEnv();
  const info = await transport().sendMail({
    from: defaultSender(),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
  });
  if (SMTP_URL) {
    logger.info({ subject: message.subject }, "e-mail enviado");
    return;
  }
  const outbox = path.join(DATA_DIR, "outbox");
  makePrivateDir(outbox);
  const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`);
  await fs.writeFile(file, (info as unknown as { message: Buffer }).message, { mode: OWNER_ONLY_FILE, flag: "wx" });
  // The link is logged on purpose: without SMTP this is how the operator reaches it.
  logger.info({ file, links: message.links ?? [] }, `e-mail gravado na caixa de saída: ${message.subject}`);
}
