import { randomUUID } from "node:crypto";
import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, shopToday, toShopDateTimeInput } from "~/lib/dates";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";
import { findTextAnywhere } from "../support/personal-data-search";

const STAFF: Actor = { userId: "staff-lgpd", label: "Caixa LGPD", role: "staff" };
const OWNER: Actor = { userId: "owner-lgpd", label: "Dona da loja", role: "owner" };

/** A person no other row of the database could mention by chance. */
const PERSON = {
  name: "Zuleica Quintanilha Brandão",
  phone: "11976543218",
  phoneWritten: "(11) 97654-3218",
  email: "zuleica.qb@exemplo.test",
  cpf: "52998224725",
  cpfWritten: "529.982.247-25",
  address: "Rua Jacarandá Roxo, 417",
  district: "Vila Pitangueiras",
};
const ACCOUNT = { id: "conta-zuleica", token: "sessao-zuleica-token" };
const CUSTOMER: Actor = { userId: ACCOUNT.id, label: PERSON.name, role: "customer" };
const NEEDLES = [
  PERSON.name,
  "Quintanilha",
  PERSON.phone,
  PERSON.phoneWritten,
  "97654-3218",
  PERSON.email,
  PERSON.cpf,
  PERSON.cpfWritten,
  "Jacarandá Roxo",
  "Pitangueiras",
];

async function loadModules() {
  const [client, auth, accounts, customers, orders, register, credit, documents, audit, privacy, warranties, finance] =
    await Promise.all([
      import("~/db/client.server"),
      import("~/db/schema/auth"),
      import("~/db/schema/accounts"),
      import("~/db/schema/customers"),
      import("~/db/schema/service-orders"),
      import("~/db/schema/cash-register"),
      import("~/db/schema/credit"),
      import("~/db/schema/print-documents"),
      import("~/db/schema/audit"),
      import("~/db/schema/privacy"),
      import("~/db/schema/warranties"),
      import("~/db/schema/finance"),
    ]);
  const inventory = await import("~/db/schema/inventory");
  return {
    db: await client.getDb(),
    tables: {
      ...auth,
      ...accounts,
      ...customers,
      ...orders,
      ...register,
      ...credit,
      ...documents,
      ...audit,
      ...privacy,
      ...warranties,
      ...finance,
      ...inventory,
    },
    customers: await import("~/modules/customers/mutations.server"),
    orders: await import("~/modules/service-orders/mutations.server"),
    sales: await import("~/modules/cash-register/sales.server"),
    debts: await import("~/modules/debtors/mutations.server"),
    plans: await import("~/modules/credit/plans.server"),
    payments: await import("~/modules/credit/payments.server"),
    contact: await import("~/modules/contact/mutations.server"),
    settings: await import("~/modules/shop-settings/queries.server"),
    exporting: await import("~/modules/privacy/export.server"),
    requests: await import("~/modules/privacy/deletion-requests.server"),
    errors: await import("~/lib/errors"),
    privacyErrors: await import("~/modules/privacy/errors"),
  };
}

const key = () => randomUUID();

/** The one count a `select count()` returns. */
const leftOf = async (rows: Promise<{ total: number }[]>) => (await rows)[0]!.total;

/**
 * The LGPD duties (issue 24 §2, issue 25 §4) against a real database: a
 * customer with an order, a sale, a crediário plan paid off, issued
 * documents, debts, a contact message and audit entries, all through the
 * real use cases; the export holds them (never an unlock code); the
 * anonymiser is refused while the shop has a claim and for staff; carried
 * out, the person's name, phone, e-mail, CPF and address are found in no
 * text or jsonb column of any table, while every amount and date remain.
 */
