import { sendEmail } from "~/lib/email.server";
import { getDb } from "~/db/client.server";
import { shopSettings } from "~/db/schema/shop-settings";
import { NEUTRAL_SHOP_NAME, shopNameInMessages } from "~/lib/shop-name";

/**
 * The name every account e-mail signs with: the shop's once its identity is
 * confirmed, "Balcão" until then (and before the settings row exists). Read
 * from the row itself: accounts sits below shop-settings, which checks its
 * changes against accounts' roles.
 */
async function senderName() {
  const db = await getDb();
  const [shop] = await db
    .select({ name: shopSettings.name, detailsConfirmedAt: shopSettings.detailsConfirmedAt })
    .from(shopSettings)
    .limit(1);
  return shop ? shopNameInMessages(shop) : NEUTRAL_SHOP_NAME;
}

export async function sendVerificationEmail(to: string, url: string) {
  const shopName = await senderName();
  await sendEmail({
    to,
    subject: `Confirme seu e-mail — ${shopName}`,
    text: [
      "Olá!",
      "",
      `Recebemos seu cadastro em ${shopName}. Para ativar sua conta, confirme seu e-mail abrindo o link abaixo:`,
      "",
      url,
      "",
      "O link vale por 24 horas. Se você não se cadastrou, ignore esta mensagem.",
    ].join("\n"),
    links: [url],
  });
}

export async function sendPasswordResetEmail(to: string, url: string) {
  const shopName = await senderName();
  await sendEmail({
    to,
    subject: `Redefinição de senha — ${shopName}`,
    text: [
      "Olá!",
      "",
      "Recebemos um pedido para redefinir a senha da sua conta. Para criar uma nova senha, abra o link abaixo:",
      "",
      url,
      "",
      "O link vale por 1 hora. Se você não pediu a redefinição, ignore esta mensagem: sua senha continua a mesma.",
    ].join("\n"),
    links: [url],
  });
}

/** An owner's invitation to the team (/equipe): the link where the invitee sets name and password. */
export async function sendStaffInviteEmail(to: string, url: string, roleLabel: string) {
  const shopName = await senderName();
  await sendEmail({
    to,
    subject: `Convite para a equipe — ${shopName}`,
    text: [
      "Olá!",
      "",
      `Você foi convidado(a) para a equipe de ${shopName}, com a função “${roleLabel}”. Para criar sua conta, abra o link abaixo e escolha seu nome e sua senha:`,
      "",
      url,
      "",
      "O link vale por 7 dias e só pode ser usado uma vez. Se você não esperava este convite, ignore esta mensagem.",
    ].join("\n"),
    links: [url],
  });
}
