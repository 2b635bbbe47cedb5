import { SMTPServer } from "smtp-server";
import { decodeQuotedPrintable } from "./quoted-printable";

export type ReceivedMail = { to: string[]; subject: string; body: string; links: string[] };

/** `=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=` words of a header. */
function decodeHeader(value: string) {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, word: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(word, "base64").toString("utf8")
        : decodeQuotedPrintable(word.replace(/_/g, " ")),
    );
}

/** Reads a message as nodemailer writes it (one text part, quoted-printable or base64): headers, decoded body, links. */
export function parseMail(raw: string, to: string[] = []): ReceivedMail {
  const headerEnd = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, " ");
  const subject = decodeHeader(/^subject: (.*)$/im.exec(headers)?.[1] ?? "");
  const recipients = to.length > 0 ? to : (/^to: (.*)$/im.exec(headers)?.[1] ?? "").split(",").map((address) => address.trim());
  const content = raw.slice(headerEnd).trim();
  const isBase64 = /^content-transfer-encoding: base64/im.test(headers);
  const body = isBase64 ? Buffer.from(content, "base64").toString("utf8") : decodeQuotedPrintable(content);
  const links = [...new Set(body.match(/https?:\/\/[^\s"<>]+/g) ?? [])];
  return { to: recipients, subject, body, links };
}

/** A real SMTP server on a random local port, for SMTP_URL; it keeps what it receives. */
export async function startMailbox() {
  const received: ReceivedMail[] = [];
  /** Messages are accepted once this settles; hold() replaces it with one that waits. */
  let held: Promise<void> = Promise.resolve();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address);
        void held.then(() => {
          received.push(parseMail(Buffer.concat(chunks).toString("utf8"), to));
          callback();
        });
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    const listener = server.listen(0, "127.0.0.1", () => {
      const address = listener.address();
      if (address && typeof address === "object") resolve(address.port);
      else reject(new Error("o servidor SMTP de teste não informou a porta"));
    });
    listener.on("error", reject);
  });

  function mailsTo(address: string) {
    return received.filter((mail) => mail.to.includes(address));
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mailsTo,
    /** The `count`-th message to `address` (1 = the first), waiting for it up to `timeoutMs`. */
    async waitForMail(address: string, count = 1, timeoutMs = 5_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mailsTo(address)[count - 1];
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`nenhuma ${count}ª mensagem para ${address} em ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    /** Keeps every message from being accepted (a slow mail server) until the returned function is called. */
    hold(): () => void {
      let release: (() => void) | undefined;
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => release?.();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;
