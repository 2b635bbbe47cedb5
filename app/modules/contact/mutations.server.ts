import { getDb } from "~/db/client.server";
import { contactMessages } from "~/db/schema/contact";
import { sendEmail } from "~/lib/email.server";
import { logger } from "~/lib/logger.server";
import { formatPhone } from "~/lib/phone";
import { activeOwnerEmails } from "~/modules/accounts/user-roles.server";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import type { ContactMessageInput } from "./validation";

/**
 * Where the shop reads its site's messages: its e-mail once the owner has
 * confirmed the details; before that the stored address is the demo's
 * fictional one, so the active owners' own addresses.
 */
async function shopInbox(): Promise<string[]> {
  const shop = await getShopSettings();
  return shop.detailsConfirmedAt === null ? activeOwnerEmails() : [shop.email];
}

/**
 * Stores a message from /contato and e-mails it to the shop. The message is
 * kept even when the e-mail fails (or there is nobody to send it to yet):
 * the staff still find it in the database.
 */
export async function createContactMessage(input: ContactMessageInput) {
  const db = await getDb();
  const [stored] = await db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  const inbox = await shopInbox();
  if (inbox.length === 0) return stored!;
  try {
    await sendEmail({
      to: inbox.join(", "),
      subject: `Mensagem pelo site: ${input.subject}`,
      text: [
        `Nova mensagem enviada pela página de contato (nº ${stored!.id}).`,
        "",
        `Nome: ${input.name}`,
        `E-mail: ${input.email}`,
        `Telefone: ${input.phone ? formatPhone(input.phone) : "Não informado"}`,
        `Assunto: ${input.subject}`,
        "",
        input.message,
        "",
        `Para responder, escreva para ${input.email}.`,
      ].join("\n"),
    });
  } catch (error) {
    logger.error({ err: error, contactMessageId: stored!.id }, "falha ao enviar por e-mail a mensagem de contato");
  }
  return stored!;
}