export function definePersonalDataSuite(database: TestDatabase) {
  describeOnDatabase(database, "LGPD: exportação e anonimização", () => {
    let app: Awaited<ReturnType<typeof loadModules>>;
    let dropDatabase: (() => Promise<void>) | undefined;
    let customerId: number;
    let otherCustomerId: number;
    let orderId: number;
    let saleId: number;
    let planId: number;
    const today = shopToday();

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      const t = app.tables;
      await app.db.insert(t.user).values([
        { id: STAFF.userId!, name: STAFF.label, email: "caixa-lgpd@loja.test", role: "staff", emailVerified: true },
        { id: OWNER.userId!, name: OWNER.label, email: "dona-lgpd@loja.test", role: "owner", emailVerified: true },
        {
          id: ACCOUNT.id,
          name: PERSON.name,
          email: PERSON.email,
          role: "customer",
          emailVerified: true,
          image: "https://fotos.exemplo.test/zuleica-quintanilha.jpg",
        },
      ]);
      await app.db.insert(t.profiles).values({ userId: ACCOUNT.id, email: PERSON.email, fullName: PERSON.name });
      await app.db.insert(t.account).values({
        id: "acc-zuleica",
        accountId: ACCOUNT.id,
        providerId: "credential",
        userId: ACCOUNT.id,
        password: "scrypt:hash-da-senha",
        updatedAt: new Date(),
      });
      await app.db.insert(t.session).values({
        id: "ses-zuleica",
        token: ACCOUNT.token,
        userId: ACCOUNT.id,
        expiresAt: new Date(Date.now() + 86_400_000),
        ipAddress: "203.0.113.9",
        userAgent: "Teste",
        updatedAt: new Date(),
      });
      await app.db.insert(t.verification).values({
        id: "ver-zuleica",
        identifier: `reset-password:${randomUUID()}`,
        value: ACCOUNT.id,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      await app.settings.getShopSettings();

      const created = await app.customers.createCustomer(STAFF, {
        name: PERSON.name,
        phone: PERSON.phoneWritten,
        document: PERSON.cpfWritten,
        email: PERSON.email,
        cep: "01310-100",
        address: PERSON.address,
        district: PERSON.district,
        city: "São Paulo",
        state: "SP",
        marketingConsent: "on",
        notes: `Prefere WhatsApp ${PERSON.phoneWritten}`,
        referredByCustomerId: "",
      });
      customerId = created.id;
      otherCustomerId = (
        await app.customers.createCustomer(STAFF, {
          name: "Outro Cliente Qualquer",
          phone: "11912345678",
          email: "outro@exemplo.test",
        })
      ).id;
      await app.contact.createContactMessage({
        name: PERSON.name,
        email: PERSON.email,
        phone: PERSON.phone,
        subject: "Orçamento",
        message: `Sou ${PERSON.name}, CPF ${PERSON.cpfWritten}.`,
      });
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    async function openRegister() {
      const t = app.tables;
      await app.db
        .update(t.cashRegisters)
        .set({ isOpen: false, closedAt: new Date(), closedByLabel: "teste" })
        .where(eq(t.cashRegisters.isOpen, true));
      await app.db
        .insert(t.cashRegisters)
        .values({ openingFloatCents: 0, openedByLabel: STAFF.label, openedByUserId: STAFF.userId });
    }

    async function anonymiseRefusal(id: number) {
      return app.requests.anonymiseCustomer(OWNER, id).then(
        () => expect.unreachable("should have been refused"),
        (error: unknown) => error as Error,
      );
    }

    it("builds the customer's history through the real flows, refusing to anonymise while a device is in the shop or a crediário is open", async () => {
      await openRegister();
      const order = await app.orders.createServiceOrder(STAFF, {
        customerId: String(customerId),
        deviceType: "phone",
        brand: "Samsung",
        model: "A52",
        imeiOrSerial: "",
        color: "",
        accessories: "",
        conditionChecklist: [],
        conditionNotes: "",
        unlockKind: "pin",
        unlockCode: "2580",
        reportedDefect: `Não liga. Avisar ${PERSON.name} no ${PERSON.phoneWritten}`,
        diagnosis: "",
        technicianUserId: "",
        lines: [{ kind: "service", description: "Troca de tela", quantity: "1", unitPrice: "500,00", productId: "" }],
        discount: "",
        deposit: "",
        depositMethod: "",
        promisedDate: "",
        warrantyDays: "",
        notes: `Cliente ${PERSON.name}, e-mail ${PERSON.email}`,
        idempotencyKey: key(),
      });
      orderId = order.id;
      const stillHere = await anonymiseRefusal(customerId);
      expect(stillHere).toBeInstanceOf(app.privacyErrors.AnonymisationRefusedError);
      expect(stillHere.message).toContain(`o aparelho da OS nº ${orderId} ainda está na loja`);

      await app.orders.addServiceOrderPayment(STAFF, orderId, {
        method: "debit",
        amount: "500,00",
        paidAt: "",
        note: "",
        idempotencyKey: key(),
      });
      for (const to of ["diagnosing", "awaiting_approval", "approved", "repairing", "ready"] as const) {
        await app.orders.changeServiceOrderStatus(STAFF, orderId, to);
      }
      await app.orders.deliverServiceOrder(STAFF, orderId, {
        deliveredTo: `${PERSON.name} (CPF ${PERSON.cpfWritten})`,
        registerDebt: false,
      });

      const [product] = await app.db
        .insert(app.tables.products)
        .values({
          kind: "service",
          sku: `LGPD-${key().slice(0, 6)}`,
          name: "Película",
          slug: `pelicula-${key().slice(0, 6)}`,
          priceCents: 15_000,
          revenueSource: "services",
        })
        .returning({ id: app.tables.products.id });
      const sale = await app.sales.recordSale(STAFF, {
        idempotencyKey: key(),
        customerId: String(customerId),
        discount: "",
        items: [{ productId: String(product!.id), quantity: "1", discount: "" }],
        payments: [{ method: "debit", amount: "150,00" }],
        expectedTotal: "150,00",
      });
      saleId = sale.saleId;

      const debt = await app.debts.createDebt(STAFF, customerId, {
        idempotencyKey: key(),
        description: `Capinha fiada para ${PERSON.name}`,
        amount: "300,00",
        incurredOn: today,
        dueDate: today,
        revenueSource: "products",
      });
      const { debtId } = debt;
      await app.debts.recordDebtContact(STAFF, customerId, {
        channel: "whatsapp",
        contactedAt: toShopDateTimeInput(new Date()),
        note: `Falei com ${PERSON.name} pelo ${PERSON.phoneWritten}`,
      });
      const plan = await app.plans.createCreditPlan(
        STAFF,
        {
          idempotencyKey: key(),
          originKind: "debt",
          originId: String(debtId),
          terms: { instalmentCount: "3", monthlyRate: "0", firstDueDate: addDays(today, 30) },
          fee: "",
          downPayment: "",
          downPaymentMethod: "",
        },
        { today },
      );
      planId = plan.planId;
      const openPlan = await anonymiseRefusal(customerId);
      expect(openPlan.message).toContain(`o crediário nº ${planId} está em aberto`);

      await app.payments.payoffCreditPlan(
        STAFF,
        planId,
        { instalments: "todas", expectedTotal: "300,00", method: "debit", idempotencyKey: key() },
        today,
      );
      const [paid] = await app.db
        .select({ status: app.tables.creditPlans.status })
        .from(app.tables.creditPlans)
        .where(eq(app.tables.creditPlans.id, planId));
      expect(paid!.status).toBe("paid");

      // Documents were issued to her, and the person is everywhere before the anonymiser runs.
      const documents = await app.db.select({ kind: app.tables.issuedDocuments.kind }).from(app.tables.issuedDocuments);
      expect(documents.length).toBeGreaterThanOrEqual(3);
      const before = await findTextAnywhere(app.db, NEEDLES);
      const tablesBefore = new Set(before.map((hit) => hit.table));
      for (const table of ["customers", "user", "service_orders", "issued_documents", "audit_log", "debts", "contact_messages"]) {
        expect(tablesBefore, table).toContain(table);
      }
    });

    it("gives the customer their own data as readable JSON, never the unlock code, and records that in the audit log", async () => {
      const data = await app.exporting.exportOwnData(CUSTOMER);
      expect(data.cadastros).toEqual([
        expect.objectContaining({ numero: customerId, nome: PERSON.name, cpfOuCnpj: PERSON.cpf, email: PERSON.email }),
      ]);
      expect(data.contas).toEqual([expect.objectContaining({ email: PERSON.email, emailConfirmado: true })]);
      expect(data.ordensDeServico).toEqual([
        expect.objectContaining({
          numero: orderId,
          situacao: "delivered",
          pago: expect.stringContaining("500,00"),
          aparelhoTinhaBloqueioDeTela: expect.any(Boolean),
        }),
      ]);
      expect(data.vendas).toEqual([
        expect.objectContaining({ codigo: `VENDA${saleId}`, total: expect.stringContaining("150,00") }),
      ]);
      expect(data.crediario).toEqual([expect.objectContaining({ numero: planId, situacao: "paid" })]);
      expect(data.crediario[0]!.parcelas).toHaveLength(3);
      expect(data.dividas).toHaveLength(1);
      expect(data.garantias).toHaveLength(1);
      expect(data.documentosEmitidos.length).toBeGreaterThanOrEqual(3);
      expect(data.consentimentos).toEqual([expect.objectContaining({ autorizado: true })]);
      const text = JSON.stringify(data);
      expect(text).not.toMatch(/2580|unlockSecret|password|scrypt|sessao-zuleica|token/i);
      // Nobody else's record comes with it.
      expect(text).not.toContain("Outro Cliente Qualquer");
      const [audited] = await app.db.select().from(app.tables.auditLog).where(eq(app.tables.auditLog.action, "privacy.export"));
      expect(audited).toMatchObject({ actorUserId: ACCOUNT.id, entity: "user", entityId: ACCOUNT.id });

      // Staff get neither the owner's export nor its anonymiser; a customer is refused the owner's functions too.
      await expect(app.exporting.exportCustomerData(STAFF, customerId)).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      await expect(app.requests.anonymiseCustomer(STAFF, customerId)).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      await expect(app.requests.anonymiseCustomer(CUSTOMER, customerId)).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      await expect(app.requests.listDeletionRequests(STAFF)).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      await expect(app.requests.requestAccountDeletion(STAFF)).rejects.toThrow(/Contas da equipe/);
      const owners = await app.exporting.exportCustomerData(OWNER, customerId);
      expect(owners.cadastros[0]!.nome).toBe(PERSON.name);
    });

    it("refuses to anonymise a customer with an open fiado, says why, and changes nothing", async () => {
      const { debtId } = await app.debts.createDebt(STAFF, otherCustomerId, {
        idempotencyKey: key(),
        description: "Bateria fiada",
        amount: "90,00",
        incurredOn: today,
        dueDate: today,
        revenueSource: "products",
      });
      const refused = await anonymiseRefusal(otherCustomerId);
      expect(refused).toBeInstanceOf(app.privacyErrors.AnonymisationRefusedError);
      expect(refused.message).toContain(`o fiado/dívida nº ${debtId} está em aberto`);
      const [other] = await app.db.select().from(app.tables.customers).where(eq(app.tables.customers.id, otherCustomerId));
      expect(other!.name).toBe("Outro Cliente Qualquer");
      const audited = await app.db.select().from(app.tables.auditLog).where(eq(app.tables.auditLog.action, "privacy.anonymise"));
      expect(audited).toEqual([]);
    });

    it("records the customer's deletion request once, due in 15 days, listed for the owner", async () => {
      const first = await app.requests.requestAccountDeletion(CUSTOMER);
      expect(first).toMatchObject({ status: "pending", dueOn: addDays(today, 15), isNew: true });
      const again = await app.requests.requestAccountDeletion(CUSTOMER);
      expect(again).toMatchObject({ id: first.id, isNew: false });
      const own = await app.requests.getOwnDeletionRequest(CUSTOMER);
      expect(own).toMatchObject({ request: { id: first.id, status: "pending" }, claims: [] });
      const [listed] = await app.requests.listDeletionRequests(OWNER, today);
      expect(listed).toMatchObject({
        id: first.id,
        status: "pending",
        who: PERSON.name,
        email: PERSON.email,
        daysLeft: 15,
        customerIds: [customerId],
      });
      await expect(app.requests.carryOutDeletionRequest(STAFF, first.id)).rejects.toBeInstanceOf(app.errors.ForbiddenError);
    });

    it("carries the request out: the person is found in no column of any table, the account is gone, amounts and dates remain", async () => {
      const t = app.tables;
      const money = async () => ({
        order: await app.db
          .select({
            total: t.serviceOrders.linesTotalCents,
            paid: t.serviceOrders.paidCents,
            deliveredAt: t.serviceOrders.deliveredAt,
            createdAt: t.serviceOrders.createdAt,
            status: t.serviceOrders.status,
          })
          .from(t.serviceOrders)
          .where(eq(t.serviceOrders.id, orderId)),
        sale: await app.db
          .select({ total: t.sales.totalCents, createdAt: t.sales.createdAt, code: t.sales.code })
          .from(t.sales)
          .where(eq(t.sales.id, saleId)),
        plan: await app.db
          .select({
            financed: t.creditPlans.financedCents,
            total: t.creditPlans.totalCents,
            contractDate: t.creditPlans.contractDate,
            status: t.creditPlans.status,
          })
          .from(t.creditPlans)
          .where(eq(t.creditPlans.id, planId)),
        instalments: await app.db
          .select({
            amount: t.creditInstalments.amountCents,
            due: t.creditInstalments.dueDate,
            settledAt: t.creditInstalments.settledAt,
          })
          .from(t.creditInstalments)
          .where(eq(t.creditInstalments.planId, planId))
          .orderBy(asc(t.creditInstalments.number)),
        entries: await app.db
          .select({ amount: t.registerEntries.amountCents, day: t.registerEntries.businessDate, kind: t.registerEntries.kind })
          .from(t.registerEntries)
          .orderBy(asc(t.registerEntries.id)),
        finance: await app.db
          .select({ amount: t.financeEntries.amountCents, day: t.financeEntries.paidDate })
          .from(t.financeEntries)
          .orderBy(asc(t.financeEntries.id)),
        documents: await app.db
          .select({ id: t.issuedDocuments.id, kind: t.issuedDocuments.kind, issuedAt: t.issuedDocuments.issuedAt })
          .from(t.issuedDocuments)
          .orderBy(asc(t.issuedDocuments.id)),
        warranties: await app.db.select({ endsOn: t.warranties.endsOn, startsOn: t.warranties.startsOn }).from(t.warranties),
        audit: (await app.db.select({ total: count() }).from(t.auditLog))[0]!.total,
      });
      const before = await money();
      expect(before.entries.length).toBeGreaterThanOrEqual(3);
      const [request] = await app.requests.listDeletionRequests(OWNER, today);

      const done = await app.requests.carryOutDeletionRequest(OWNER, request!.id);
      expect(done).toMatchObject({
        customerIds: [customerId],
        removedAccounts: 1,
        label: `Cliente anonimizado nº ${customerId}`,
      });

      expect(await findTextAnywhere(app.db, NEEDLES)).toEqual([]);
      const after = await money();
      expect({ ...after, audit: 0 }).toEqual({ ...before, audit: 0 });
      // The audit log keeps every entry (plus the anonymiser's own and the request's completion).
      expect(after.audit).toBe(before.audit + 2);

      const [customer] = await app.db.select().from(t.customers).where(eq(t.customers.id, customerId));
      expect(customer).toMatchObject({
        name: `Cliente anonimizado nº ${customerId}`,
        phone: "",
        email: "",
        document: null,
        address: "",
        marketingConsent: false,
      });
      const [order] = await app.db.select().from(t.serviceOrders).where(eq(t.serviceOrders.id, orderId));
      expect(order).toMatchObject({ deliveredTo: `Cliente anonimizado nº ${customerId}`, unlockKind: null, unlockSecret: null });
      // The sign-in account cannot sign in again: no user, no password, no session, no reset link.
      expect(await leftOf(app.db.select({ total: count() }).from(t.user).where(eq(t.user.id, ACCOUNT.id)))).toBe(0);
      expect(await leftOf(app.db.select({ total: count() }).from(t.account).where(eq(t.account.userId, ACCOUNT.id)))).toBe(0);
      expect(await leftOf(app.db.select({ total: count() }).from(t.session).where(eq(t.session.token, ACCOUNT.token)))).toBe(0);
      expect(await leftOf(app.db.select({ total: count() }).from(t.profiles).where(eq(t.profiles.userId, ACCOUNT.id)))).toBe(0);
      expect(
        await leftOf(app.db.select({ total: count() }).from(t.verification).where(eq(t.verification.value, ACCOUNT.id))),
      ).toBe(0);
      const [completed] = await app.requests.listDeletionRequests(OWNER, today);
      expect(completed).toMatchObject({
        status: "completed",
        who: `Cliente anonimizado nº ${customerId}`,
        completedByLabel: OWNER.label,
      });
      const [anonymised] = await app.db.select().from(t.auditLog).where(eq(t.auditLog.action, "privacy.anonymise"));
      expect(anonymised).toMatchObject({ actorUserId: OWNER.userId, entityId: String(customerId) });
      expect(anonymised!.details).toMatchObject({ reason: "deletion-request", customerIds: [customerId], removedAccounts: 1 });

      // Someone else's record is untouched.
      const [other] = await app.db.select().from(t.customers).where(eq(t.customers.id, otherCustomerId));
      expect(other).toMatchObject({ name: "Outro Cliente Qualquer", phone: "11912345678", email: "outro@exemplo.test" });
    });
  });
}
