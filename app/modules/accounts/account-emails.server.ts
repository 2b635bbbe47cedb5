import { sendEmail } from "~/lib/email.server";
import { shopNameInMessages } from "~/modules/shop-settings/identity";
import { getShopSettings } from "~/modules/shop-settings/queries.server";

/** The name every account e-mail signs with: the shop's once its identity is confirmed, "Balcão" until then. */
async function senderName() {
  return shopNameInMessages(await getShopSettings());
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
