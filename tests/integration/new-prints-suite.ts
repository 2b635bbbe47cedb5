import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, shopToday } from "~/lib/dates";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";

const STAFF: Actor = { userId: "staff-novas-impressoes", label: "equipe@impressoes.test", role: "staff" };
const CUSTOMER_ACTOR: Actor = { userId: null, label: "cliente@impressoes.test", role: "customer" };
const SHOP = {
  name: "Loja Conserto Rápido",
  legalName: "Conserto Rapido Ltda",
  cnpj: "12345678000195",
  address: "Rua das Flores, 123",
  city: "Campinas",
  state: "SP",
  pixKey: "pix@conserto-rapido.test",
  pixKeyType: "email" as const,
};

async function loadModules() {
  const [client, auth, settings, factory, debtMutations, letter, printing, errors] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/shop-settings"),
    import("~/modules/demo/test-records.server"),
    import("~/modules/debtors/mutations.server"),
    import("~/modules/debtors/letter.server"),
    import("~/modules/service-orders/print-documents.server"),
    import("~/lib/errors"),
  ]);
  return {
    client,
    db: await client.getDb(),
    tables: { ...auth, ...settings },
    factory,
    debtMutations,
    letter,
    printing,
    errors,
  };
}

/** The text a reader sees, tags dropped, entities read, spaces folded. */
function visibleText(html: string) {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#39;/g, "'")
    .replace(/&#34;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/**
 * The documents issue 13 adds, against a real database: the debt reminder
 * letter (one customer's open items, totals, a PIX code for what is due,
 * the shop named as CDC art. 42-A asks; nothing for a customer who owes
 * nothing; staff only) and the device label (first name only, the
 * tracking QR, the promised date).
 */
export function defineNewPrintsSuite(database: TestDatabase) {
  describeOnDatabase(database, "carta de cobrança e etiqueta do aparelho", () => {
    let app: Awaited<ReturnType<typeof loadModules>>;
    let dropDatabase: (() => Promise<void>) | undefined;
    const today = shopToday();

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      expect(app.client.databaseKind()).toBe(database);
      await app.db.insert(app.tables.user).values({ id: STAFF.userId!, name: "Equipe", email: STAFF.label, role: "staff" });
      const settings = await import("~/modules/shop-settings/queries.server");
      await settings.getShopSettings(); // the row exists once read
      await app.db.update(app.tables.shopSettings).set(SHOP);
      settings.forgetCachedShopSettings();
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    let seed = 1300;
    async function newCustomer(overrides: Record<string, string>) {
      return app.factory.createTestCustomer(app.db, { phone: "11987650000", ...overrides }, seed++);
    }

    async function iou(customerId: number, description: string, amount: string, incurredOn: string, dueDate: string) {
      await app.debtMutations.createDebt(
        STAFF,
        customerId,
        { idempotencyKey: randomUUID(), description, amount, incurredOn, dueDate, revenueSource: "products" },
        incurredOn,
      );
    }

    it("a carta de cobrança lista o que está em aberto, os totais, o PIX do vencido e quem cobra", async () => {
      const marta = await newCustomer({
        name: "Marta Carta Cobrança",
        address: "Rua dos Ipês, 45",
        district: "Centro",
        city: "Campinas",
        state: "SP",
        cep: "13010000",
      });
      const overdueDay = addDays(today, -12);
      await iou(marta.id, "Película de vidro", "45,00", addDays(today, -20), overdueDay);
      await iou(marta.id, "Capinha", "30,00", today, addDays(today, 30));

      const letter = await app.letter.printDebtReminderLetter(STAFF, marta.id, "a4", today);
      expect(letter.status).toBe("ready");
      if (letter.status !== "ready") return;
      const text = visibleText(letter.html);
      expect(text).toContain("A Marta Carta Cobrança");
      expect(text).toContain("Rua dos Ipês, 45");
      expect(text).toContain("Centro – Campinas/SP – CEP 13010-000");
      expect(text).toContain("Olá, Marta.");
      expect(text).toContain(`Fiado: Película de vidro ${formatDay(overdueDay)} (vencido há 12 dias) R$ 45,00`);
      expect(text).toContain(`Fiado: Capinha ${formatDay(addDays(today, 30))} R$ 30,00`);
      expect(text).toContain("Vencido R$ 45,00");
      expect(text).toContain("A vencer R$ 30,00");
      expect(text).toContain("Total em aberto R$ 75,00");
      // The PIX asks for what is due, as the WhatsApp reminder does, and its code is printed whole.
      expect(text).toContain("Por PIX, o valor de R$ 45,00 (o que venceu até hoje)");
      expect(letter.html).toMatch(/<p class="pix">000201.*5303986.*540545\.00/);
      expect(letter.html).toMatch(/alt="QR code PIX de R\$\s45,00"/);
      // CDC art. 42-A: who charges, with CNPJ and address; art. 42: personal, for the customer only.
      expect(text).toContain(
        "Cobrança de Conserto Rapido Ltda, CNPJ 12.345.678/0001-95, Rua das Flores, 123 – Campinas/SP (Código de Defesa do Consumidor, art. 42-A).",
      );
      expect(text).toContain("Esta carta é pessoal e se destina somente a Marta Carta Cobrança.");
      expect(text).not.toMatch(/devedor|inadimplente|protesto|SPC|Serasa/i);
    });

    it("a carta sem nada vencido lembra o próximo vencimento; sem PIX da loja, diz como pagar na loja", async () => {
      const nilo = await newCustomer({ name: "Nilo Sem Atraso" });
      await iou(nilo.id, "Cabo USB-C", "25,00", today, addDays(today, 10));
      const letter = await app.letter.printDebtReminderLetter(STAFF, nilo.id, "a4", today);
      expect(letter.status === "ready" && visibleText(letter.html)).toContain(
        `Por PIX, o valor de R$ 25,00 (o que vence em ${formatDay(addDays(today, 10))})`,
      );

      const settings = await import("~/modules/shop-settings/queries.server");
      await app.db.update(app.tables.shopSettings).set({ pixKey: "" });
      settings.forgetCachedShopSettings();
      try {
        const withoutPix = await app.letter.printDebtReminderLetter(STAFF, nilo.id, "a4", today);
        expect(withoutPix.status).toBe("ready");
        if (withoutPix.status !== "ready") return;
        expect(withoutPix.html).not.toContain('class="pix"');
        expect(visibleText(withoutPix.html)).toContain("Na loja, em dinheiro, cartão ou PIX: Rua das Flores, 123 – Campinas/SP.");
      } finally {
        await app.db.update(app.tables.shopSettings).set({ pixKey: SHOP.pixKey });
        settings.forgetCachedShopSettings();
      }
    });

    it("não imprime carta para quem não deve, para cliente inexistente, nem para quem não é da equipe", async () => {
      const quite = await newCustomer({ name: "Olga Em Dia" });
      expect(await app.letter.printDebtReminderLetter(STAFF, quite.id, "a4", today)).toEqual({
        status: "nothing-owed",
        customerName: "Olga Em Dia",
      });
      expect(await app.letter.printDebtReminderLetter(STAFF, 999_999, "a4", today)).toEqual({ status: "not-found" });
      await expect(app.letter.printDebtReminderLetter(CUSTOMER_ACTOR, quite.id, "a4", today)).rejects.toBeInstanceOf(
        app.errors.ForbiddenError,
      );
    });

    it("a etiqueta do aparelho traz a OS, o QR de acompanhamento, só o primeiro nome, o aparelho e a previsão", async () => {
      const paula = await newCustomer({ name: "Paula Etiqueta Sobrenome", phone: "11976543210" });
      const order = await app.factory.createTestServiceOrder(app.db, {
        customerId: paula.id,
        status: "diagnosing",
        seed: 1401,
        overrides: { promisedDate: "2026-12-03", brand: "Motorola", model: "Moto G84" },
      });
      const label = await app.printing.printOrderDocument(STAFF, order.id, "etiqueta", "label");
      expect(label.status).toBe("ready");
      if (label.status !== "ready") return;
      const text = visibleText(label.html);
      expect(text).toContain(`OS ${order.id}`);
      expect(text).toContain("Paula");
      expect(text).not.toContain("Sobrenome");
      expect(text).not.toMatch(/98765|97654|3210/);
      expect(text).toContain("Motorola Moto G84");
      expect(text).toContain("Previsão 03/12/2026");
      expect(label.html).toMatch(/<img class="etiqueta-qr" src="data:image\/svg\+xml;base64,/);
      expect(label.issuedAt).toBeNull();
    });

    it("a reimpressão de um comprovante dias depois é 2ª via; o comprovante de entrega impresso na entrega não; a etiqueta nunca", async () => {
      const { reprintedAtOf } = await import("~/modules/print-templates/reprint");
      const sara = await newCustomer({ name: "Sara Segunda Via" });
      const createdAt = new Date(Date.now() - 3 * 86_400_000);
      const order = await app.factory.createTestServiceOrder(app.db, {
        customerId: sara.id,
        status: "ready",
        seed: 1403,
        createdAt,
      });
      const entry = await app.printing.printOrderDocument(STAFF, order.id, "entrada", "80mm");
      expect(entry.status === "ready" && entry.actAt).toBe(createdAt.toISOString());
      expect(entry.status === "ready" && reprintedAtOf(entry.actAt)).toBeTruthy();

      const orderMutations = await import("~/modules/service-orders/mutations.server");
      const { db } = app;
      const { serviceOrders } = await import("~/db/schema/service-orders");
      const { eq } = await import("drizzle-orm");
      // Paid in full, so the delivery needs no debt.
      await db.update(serviceOrders).set({ paidCents: 1_000_000, discountCents: 0 }).where(eq(serviceOrders.id, order.id));
      await orderMutations.deliverServiceOrder(STAFF, order.id, { deliveredTo: "Sara", registerDebt: false });
      const delivery = await app.printing.printOrderDocument(STAFF, order.id, "entrega", "a4");
      expect(delivery.status === "ready" && delivery.actAt).toBe(delivery.status === "ready" && delivery.issuedAt);
      expect(delivery.status === "ready" && reprintedAtOf(delivery.actAt)).toBeNull();

      const label = await app.printing.printOrderDocument(STAFF, order.id, "etiqueta", "label");
      expect(label.status === "ready" && label.actAt).toBeNull();
    });

    it("as impressões de uma OS são só da equipe, a etiqueta inclusive", async () => {
      const rita = await newCustomer({ name: "Rita Acesso" });
      const order = await app.factory.createTestServiceOrder(app.db, { customerId: rita.id, status: "received", seed: 1402 });
      for (const document of ["etiqueta", "entrada"] as const) {
        await expect(app.printing.printOrderDocument(CUSTOMER_ACTOR, order.id, document, "a4")).rejects.toBeInstanceOf(
          app.errors.ForbiddenError,
        );
      }
    });
  });
}

function formatDay(isoDay: string) {
  const [year, month, day] = isoDay.split("-");
  return `${day}/${month}/${year}`;
}
