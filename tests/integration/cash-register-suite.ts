import { randomUUID } from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import * as fc from "fast-check";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, raceTitle, type TestDatabase } from "../support/database";
import { giveTheShopItsOwnPixKey } from "../support/shop-pix-key";

const STAFF: Actor = { userId: "staff-ana", label: "ana@loja.test", role: "staff" };
const OWNER: Actor = { userId: "owner-bia", label: "bia@loja.test", role: "owner" };
const CUSTOMER: Actor = { userId: "customer-caio", label: "caio@cliente.test", role: "customer" };
const PUBLIC: Actor = { userId: null, label: "Cliente (consulta online)", role: "public" };

const key = () => randomUUID();
const centsText = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

async function loadModules() {
  const [
    db,
    auth,
    customers,
    orders,
    register,
    audit,
    idempotency,
    sessions,
    entries,
    closing,
    queries,
    orderMutations,
    errors,
    registerEntries,
  ] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/customers"),
    import("~/db/schema/service-orders"),
    import("~/db/schema/cash-register"),
    import("~/db/schema/audit"),
    import("~/db/schema/idempotency"),
    import("~/modules/cash-register/sessions.server"),
    import("~/modules/cash-register/entries.server"),
    import("~/modules/cash-register/closing.server"),
    import("~/modules/cash-register/queries.server"),
    import("~/modules/service-orders/mutations.server"),
    import("~/lib/errors"),
    import("~/modules/finance/register-entries.server"),
  ]);
  return {
    db: await db.getDb(),
    kind: db.databaseKind(),
    inTransaction: db.inTransaction,
    tables: { ...auth, ...customers, ...orders, ...register, ...audit, ...idempotency },
    sessions,
    entries,
    closing,
    queries,
    orderMutations,
    errors,
    registerEntries,
  };
}

type Modules = Awaited<ReturnType<typeof loadModules>>;

/**
 * The cash register against a real database: one open at most, even when
 * two openings race; cash needs an open register, PIX and cards do not;
 * the closing's expected amounts per method; replays record once;
 * cancellations are kept and skipped; refusals write nothing.
 */
