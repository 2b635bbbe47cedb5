import fs from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_SHOP_SETTINGS } from "~/modules/shop-settings/demo-settings";
import { parseMail, type ReceivedMail } from "../support/mailbox";
import { loadApp, type TestApp } from "./app";

const OWNER = { id: "dona-emails", email: "dona@emails.test" };

/**
 * Every e-mail the app sends, while the shop's details are the demo's and
 * after the owner confirms them: the fictional shop's name never signs a
 * message a real person reads, and the site's contact messages never go to
 * the demo's fictional address.
 */
describe("e-mails e a identidade da loja", () => {
  let app: TestApp;
  const outbox = path.join(process.env.DATA_DIR ?? "", "outbox");

  beforeAll(async () => {
    expect(process.env.SMTP_URL).toBeUndefined();
    app = await loadApp();
  });

  /** The messages in the outbox sent to `to`. */
  async function mailTo(to: string): Promise<ReceivedMail[]> {
    const files = await fs.readdir(outbox).catch(() => [] as string[]);
    const mails = await Promise.all(files.map(async (file) => parseMail(await fs.readFile(path.join(outbox, file), "utf8"))));
    return mails.filter((mail) => mail.to.some((address) => address.includes(to)));
  }

  async function sendAll(prefix: string) {
    const emails = await import("~/modules/accounts/account-emails.server");
    await emails.sendVerificationEmail(`${prefix}.cadastro@cliente.test`, "http://localhost:3000/api/auth/verify-email?token=x");
    await emails.sendPasswordResetEmail(`${prefix}.senha@cliente.test`, "http://localhost:3000/auth/nova-senha?token=x");
    await emails.sendStaffInviteEmail(`${prefix}.convite@cliente.test`, "http://localhost:3000/auth/convite?token=x", "Equipe");
    const contact = await import("~/modules/contact/mutations.server");
    await contact.createContactMessage({
      name: "Visitante",
      email: `${prefix}.visitante@cliente.test`,
      phone: "",
      subject: "Orçamento",
      message: "Quanto custa trocar a tela?",
    });
    return {
      verification: (await mailTo(`${prefix}.cadastro@`))[0],
      reset: (await mailTo(`${prefix}.senha@`))[0],
      invite: (await mailTo(`${prefix}.convite@`))[0],
    };
  }

  it("while the details are the demo's: every account e-mail signs as “Balcão”, contact messages go to the owners", async () => {
    const { getShopSettings } = await import("~/modules/shop-settings/queries.server");
    expect(await getShopSettings()).toMatchObject({ name: DEMO_SHOP_SETTINGS.name, detailsConfirmedAt: null });
    await app.db.insert(app.tables.user).values({ id: OWNER.id, name: "Dona", email: OWNER.email, role: "owner" });

    const { verification, reset, invite } = await sendAll("demo");
    expect(verification?.subject).toBe("Confirme seu e-mail — Balcão");
    expect(verification?.body).toContain("Recebemos seu cadastro em Balcão.");
    expect(reset?.subject).toBe("Redefinição de senha — Balcão");
    expect(invite?.subject).toBe("Convite para a equipe — Balcão");
    expect(invite?.body).toContain("para a equipe de Balcão,");
    for (const mail of [verification, reset, invite])
      expect(`${mail?.subject} ${mail?.body}`).not.toContain(DEMO_SHOP_SETTINGS.name);

    expect(await mailTo(DEMO_SHOP_SETTINGS.email ?? "")).toEqual([]);
    const [contact] = await mailTo(OWNER.email);
    expect(contact?.subject).toBe("Mensagem pelo site: Orçamento");
    expect(contact?.body).toContain("demo.visitante@cliente.test");
  });

  it("once the owner confirms the details: the shop's own name, and contact messages to the shop's e-mail", async () => {
    const { shopSettings } = await import("~/db/schema/shop-settings");
    const { forgetCachedShopSettings } = await import("~/modules/shop-settings/queries.server");
    await app.db
      .update(shopSettings)
      .set({ name: "Conserta Já", email: "contato@consertaja.test", cnpj: "11.222.333/0001-81", detailsConfirmedAt: new Date() });
    forgetCachedShopSettings();

    const { verification, reset, invite } = await sendAll("real");
    expect(verification?.subject).toBe("Confirme seu e-mail — Conserta Já");
    expect(reset?.subject).toBe("Redefinição de senha — Conserta Já");
    expect(invite?.subject).toBe("Convite para a equipe — Conserta Já");
    expect((await mailTo("contato@consertaja.test"))[0]?.body).toContain("real.visitante@cliente.test");
  });
});
