import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, shopToday } from "~/lib/dates";
import type { Actor } from "~/modules/accounts/roles";
import { insertTestCreditPlan } from "../support/credit-plans";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";
import { giveTheShopItsOwnPixKey } from "../support/shop-pix-key";

const STAFF: Actor = { userId: "staff-area", label: "equipe@loja.test", role: "staff" };
const ANA: Actor = { userId: "conta-ana", label: "ana@cliente.test", role: "customer" };
const BRUNO: Actor = { userId: "conta-bruno", label: "bruno@cliente.test", role: "customer" };

async function loadModules() {
  const [client, auth, accounts, customers, audit, documents, warranties, credit, registers] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/accounts"),
    import("~/db/schema/customers"),
    import("~/db/schema/audit"),
    import("~/db/schema/print-documents"),
    import("~/db/schema/warranties"),
    import("~/db/schema/credit"),
    import("~/db/schema/cash-register"),
  ]);
  return {
    client,
    db: await client.getDb(),
    tables: { ...auth, ...accounts, ...customers, ...audit, ...documents, ...warranties, ...credit, ...registers },
    records: await import("~/modules/demo/test-records.server"),
    orders: await import("~/modules/service-orders/mutations.server"),
    printing: await import("~/modules/service-orders/print-documents.server"),
    contract: await import("~/modules/credit/contract.server"),
    payments: await import("~/modules/credit/payments.server"),
    receipts: await import("~/modules/credit/payment-print.server"),
    plans: await import("~/modules/credit/account-plans.server"),
    accountDocuments: await import("~/modules/print-templates/account-documents.server"),
    accountWarranties: await import("~/modules/warranties/account-warranties.server"),
    profile: await import("~/modules/customers/account-profile.server"),
    errors: await import("~/lib/errors"),
  };
}

type Person = { customerId: number; orderId: number; planId: number; paymentId: number; documentIds: number[] };

/**
 * "Minha conta" beyond repairs (issue 24, part 2) against a real database:
 * the customer's own warranties, issued documents (2ª via), payment
 * receipts and the next instalment's PIX, each read only through the
 * session's account and refused for another customer's ids; the profile,
 * whose name or phone change waits for the staff on the linked records
 * while the marketing choice reaches them at once.
 */
