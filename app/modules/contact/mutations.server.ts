import { getDb } from "~/db/client.server";
import { contactMessages } from "~/db/schema/contact";
import { sendEmail } from "~/lib/email.server";
import { logger } from "~/lib/logger.server";
import { formatPhone } from "~/lib/phone";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import type { ContactMessageInput } from "./validation";

/**
 * Stores a message from /contato and e-mails it to the shop. The message is
 * kept even when the e-mail fails: the staff still find it in the database.
 */
export async function createContactMessage(input: ContactMessageInput) {
  const db = await getDb();
  const [stored] = await db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  const shop = await getShopSettings();
  try {
    await sendEmail({
      to: shop.email,
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