export function defineCashRegisterSuite(database: TestDatabase) {
  describeOnDatabase(database, "caixa", () => {
    let app: Modules;
    let dropDatabase: (() => Promise<void>) | undefined;
    let customerId: number;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      expect(app.kind).toBe(database);
      const { user, customers } = app.tables;
      await app.db.insert(user).values([
        { id: STAFF.userId!, name: "Ana Caixa", email: STAFF.label, role: "staff" },
        { id: OWNER.userId!, name: "Bia Dona", email: OWNER.label, role: "owner" },
        { id: CUSTOMER.userId!, name: "Caio Cliente", email: CUSTOMER.label, role: "customer" },
      ]);
      const [customer] = await app.db
        .insert(customers)
        .values({ name: "Maria Aparecida Souza", phone: "11987654321" })
        .returning({ id: customers.id });
      customerId = customer!.id;
      await giveTheShopItsOwnPixKey();
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    // Each test starts with no register open and no entry waiting for a closing.
    beforeEach(async () => {
      let desk = await app.queries.getRegisterDesk();
      if (!desk.register && desk.unassigned.length > 0) await openRegister("0");
      desk = await app.queries.getRegisterDesk();
      if (desk.register) await closeRegister(desk.register.id);
    });

    async function openRegister(openingFloat = "100,00", actor: Actor = STAFF) {
      return app.sessions.openCashRegister(actor, { openingFloat, idempotencyKey: key() });
    }

    /** Closes the open register counting exactly what is expected (unless told otherwise). */
    async function closeRegister(registerId: number, overrides: Record<string, unknown> = {}) {
      // A closing is refused while a PIX waits: the bank statement was checked first.
      const waiting = await app.db
        .select({ id: app.tables.registerEntries.id })
        .from(app.tables.registerEntries)
        .where(and(eq(app.tables.registerEntries.pixPending, true), isNull(app.tables.registerEntries.cancelledAt)));
      for (const entry of waiting) await app.entries.confirmPixEntry(STAFF, entry.id);
      const desk = await app.queries.getRegisterDesk();
      return app.closing.closeCashRegister(STAFF, registerId, {
        countMode: "total",
        countedCash: centsText(desk.totals.expected.cash),
        seen: desk.fingerprint,
        idempotencyKey: key(),
        ...overrides,
      });
    }

    async function newOrder(totalReais = "500,00") {
      return app.orderMutations.createServiceOrder(STAFF, {
        customerId: String(customerId),
        deviceType: "phone",
        brand: "Samsung",
        model: "A52",
        imeiOrSerial: "",
        color: "",
        accessories: "",
        conditionChecklist: [],
        conditionNotes: "",
        unlockKind: "",
        unlockCode: "",
        reportedDefect: "Não liga",
        diagnosis: "",
        technicianUserId: "",
        lines: [{ kind: "service", description: "Troca de tela", quantity: "1", unitPrice: totalReais, productId: "" }],
        discount: "",
        deposit: "",
        depositMethod: "",
        promisedDate: "",
        warrantyDays: "",
        notes: "",
        idempotencyKey: key(),
      });
    }

    const pay = (orderId: number, method: string, amount: string, idempotencyKey = key()) =>
      app.orderMutations.addServiceOrderPayment(STAFF, orderId, { method, amount, paidAt: "", note: "", idempotencyKey });

    async function paidCentsOf(orderId: number) {
      const { serviceOrders } = app.tables;
      const [row] = await app.db
        .select({ paidCents: serviceOrders.paidCents })
        .from(serviceOrders)
        .where(eq(serviceOrders.id, orderId));
      return row!.paidCents;
    }

    /** Rows of every table the register writes: a refusal must leave them as they were. */
    async function snapshot() {
      const { cashRegisters, registerEntries, auditLog, idempotencyKeys, serviceOrderPayments, serviceOrders } = app.tables;
      const counted = async (
        table:
          typeof cashRegisters | typeof registerEntries | typeof auditLog | typeof idempotencyKeys | typeof serviceOrderPayments,
      ) => Number((await app.db.select({ total: count() }).from(table))[0]!.total);
      return {
        registers: await app.db.select().from(cashRegisters).orderBy(cashRegisters.id),
        entries: await app.db.select().from(registerEntries).orderBy(registerEntries.id),
        orders: await app.db
          .select({ id: serviceOrders.id, paid: serviceOrders.paidCents })
          .from(serviceOrders)
          .orderBy(serviceOrders.id),
        audit: await counted(auditLog),
        keys: await counted(idempotencyKeys),
        payments: await counted(serviceOrderPayments),
      };
    }

    /**
     * What any success may leave: one register open at most, entries in
     * whole centavos, money out (a sangria, a refund) negative and the rest
     * positive, the drawer never below zero, and a closed register's expected
     * cash equal to its entries.
     */
    async function expectBooksAddUp() {
      const { registers, entries } = await snapshot();
      expect(registers.filter((register) => register.isOpen).length).toBeLessThanOrEqual(1);
      for (const entry of entries) {
        expect(Number.isSafeInteger(entry.amountCents), `lançamento ${entry.id}`).toBe(true);
        expect(Math.sign(entry.amountCents), `lançamento ${entry.id} (${entry.kind})`).toBe(
          entry.kind === "withdrawal" || entry.kind === "refund" ? -1 : 1,
        );
      }
      for (const register of registers) {
        const live = entries.filter((entry) => entry.registerId === register.id && entry.cancelledAt === null);
        const cash =
          register.openingFloatCents +
          live.filter((entry) => entry.method === "cash").reduce((sum, entry) => sum + entry.amountCents, 0);
        expect(cash, `gaveta do caixa ${register.id}`).toBeGreaterThanOrEqual(0);
        if (!register.isOpen)
          expect(register.closingTotals?.cash?.expectedCents, `fechamento do caixa ${register.id}`).toBe(cash);
      }
    }

    it(raceTitle(database, "opens one register when two openings race, and refuses the other in Portuguese"), async () => {
      const results = await Promise.allSettled([openRegister("50,00"), openRegister("80,00", OWNER)]);
      expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
      const refused = results.find((result) => result.status === "rejected");
      const reason = refused?.status === "rejected" ? refused.reason : null;
      expect(reason).toBeInstanceOf(app.errors.InputError);
      expect((reason as InstanceType<typeof app.errors.InputError>).status).toBe(409);
      expect((reason as Error).message).toMatch(/já está aberto|acabou de ser aberto/);
      const { cashRegisters } = app.tables;
      const open = await app.db.select().from(cashRegisters).where(eq(cashRegisters.isOpen, true));
      expect(open).toHaveLength(1);

      // A later opening gets the same refusal, naming the open register.
      await expect(openRegister()).rejects.toThrow(`O caixa nº ${open[0]!.id} já está aberto`);
    });

    it("records one opening for a replayed key, and refuses the float's bad input writing nothing", async () => {
      const idempotencyKey = key();
      const first = await app.sessions.openCashRegister(STAFF, { openingFloat: "150,00", idempotencyKey });
      const again = await app.sessions.openCashRegister(STAFF, { openingFloat: "150,00", idempotencyKey });
      expect(again).toEqual({ ...first, isReplay: true });
      const desk = await app.queries.getRegisterDesk();
      expect(desk.register).toMatchObject({ id: first.registerId, openingFloatCents: 15_000 });
      await closeRegister(first.registerId);

      const before = await snapshot();
      for (const input of [
        { openingFloat: "-10", idempotencyKey: key() },
        { openingFloat: "abc", idempotencyKey: key() },
        { openingFloat: "99999999999", idempotencyKey: key() },
        { openingFloat: "10", idempotencyKey: "" },
        { openingFloat: "10\u0000", idempotencyKey: key() },
        { openingFloat: ["10"], idempotencyKey: key() },
        null,
        "texto",
      ]) {
        await expect(app.sessions.openCashRegister(STAFF, input)).rejects.toBeInstanceOf(app.errors.InputError);
      }
      for (const actor of [CUSTOMER, PUBLIC]) {
        await expect(app.sessions.openCashRegister(actor, { openingFloat: "10", idempotencyKey: key() })).rejects.toBeInstanceOf(
          app.errors.ForbiddenError,
        );
      }
      expect(await snapshot()).toEqual(before);
    });

    it("refuses a cash order payment with no register open, and takes it once one is", async () => {
      const { id } = await newOrder();
      const before = await snapshot();
      await expect(pay(id, "cash", "100,00")).rejects.toBeInstanceOf(app.registerEntries.RegisterClosedError);
      await expect(pay(id, "cash", "100,00")).rejects.toThrow("Não há caixa aberto. Abra o caixa para receber em dinheiro.");
      expect(await snapshot()).toEqual(before);

      const { registerId } = await openRegister();
      const idempotencyKey = key();
      const first = await pay(id, "cash", "100,00", idempotencyKey);
      const replay = await pay(id, "cash", "100,00", idempotencyKey);
      expect(replay).toEqual({ ...first, isReplay: true });
      const desk = await app.queries.getRegisterDesk();
      expect(desk.entries).toMatchObject([
        { kind: "order-payment", method: "cash", amountCents: 10_000, registerId, serviceOrderId: id, actorName: "Ana Caixa" },
      ]);
      expect(desk.totals.expected.cash).toBe(20_000);
      expect(await paidCentsOf(id)).toBe(10_000);
    });

    it("refuses a cash deposit at order creation with no register open, writing no order", async () => {
      const before = await snapshot();
      const input = {
        customerId: String(customerId),
        deviceType: "phone",
        brand: "Apple",
        model: "iPhone 8",
        reportedDefect: "Bateria",
        lines: [{ kind: "service", description: "Bateria", quantity: "1", unitPrice: "200", productId: "" }],
        deposit: "50,00",
        depositMethod: "cash",
        idempotencyKey: key(),
      };
      await expect(app.orderMutations.createServiceOrder(STAFF, input)).rejects.toMatchObject({
        fieldErrors: { depositMethod: "Não há caixa aberto. Abra o caixa para receber em dinheiro." },
      });
      expect(await snapshot()).toEqual(before);
    });

    it("puts a PIX taken with no register open in the day's records, and the next closing takes it", async () => {
      const { id } = await newOrder();
      await pay(id, "pix", "120,00");
      await pay(id, "debit", "30,00");
      let desk = await app.queries.getRegisterDesk();
      expect(desk.register).toBeNull();
      expect(desk.unassigned).toMatchObject([
        { method: "pix", amountCents: 12_000, registerId: null, pixPending: true },
        { method: "debit", amountCents: 3_000, registerId: null, pixPending: false },
      ]);

      const { registerId } = await openRegister("0");
      desk = await app.queries.getRegisterDesk();
      expect(desk.unassigned).toHaveLength(2);
      expect(desk.totals.expected).toMatchObject({ cash: 0, pix: 12_000, debit: 3_000 });

      // "PIX recebido": audited, and a second click changes nothing.
      const pixEntry = desk.unassigned[0]!;
      expect(await app.entries.confirmPixEntry(STAFF, pixEntry.id)).toEqual({ entryId: pixEntry.id, wasConfirmed: false });
      expect(await app.entries.confirmPixEntry(STAFF, pixEntry.id)).toEqual({ entryId: pixEntry.id, wasConfirmed: true });
      await expect(app.entries.confirmPixEntry(STAFF, desk.unassigned[1]!.id)).rejects.toThrow("não é um PIX a confirmar");

      await closeRegister(registerId);
      const closed = await app.queries.getCashRegister(registerId);
      expect(closed!.register.isOpen).toBe(false);
      expect(closed!.entries.map((entry) => entry.id).sort()).toEqual(desk.unassigned.map((entry) => entry.id).sort());
      expect(closed!.register.closingTotals).toEqual({
        cash: { expectedCents: 0, countedCents: 0 },
        pix: { expectedCents: 12_000, countedCents: 12_000 },
        debit: { expectedCents: 3_000, countedCents: 3_000 },
      });
      expect((await app.queries.getRegisterDesk()).unassigned).toEqual([]);
    });

    it("computes the closing's expected amounts per method exactly, with the difference and the count by denomination", async () => {
      const { registerId } = await openRegister("150,00");
      const { id } = await newOrder("1.000,00");
      await pay(id, "cash", "200,55");
      await pay(id, "pix", "300,00");
      await pay(id, "credit", "99,99");
      await app.entries.recordCashMovement(STAFF, {
        kind: "supply",
        amount: "50,00",
        reason: "Troco do banco",
        idempotencyKey: key(),
      });
      const sangria = await app.entries.recordCashMovement(STAFF, {
        kind: "withdrawal",
        amount: "100,00",
        reason: "Depósito no banco",
        idempotencyKey: key(),
      });
      const desk = await app.queries.getRegisterDesk();
      // Cash: 150,00 + 200,55 + 50,00 − 100,00 = 300,55.
      expect(desk.totals.expected).toMatchObject({ cash: 30_055, pix: 30_000, credit: 9_999, debit: 0 });
      expect(desk.entries.find((entry) => entry.id === sangria.entryId)).toMatchObject({
        amountCents: -10_000,
        reason: "Depósito no banco",
      });

      // A closing over numbers the page did not show is refused.
      await expect(closeRegister(registerId, { seen: "0.0.0" })).rejects.toThrow("Houve lançamentos novos ou cancelados");

      // 1×200 + 1×100 − short: counted 300,50 by notes and coins (5 centavos missing); PIX checked 1 real short.
      const before = await snapshot();
      const closingKey = key();
      const closingForm = {
        seen: (await app.queries.getRegisterDesk()).fingerprint,
        idempotencyKey: closingKey,
        countMode: "denominations",
        countedCash: "",
        denominations: { "20000": "1", "5000": "1", "2000": "2", "1000": "1", "50": "1" },
        checked: { pix: "299,00", debit: "", credit: "" },
        note: "Faltaram 5 centavos de troco",
      };
      const closed = await app.closing.closeCashRegister(STAFF, registerId, closingForm);
      expect(closed).toEqual({ registerId, differenceCents: -5 - 100, isReplay: false });
      const detail = await app.queries.getCashRegister(registerId);
      expect(detail!.register).toMatchObject({
        isOpen: false,
        countedCashCents: 30_050,
        countedDenominations: { "20000": 1, "5000": 1, "2000": 2, "1000": 1, "50": 1 },
        closingNote: "Faltaram 5 centavos de troco",
        closedByName: "Ana Caixa",
      });
      expect(detail!.register.closingTotals).toEqual({
        cash: { expectedCents: 30_055, countedCents: 30_050 },
        pix: { expectedCents: 30_000, countedCents: 29_900 },
        credit: { expectedCents: 9_999, countedCents: 9_999 },
      });
      expect((await snapshot()).audit).toBe(before.audit + 1);
      // The same closing posted again (a double click): the first answer, nothing more written.
      const afterClosing = await snapshot();
      expect(await app.closing.closeCashRegister(STAFF, registerId, { ...closingForm })).toEqual({ ...closed, isReplay: true });
      expect(await snapshot()).toEqual(afterClosing);
      // The same key with another count is refused, never answered with the first closing.
      await expect(
        app.closing.closeCashRegister(STAFF, registerId, {
          countMode: "total",
          countedCash: "1,00",
          seen: "outra-coisa",
          idempotencyKey: closingKey,
        }),
      ).rejects.toMatchObject({
        status: 409,
        fieldErrors: {
          form: "Este formulário já foi enviado com outros dados. Recarregue a página e confira antes de enviar de novo.",
        },
      });
      expect(await snapshot()).toEqual(afterClosing);

      // Closed is read-only: no cash movement, no cancel, no second closing.
      const after = await snapshot();
      await expect(closeRegister(registerId)).rejects.toThrow(`O caixa nº ${registerId} já foi fechado.`);
      await expect(app.entries.cancelRegisterEntry(STAFF, sangria.entryId, { reason: "Engano" })).rejects.toThrow(
        "já foi fechado",
      );
      await expect(
        app.entries.recordCashMovement(STAFF, { kind: "supply", amount: "10", reason: "Troco", idempotencyKey: key() }),
      ).rejects.toBeInstanceOf(app.registerEntries.RegisterClosedError);
      expect(await snapshot()).toEqual(after);
    });

    it("keeps a cancelled entry, marked, and the expected totals skip it; an order payment's cancel lowers the order's paid amount", async () => {
      const { registerId } = await openRegister("100,00");
      const { id } = await newOrder();
      await pay(id, "cash", "80,00");
      const supply = await app.entries.recordCashMovement(STAFF, {
        kind: "supply",
        amount: "20,00",
        reason: "Troco",
        idempotencyKey: key(),
      });
      let desk = await app.queries.getRegisterDesk();
      expect(desk.totals.expected.cash).toBe(20_000);
      const payment = desk.entries.find((entry) => entry.kind === "order-payment")!;

      await app.entries.cancelRegisterEntry(STAFF, supply.entryId, { reason: "Lançado errado" });
      await app.entries.cancelRegisterEntry(OWNER, payment.id, { reason: "Cliente desistiu" });
      // Cancelling again changes nothing.
      expect(await app.entries.cancelRegisterEntry(STAFF, supply.entryId, { reason: "De novo" })).toEqual({
        entryId: supply.entryId,
        wasCancelled: true,
      });
      desk = await app.queries.getRegisterDesk();
      expect(desk.entries).toHaveLength(2);
      expect(desk.entries.find((entry) => entry.id === supply.entryId)).toMatchObject({
        isCancelled: true,
        cancelReason: "Lançado errado",
        cancelledByLabel: STAFF.label,
      });
      expect(desk.totals.expected.cash).toBe(10_000);
      expect(await paidCentsOf(id)).toBe(0);

      const { auditLog } = app.tables;
      const actions = (await app.db.select({ action: auditLog.action }).from(auditLog)).map((row) => row.action);
      expect(actions).toEqual(expect.arrayContaining(["cash-register.entry.cancel", "service-order.payment.reverse"]));
      await closeRegister(registerId);
      expect((await app.queries.getCashRegister(registerId))!.register.closingTotals).toEqual({
        cash: { expectedCents: 10_000, countedCents: 10_000 },
      });
    });

    it("turns a payment cancelled after delivery into a debt of the order", async () => {
      await openRegister("0");
      const { id } = await newOrder("300,00");
      await pay(id, "pix", "300,00");
      for (const to of ["diagnosing", "awaiting_approval", "approved", "repairing", "ready"] as const) {
        await app.orderMutations.changeServiceOrderStatus(STAFF, id, to);
      }
      await app.orderMutations.deliverServiceOrder(STAFF, id, { deliveredTo: "Maria", registerDebt: false });
      const entry = (await app.queries.getRegisterDesk()).entries.find((row) => row.serviceOrderId === id)!;
      await app.entries.cancelRegisterEntry(STAFF, entry.id, { reason: "PIX não caiu na conta" });
      const { serviceOrders } = app.tables;
      const [order] = await app.db.select().from(serviceOrders).where(eq(serviceOrders.id, id));
      expect(order).toMatchObject({ paidCents: 0, owedAtDeliveryCents: 30_000, status: "delivered" });
    });

    it(raceTitle(database, "records a sangria or suprimento once per key; refuses bad ones"), async () => {
      await openRegister("50,00");
      const idempotencyKey = key();
      const input = { kind: "withdrawal", amount: "30,00", reason: "Pagamento do motoboy", idempotencyKey };
      const [first, second] = await Promise.all([
        app.entries.recordCashMovement(STAFF, input),
        app.entries.recordCashMovement(STAFF, input),
      ]);
      expect([first.isReplay, second.isReplay].sort()).toEqual([false, true]);
      expect((await app.queries.getRegisterDesk()).entries).toHaveLength(1);

      const before = await snapshot();
      const refused = [
        { kind: "withdrawal", amount: "20,01", reason: "Passa do caixa", idempotencyKey: key() },
        { kind: "withdrawal", amount: "10", reason: "", idempotencyKey: key() },
        { kind: "withdrawal", amount: "10", reason: "ab", idempotencyKey: key() },
        { kind: "supply", amount: "0", reason: "Troco", idempotencyKey: key() },
        { kind: "supply", amount: "-5", reason: "Troco", idempotencyKey: key() },
        { kind: "refund", amount: "5", reason: "Troco", idempotencyKey: key() },
        { kind: "supply", amount: "5", reason: "x".repeat(201), idempotencyKey: key() },
        { kind: "supply", amount: "5", reason: "Troco\u0000", idempotencyKey: key() },
        { kind: "supply", amount: "5", reason: "Troco", idempotencyKey: "curta" },
        { kind: "supply", amount: "5", reason: "Troco", idempotencyKey },
        { kind: "supply", amount: { $gt: 0 }, reason: "Troco", idempotencyKey: key() },
        [],
      ];
      for (const movement of refused) {
        await expect(app.entries.recordCashMovement(STAFF, movement)).rejects.toBeInstanceOf(app.errors.InputError);
      }
      for (const entryId of ["0", "-1", "abc", "99999999999", "1e3", null, 2_147_483_648, "\u0000"]) {
        await expect(app.entries.cancelRegisterEntry(STAFF, entryId, { reason: "Motivo" })).rejects.toBeInstanceOf(
          app.errors.NotFoundError,
        );
        await expect(app.entries.confirmPixEntry(STAFF, entryId)).rejects.toBeInstanceOf(app.errors.NotFoundError);
      }
      await expect(app.entries.cancelRegisterEntry(STAFF, first.entryId, { reason: "" })).rejects.toBeInstanceOf(
        app.errors.InputError,
      );
      await expect(app.entries.cancelRegisterEntry(STAFF, first.entryId, null)).rejects.toBeInstanceOf(app.errors.InputError);
      const desk = await app.queries.getRegisterDesk();
      for (const closing of [
        { countMode: "by-eye", countedCash: "10", seen: desk.fingerprint, idempotencyKey: key() },
        { countMode: "total", countedCash: "-1", seen: desk.fingerprint, idempotencyKey: key() },
        { countMode: "denominations", denominations: { "20000": "-1" }, seen: desk.fingerprint, idempotencyKey: key() },
        { countMode: "denominations", denominations: { "20000": "1.5" }, seen: desk.fingerprint, idempotencyKey: key() },
        { countMode: "denominations", denominations: "muitas", seen: desk.fingerprint, idempotencyKey: key() },
        { countMode: "total", countedCash: "10", checked: { pix: "x" }, seen: desk.fingerprint, idempotencyKey: key() },
        { countMode: "total", countedCash: "10", note: "y".repeat(501), seen: desk.fingerprint, idempotencyKey: key() },
        { countMode: "total", countedCash: "10", seen: "", idempotencyKey: key() },
        { countMode: "total", countedCash: "10", seen: desk.fingerprint, idempotencyKey: "" },
      ]) {
        await expect(app.closing.closeCashRegister(STAFF, desk.register!.id, closing)).rejects.toBeInstanceOf(
          app.errors.InputError,
        );
      }
      for (const registerId of ["abc", 0, 99_999, "1;drop"]) {
        await expect(
          app.closing.closeCashRegister(STAFF, registerId, {
            countMode: "total",
            countedCash: "1",
            seen: desk.fingerprint,
            idempotencyKey: key(),
          }),
        ).rejects.toBeInstanceOf(app.errors.NotFoundError);
      }
      for (const actor of [CUSTOMER, PUBLIC]) {
        await expect(
          app.entries.recordCashMovement(actor, { kind: "supply", amount: "5", reason: "Troco", idempotencyKey: key() }),
        ).rejects.toBeInstanceOf(app.errors.ForbiddenError);
        await expect(app.entries.cancelRegisterEntry(actor, first.entryId, { reason: "Motivo" })).rejects.toBeInstanceOf(
          app.errors.ForbiddenError,
        );
        await expect(app.entries.confirmPixEntry(actor, first.entryId)).rejects.toBeInstanceOf(app.errors.ForbiddenError);
        await expect(
          app.closing.closeCashRegister(actor, desk.register!.id, {
            countMode: "total",
            countedCash: "1",
            seen: desk.fingerprint,
            idempotencyKey: key(),
          }),
        ).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      }
      expect(await snapshot()).toEqual(before);
    });

    it("survives any input to every register action: a refusal that writes nothing, or a success whose books add up, never a crash", async () => {
      const { registerId } = await openRegister("500,00");
      const { id } = await newOrder();
      await pay(id, "pix", "10,00");
      const supply = await app.entries.recordCashMovement(STAFF, {
        kind: "supply",
        amount: "5",
        reason: "Troco",
        idempotencyKey: key(),
      });
      const text = fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom(
          "",
          "0",
          "-1",
          "1e3",
          "NaN",
          "12,345",
          "999999999999",
          "\u0000",
          "<script>",
          "supply",
          "withdrawal",
          "total",
          "denominations",
        ),
      );
      const anyValue = fc.oneof(
        text,
        fc.integer(),
        fc.double(),
        fc.constant(null),
        fc.constant(undefined),
        fc.array(text, { maxLength: 3 }),
        fc.object({ maxDepth: 1 }),
      );
      const refusals = [app.errors.InputError, app.errors.NotFoundError];
      const isRefusal = (error: unknown) => refusals.some((kind) => error instanceof kind);
      /** Runs one call: a refusal must leave every table as it was; a success must leave books that add up. */
      async function attempt(call: () => Promise<unknown>) {
        const before = await snapshot();
        try {
          await call();
        } catch (error) {
          expect(isRefusal(error), String(error)).toBe(true);
          expect(await snapshot()).toEqual(before);
          return;
        }
        await expectBooksAddUp();
      }
      const runs = { numRuns: 40 };
      await fc.assert(
        fc.asyncProperty(fc.record({ openingFloat: anyValue, idempotencyKey: anyValue }, { requiredKeys: [] }), (input) =>
          attempt(() => app.sessions.openCashRegister(STAFF, input)),
        ),
        runs,
      );
      await fc.assert(
        fc.asyncProperty(
          fc.record({ kind: anyValue, amount: anyValue, reason: anyValue, idempotencyKey: anyValue }, { requiredKeys: [] }),
          (input) => attempt(() => app.entries.recordCashMovement(STAFF, input)),
        ),
        runs,
      );
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(anyValue, fc.constant(supply.entryId)),
          fc.record({ reason: anyValue }, { requiredKeys: [] }),
          (entryId, input) => attempt(() => app.entries.cancelRegisterEntry(STAFF, entryId, input)),
        ),
        runs,
      );
      await fc.assert(
        fc.asyncProperty(anyValue, (entryId) => attempt(() => app.entries.confirmPixEntry(STAFF, entryId))),
        runs,
      );
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(anyValue, fc.constant(registerId)),
          fc.record(
            {
              countMode: anyValue,
              countedCash: anyValue,
              denominations: fc.oneof(anyValue, fc.record({ "20000": anyValue, "5": anyValue }, { requiredKeys: [] })),
              checked: fc.oneof(anyValue, fc.record({ pix: anyValue, debit: anyValue }, { requiredKeys: [] })),
              note: anyValue,
              seen: anyValue,
              idempotencyKey: anyValue,
            },
            { requiredKeys: [] },
          ),
          (rawId, input) => attempt(() => app.closing.closeCashRegister(STAFF, rawId, input)),
        ),
        runs,
      );
    });

    it(raceTitle(database, "makes a closing wait for an entry being written, which then finds the register closed"), async () => {
      const { registerId } = await openRegister("10,00");
      const desk = await app.queries.getRegisterDesk();
      // The closing and a cash supply at once: either the supply lands before the closing (which then refuses, its numbers
      // being stale) or after it (refused, no register open). Never a supply in a closed register.
      const results = await Promise.allSettled([
        closeRegister(registerId, { seen: desk.fingerprint }),
        app.entries.recordCashMovement(STAFF, { kind: "supply", amount: "5,00", reason: "Troco", idempotencyKey: key() }),
      ]);
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      const detail = await app.queries.getCashRegister(registerId);
      if (!detail!.register.isOpen) expect(detail!.entries).toEqual([]);
    });
  });
}