export function defineCustomerAreaSuite(database: TestDatabase) {
  describeOnDatabase(database, "área do cliente", () => {
    let app: Awaited<ReturnType<typeof loadModules>>;
    let dropDatabase: (() => Promise<void>) | undefined;
    const people = {} as Record<"ana" | "bruno", Person>;

    async function customerWithEverything(name: string, email: string, phone: string, seed: number): Promise<Person> {
      const { id: customerId } = await app.records.createTestCustomer(app.db, { name, email, phone }, seed);
      const order = await app.records.createTestServiceOrder(app.db, { customerId, status: "ready", seed });
      await app.orders.deliverServiceOrder(STAFF, order.id, { deliveredTo: name, registerDebt: true });
      const { planId } = await insertTestCreditPlan(app.db, {
        customerId,
        origin: { serviceOrderId: order.id },
        financedCents: 60_000,
        instalmentCount: 3,
        monthlyRateBasisPoints: 299,
        contractDate: addDays(shopToday(), -5),
      });
      await app.contract.printCreditContract(STAFF, planId, "a4");
      const paid = await app.client.inTransaction((tx) =>
        app.payments.payCreditPlanInTx(tx, STAFF, planId, {
          amount: "50,00",
          method: "pix",
          idempotencyKey: crypto.randomUUID(),
        }),
      );
      const [payment] = await app.db
        .select({ id: app.tables.creditPayments.id })
        .from(app.tables.creditPayments)
        .where(eq(app.tables.creditPayments.planId, planId));
      expect(paid).toBeTruthy();
      const documents = await app.db
        .select({ id: app.tables.issuedDocuments.id, subject: app.tables.issuedDocuments.subject })
        .from(app.tables.issuedDocuments);
      const own = new Set([`service_order:${order.id}`, `credit_plan:${planId}`]);
      return {
        customerId,
        orderId: order.id,
        planId,
        paymentId: payment!.id,
        documentIds: documents.filter((document) => own.has(document.subject)).map(({ id }) => id),
      };
    }

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      await giveTheShopItsOwnPixKey();
      // A static PIX code names who receives.
      const { shopSettings } = await import("~/db/schema/shop-settings");
      await app.db.update(shopSettings).set({ legalName: "Conserta Já Reparos Ltda.", city: "São Paulo" });
      (await import("~/modules/shop-settings/queries.server")).forgetCachedShopSettings();
      await app.db.insert(app.tables.user).values([
        { id: STAFF.userId!, name: "Equipe", email: STAFF.label, role: "staff", emailVerified: true },
        { id: ANA.userId!, name: "Ana", email: ANA.label, role: "customer", emailVerified: true },
        { id: BRUNO.userId!, name: "Bruno", email: BRUNO.label, role: "customer", emailVerified: true },
      ]);
      await app.db.insert(app.tables.cashRegisters).values({ openingFloatCents: 0, openedByLabel: STAFF.label });
      people.ana = await customerWithEverything("Ana Souza", "Ana@Cliente.test", "11987650001", 24_001);
      people.bruno = await customerWithEverything("Bruno Lima", "bruno@cliente.test", "11987650002", 24_002);
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    it("lists each customer's own warranties with what they cover, until when, and the term's 2ª via", async () => {
      const [warranty] = await app.db
        .select()
        .from(app.tables.warranties)
        .where(eq(app.tables.warranties.serviceOrderId, people.ana.orderId));
      const listed = await app.accountWarranties.listAccountWarranties(ANA.userId!);
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({
        id: warranty!.id,
        origin: `OS nº ${people.ana.orderId}`,
        endsOn: warranty!.endsOn,
        coverage: warranty!.coverage,
        status: "active",
        termPath: `/minha-conta/documentos/${warranty!.issuedDocumentId}`,
      });
      expect((await app.accountWarranties.listAccountWarranties(BRUNO.userId!)).map(({ id }) => id)).not.toContain(warranty!.id);
      expect(await app.accountWarranties.listAccountWarranties(STAFF.userId!)).toEqual([]);
      expect(await app.accountWarranties.listAccountWarranties("nao-existe")).toEqual([]);
    });

    it("lists the documents issued to the customer and opens each as stored, never another customer's", async () => {
      // A delivery receipt, the warranty term and the crediário contract.
      expect(people.ana.documentIds).toHaveLength(3);
      const listed = await app.accountDocuments.listAccountDocuments(ANA.userId!);
      expect(listed.map(({ id }) => id).sort()).toEqual([...people.ana.documentIds].sort());
      expect(listed.map(({ title }) => title).sort()).toEqual(
        ["Comprovante de entrega", "Contrato de crediário", "Termo de garantia"].sort(),
      );

      const copy = await app.accountDocuments.printAccountDocument(ANA.userId!, people.ana.documentIds[0]!, "a4");
      expect(copy?.html).toBeTruthy();
      // The same bytes the staff reprint shows.
      const [stored] = await app.db
        .select()
        .from(app.tables.issuedDocuments)
        .where(eq(app.tables.issuedDocuments.id, people.ana.documentIds[0]!));
      expect(copy?.html).toBe(stored!.bodies.a4);

      for (const foreign of people.bruno.documentIds) {
        expect(await app.accountDocuments.printAccountDocument(ANA.userId!, foreign, "a4")).toBeNull();
        expect(await app.accountDocuments.printAccountDocument(STAFF.userId!, foreign, "a4")).toBeNull();
      }
      expect(await app.accountDocuments.printAccountDocument(ANA.userId!, 999_999, null)).toBeNull();
      expect((await app.accountDocuments.listAccountDocuments(BRUNO.userId!)).map(({ id }) => id)).not.toContain(
        people.ana.documentIds[0],
      );
    });

    it("opens a payment receipt of the customer's own plan only", async () => {
      const own = await app.receipts.printAccountCreditPaymentReceipt(ANA.userId!, people.ana.planId, people.ana.paymentId, "a4");
      expect(own?.html).toMatch(/Total pago \(PIX\)<\/th><td class="num">R\$\s50,00/);
      const refusals: [number, number][] = [
        [people.bruno.planId, people.bruno.paymentId],
        [people.ana.planId, people.bruno.paymentId],
        [people.bruno.planId, people.ana.paymentId],
        [999_999, people.ana.paymentId],
      ];
      for (const [planId, paymentId] of refusals) {
        expect(await app.receipts.printAccountCreditPaymentReceipt(ANA.userId!, planId, paymentId, "a4")).toBeNull();
      }
      expect(
        await app.receipts.printAccountCreditPaymentReceipt(STAFF.userId!, people.ana.planId, people.ana.paymentId, "a4"),
      ).toBeNull();
    });

    it("gives the next instalment's PIX for today's amount, and refuses it with the demo key", async () => {
      const [plan] = await app.plans.listAccountCreditPlans(ANA.userId!);
      expect(plan?.id).toBe(people.ana.planId);
      expect(plan?.payments).toEqual([
        expect.objectContaining({
          id: people.ana.paymentId,
          amountCents: 5_000,
          receiptPath: `/minha-conta/crediarios/${people.ana.planId}/recibos/${people.ana.paymentId}`,
        }),
      ]);
      expect(plan?.next?.pix).toMatchObject({ status: "ready", charge: { amountCents: plan?.next?.dueTodayCents } });
      expect(plan?.next?.dueTodayCents).toBeGreaterThan(0);
      expect((await app.plans.listAccountCreditPlans(BRUNO.userId!)).map(({ id }) => id)).toEqual([people.bruno.planId]);

      const { DEMO_SHOP_SETTINGS } = await import("~/modules/shop-settings/demo-settings");
      const { shopSettings } = await import("~/db/schema/shop-settings");
      const { forgetCachedShopSettings } = await import("~/modules/shop-settings/queries.server");
      await app.db.update(shopSettings).set({ pixKey: DEMO_SHOP_SETTINGS.pixKey });
      forgetCachedShopSettings();
      try {
        const [withDemoKey] = await app.plans.listAccountCreditPlans(ANA.userId!);
        expect(withDemoKey?.next?.pix).toMatchObject({
          status: "unavailable",
          message: expect.stringContaining("PIX indisponível"),
        });
      } finally {
        await giveTheShopItsOwnPixKey();
        forgetCachedShopSettings();
      }
    });

    async function recordOf(customerId: number) {
      const [record] = await app.db.select().from(app.tables.customers).where(eq(app.tables.customers.id, customerId));
      return record!;
    }

    it("shows the profile from the linked record until the customer sets their own", async () => {
      expect(await app.profile.getAccountProfile(ANA.userId!)).toMatchObject({
        fullName: "Ana",
        email: ANA.label,
        phone: "11987650001",
        marketingConsent: false,
        marketingConsentAt: null,
        hasLinkedRecords: true,
        pendingChanges: [],
      });
      expect(await app.profile.getAccountProfile("nao-existe")).toBeNull();
      // Saving it unchanged changes nothing and asks the staff for nothing.
      expect(await app.profile.updateAccountProfile(ANA, { fullName: "Ana", phone: "(11) 98765-0001" })).toEqual({
        changed: [],
        requested: 0,
      });
      expect(await app.profile.listCustomerChangeRequests(STAFF, people.ana.customerId)).toEqual([]);
    });

    it("refuses bad input with Portuguese messages and changes nothing", async () => {
      const refusals: [unknown, Record<string, RegExp>][] = [
        [{ fullName: "", phone: "" }, { fullName: /Informe seu nome/ }],
        [{ fullName: "A", phone: "" }, { fullName: /pelo menos 2/ }],
        [{ fullName: "Ana", phone: "1234" }, { phone: /DDD/ }],
        [{ fullName: "Ana", phone: "11987650001", marketingConsent: "talvez" }, { marketingConsent: /autorização/ }],
        [{ fullName: "x".repeat(121) }, { fullName: /no máximo 120/ }],
        ["não é formulário", { form: /formulário/ }],
      ];
      for (const [input, messages] of refusals) {
        const error = await app.profile.updateAccountProfile(ANA, input).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(app.errors.InputError);
        for (const [field, message] of Object.entries(messages)) {
          expect((error as InstanceType<typeof app.errors.InputError>).fieldErrors[field]).toMatch(message);
        }
      }
      expect(await app.profile.getAccountProfile(ANA.userId!)).toMatchObject({ fullName: "Ana", phone: "11987650001" });
    });

    it("turns a new phone into a request staff apply; the record keeps its phone until then", async () => {
      const result = await app.profile.updateAccountProfile(ANA, { fullName: "Ana Souza Lima", phone: "(21) 99876-5432" });
      expect(result).toEqual({ changed: ["fullName", "phone"], requested: 2 });
      expect(await recordOf(people.ana.customerId)).toMatchObject({ name: "Ana Souza", phone: "11987650001" });
      expect(await app.profile.getAccountProfile(ANA.userId!)).toMatchObject({
        fullName: "Ana Souza Lima",
        phone: "21998765432",
        pendingChanges: [
          expect.objectContaining({ field: "name", value: "Ana Souza Lima" }),
          expect.objectContaining({ field: "phone", value: "21998765432" }),
        ],
      });
      // A second change of mind replaces the open request.
      await app.profile.updateAccountProfile(ANA, { fullName: "Ana Souza Lima", phone: "(21) 99876-0000" });
      const requests = await app.profile.listCustomerChangeRequests(STAFF, people.ana.customerId);
      expect(requests.map(({ field, value, currentValue }) => ({ field, value, currentValue }))).toEqual([
        { field: "name", value: "Ana Souza Lima", currentValue: "Ana Souza" },
        { field: "phone", value: "21998760000", currentValue: "11987650001" },
      ]);
      expect(await app.profile.listCustomerChangeRequests(STAFF, people.bruno.customerId)).toEqual([]);

      // Only staff, and only for the record the request is for.
      const phoneRequest = requests.find(({ field }) => field === "phone")!;
      await expect(app.profile.listCustomerChangeRequests(ANA, people.ana.customerId)).rejects.toBeInstanceOf(
        app.errors.ForbiddenError,
      );
      await expect(
        app.profile.resolveCustomerChangeRequest(ANA, people.ana.customerId, phoneRequest.id, "apply"),
      ).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      await expect(
        app.profile.resolveCustomerChangeRequest(STAFF, people.bruno.customerId, phoneRequest.id, "apply"),
      ).rejects.toMatchObject({ status: 409 });
      expect(await recordOf(people.bruno.customerId)).toMatchObject({ name: "Bruno Lima", phone: "11987650002" });

      await app.profile.resolveCustomerChangeRequest(STAFF, people.ana.customerId, phoneRequest.id, "apply");
      expect(await recordOf(people.ana.customerId)).toMatchObject({ name: "Ana Souza", phone: "21998760000" });
      await expect(
        app.profile.resolveCustomerChangeRequest(STAFF, people.ana.customerId, phoneRequest.id, "apply"),
      ).rejects.toMatchObject({
        status: 409,
        fieldErrors: { form: app.profile.CHANGE_REQUEST_GONE_MESSAGE },
      });
      expect((await app.profile.listCustomerChangeRequests(STAFF, people.ana.customerId)).map(({ field }) => field)).toEqual([
        "name",
      ]);

      // The name is set aside: the record keeps its value, the request leaves the list, and it cannot be applied after.
      const nameRequest = requests.find(({ field }) => field === "name")!;
      await app.profile.resolveCustomerChangeRequest(STAFF, people.ana.customerId, nameRequest.id, "dismiss");
      expect(await recordOf(people.ana.customerId)).toMatchObject({ name: "Ana Souza" });
      expect(await app.profile.listCustomerChangeRequests(STAFF, people.ana.customerId)).toEqual([]);
      await expect(
        app.profile.resolveCustomerChangeRequest(STAFF, people.ana.customerId, nameRequest.id, "apply"),
      ).rejects.toMatchObject({ status: 409 });
      expect(await recordOf(people.ana.customerId)).toMatchObject({ name: "Ana Souza" });

      const audits = await app.db
        .select({ action: app.tables.auditLog.action, details: app.tables.auditLog.details })
        .from(app.tables.auditLog)
        .where(and(eq(app.tables.auditLog.entity, "customer"), eq(app.tables.auditLog.entityId, String(people.ana.customerId))));
      expect(audits).toContainEqual({
        action: "customer.update",
        details: expect.objectContaining({ fields: ["phone"], requestedByUserId: ANA.userId }),
      });
      expect(audits).toContainEqual({
        action: "customer.change-request-dismissed",
        details: expect.objectContaining({ fields: ["name"], requestedByUserId: ANA.userId }),
      });
      const [profileAudit] = await app.db
        .select({ details: app.tables.auditLog.details })
        .from(app.tables.auditLog)
        .where(eq(app.tables.auditLog.action, "account.profile-update"));
      // Fields only: no phone or name in the audit's details.
      expect(JSON.stringify(profileAudit!.details)).not.toMatch(/2199876|Lima/);
    });

    it("applies the marketing choice to the linked records at once, with its date, audited", async () => {
      const before = new Date();
      await app.profile.updateAccountProfile(ANA, { fullName: "Ana Souza Lima", phone: "21998760000", marketingConsent: "on" });
      const consented = await recordOf(people.ana.customerId);
      expect(consented.marketingConsent).toBe(true);
      expect(consented.marketingConsentAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
      const profile = await app.profile.getAccountProfile(ANA.userId!);
      expect(profile).toMatchObject({ marketingConsent: true });
      expect(profile!.marketingConsentAt).not.toBeNull();
      expect((await recordOf(people.bruno.customerId)).marketingConsent).toBe(false);

      await app.profile.updateAccountProfile(ANA, { fullName: "Ana Souza Lima", phone: "21998760000" });
      expect(await recordOf(people.ana.customerId)).toMatchObject({ marketingConsent: false, marketingConsentAt: null });
      expect(await app.profile.getAccountProfile(ANA.userId!)).toMatchObject({ marketingConsent: false });
      const consents = await app.db
        .select({ details: app.tables.auditLog.details })
        .from(app.tables.auditLog)
        .where(
          and(
            eq(app.tables.auditLog.action, "customer.consent-by-customer"),
            eq(app.tables.auditLog.entityId, String(people.ana.customerId)),
          ),
        );
      expect(consents.map(({ details }) => details.marketingConsent)).toEqual([true, false]);
    });
  });
}
