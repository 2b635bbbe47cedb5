import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Actor } from "~/modules/accounts/roles";
import {
  assertSingletonStoreFound,
  closeOpenDatabase,
  describeOnDatabase,
  openTestDatabase,
  type TestDatabase,
} from "../support/database";
import { databaseDigest } from "../support/database-digest";

const STAFF: Actor = { userId: "staff-replays", label: "ana@replays.test", role: "staff" };
const OTHER_STAFF: Actor = { userId: "staff-replays-2", label: "bruno@replays.test", role: "staff" };

const CONTENT_CONFLICT =
  "Este formulário já foi enviado com outros dados. Recarregue a página e confira antes de enviar de novo.";
const ACTOR_CONFLICT = "Este formulário já foi enviado por outra pessoa. Recarregue a página e confira antes de enviar de novo.";

async function loadModules() {
  const [
    client,
    auth,
    customers,
    inventory,
    credit,
    idempotency,
    sessions,
    cashEntries,
    closing,
    registerQueries,
    sales,
    returns,
    orders,
    debtors,
    debtPayments,
    settlement,
    plans,
    creditPayments,
    paymentDues,
    financeEntries,
    financeAccounts,
    recurring,
    products,
    stock,
    counts,
    money,
    dates,
    finance,
    register,
    productImport,
  ] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/customers"),
    import("~/db/schema/inventory"),
    import("~/db/schema/credit"),
    import("~/db/schema/idempotency"),
    import("~/modules/cash-register/sessions.server"),
    import("~/modules/cash-register/entries.server"),
    import("~/modules/cash-register/closing.server"),
    import("~/modules/cash-register/queries.server"),
    import("~/modules/cash-register/sales.server"),
    import("~/modules/cash-register/returns.server"),
    import("~/modules/service-orders/mutations.server"),
    import("~/modules/debtors/mutations.server"),
    import("~/modules/credit/debt-payments.server"),
    import("~/modules/credit/settlement.server"),
    import("~/modules/credit/plans.server"),
    import("~/modules/credit/payments.server"),
    import("~/modules/credit/payment-dues.server"),
    import("~/modules/finance/entries.server"),
    import("~/modules/finance/accounts.server"),
    import("~/modules/finance/recurring.server"),
    import("~/modules/inventory/products.server"),
    import("~/modules/inventory/stock.server"),
    import("~/modules/inventory/stock-counts.server"),
    import("~/lib/money"),
    import("~/lib/dates"),
    import("~/db/schema/finance"),
    import("~/db/schema/cash-register"),
    import("~/modules/inventory/product-import.server"),
  ]);
  const db = await client.getDb();
  assertSingletonStoreFound();
  return {
    db,
    inTransaction: client.inTransaction,
    tables: { ...auth, ...customers, ...inventory, ...credit, ...idempotency, ...finance, ...register },
    sessions,
    cashEntries,
    closing,
    registerQueries,
    sales,
    returns,
    orders,
    debtors,
    debtPayments,
    settlement,
    plans,
    creditPayments,
    paymentDues,
    financeEntries,
    financeAccounts,
    recurring,
    products,
    stock,
    counts,
    productImport,
    money,
    dates,
  };
}

type App = Awaited<ReturnType<typeof loadModules>>;
type Input = Record<string, unknown>;

/**
 * One action that moves money or stock, as its form posts it: `run` calls
 * the server use case with the form's fields (the key among them),
 * `input` is a valid submission and `other` the same form with other content.
 */
type ReplayCase = {
  name: string;
  /** The server use case a route action calls (the completeness check below matches it). */
  uses: string;
  /** The route module whose form renders the hidden `idempotencyKey`. */
  route: string;
  prepare: () => Promise<unknown>;
  input: (prepared: never) => Input;
  other: (prepared: never) => Input;
  run: (actor: Actor, input: Input, prepared: never) => Promise<unknown>;
};

const ROUTES_DIR = path.resolve(import.meta.dirname, "../../app/routes/_staff");

/** Modules whose use cases may move money or stock: a route importing one has each of its calls classified below. */
const MONEY_MODULES = /~\/modules\/(cash-register|credit|debtors|finance|inventory|service-orders|warranties)\//;

/**
 * Use cases that a route calls and that move money or stock without a key,
 * because a second submission is refused by the record's state (locked and
 * checked in the same transaction), so it cannot write twice.
 */
const GUARDED_BY_STATE: Record<string, string> = {
  cancelRegisterEntry: "um lançamento cancelado não se cancela de novo",
  confirmPixEntry: "um PIX confirmado não se confirma de novo",
  cancelCreditPayment: "um pagamento cancelado não se cancela de novo",
  cancelCreditPlan: "um crediário cancelado não se cancela de novo",
  cancelEntry: "um lançamento cancelado não se cancela de novo",
  cancelSale: "uma venda cancelada não se cancela de novo",
  changeServiceOrderStatus: "a mesma mudança de status repetida é recusada (as peças saem uma vez)",
  deliverServiceOrder: "uma OS entregue não se entrega de novo",
  updateServiceOrder: "grava os valores do formulário (repetir grava os mesmos valores)",
  applyServiceOrderLoyaltyDiscount: "grava o desconto do nível do cliente, calculado no servidor (repetir grava o mesmo)",
  removeServiceOrderLoyaltyDiscount: "tira o desconto do nível (repetir não acha o que tirar)",
  updateEntry: "grava os valores do formulário (só lançamentos em aberto)",
  redateEntry: "grava o vencimento do formulário (repetir grava o mesmo; só contas em aberto)",
  updateRecurring: "grava os valores do formulário",
  archiveRecurring: "um recorrente encerrado não se encerra de novo",
  recordCountedQuantity: "grava a quantidade contada (repetir grava a mesma)",
  issueOrderWarranty: "não move dinheiro; uma OS tem uma garantia só",
  issueSaleWarranties: "não move dinheiro; um item tem uma garantia só",
  openWarrantyClaim: "abre uma OS sem valor; tem chave (warranty.tsx) e usa a da nova OS",
};

/** Use cases of those routes that move neither money nor stock. */
const NO_MONEY_OR_STOCK = new Set([
  "getPlanSource",
  "getCreditPlanAccount",
  "getCreditPlan",
  "correctionOfPlan",
  "getCustomerSettlement",
  "getCustomerDebts",
  "recordDebtContact",
  "sendDebtReminder",
  "archiveAccount",
  "createAccount",
  "setAccountRoles",
  "updateAccount",
  "getCardFeesPage",
  "getCardFeesForPage",
  "createCategory",
  "setCategoryArchived",
  "updateCategory",
  "getEntry",
  "getEntryForPage",
  "startStockCount",
  "setProductArchived",
  "updateProduct",
  "recordPickupContactAttempt",
  "listPickupContactAttempts",
  "getSaleScreenContext",
  "getSaleDetail",
  "revealUnlockCode",
  "getOrderForWarranty",
  "getSaleForWarranty",
  "getWarranty",
  "createCustomer",
  "linkCustomerAccount",
  "listCustomerAccounts",
  "unlinkCustomerAccount",
  "resolveCustomerChangeRequest",
  "updateCustomer",
  "listSuppliers",
  "listCustomerPlanOrigins",
]);

/**
 * Keyed use cases that are not replayed in the table below (owner-only
 * settings forms; a stock purchase's bill split, replayed in
 * stock-purchases-suite.ts): their keys are checked by the route's hidden field.
 */
const KEYED_NOT_IN_TABLE: Record<string, string> = {
  splitEntry: "finance-entry.tsx",
  updateCardFeeRates: "finance-cards.tsx",
  updateCardReceivableDate: "finance-cards.tsx",
};

/** Each staff route that imports a money module, and the use cases its action awaits with the actor. */
function routeCalls() {
  const calls: { route: string; uses: string }[] = [];
  for (const file of readdirSync(ROUTES_DIR)) {
    if (!file.endsWith(".tsx")) continue;
    const text = readFileSync(path.join(ROUTES_DIR, file), "utf8");
    if (!MONEY_MODULES.test(text) || !text.includes("export async function action")) continue;
    for (const match of text.matchAll(/await (\w+)\(\s*actor\b/g)) calls.push({ route: file, uses: match[1]! });
  }
  return calls;
}

const key = () => randomUUID();

const withoutReplayFlag = (result: unknown) => {
  if (result === null || typeof result !== "object") return result;
  const { isReplay: _isReplay, ...rest } = result as Record<string, unknown>;
  return rest;
};

function productInput(quantity: string): Input {
  return {
    kind: "product",
    name: "Película 3D",
    sku: "",
    barcode: "",
    category: "Películas",
    brand: "",
    priceCents: "30,00",
    minimumStock: "0",
    location: "",
    description: "",
    shownInShop: "",
    partOrigin: "",
    isSerialised: "",
    revenueSource: "products",
    initialQuantity: quantity,
    initialCostCents: "10,00",
  };
}

/**
 * Every action that moves money or stock carries an idempotency key, and
 * each is replayed here: the same key with the same content writes once and
 * answers with the first result; with other content, or by another person,
 * it is refused with 409 and writes nothing. Submissions run one after
 * another: two at once queue on the key's row only where transactions run
 * concurrently (PostgreSQL); on PGlite they are serialised, so the race is
 * tested only by the PostgreSQL run of the transactions suite.
 */
export function defineIdempotentActionsSuite(database: TestDatabase) {
  describeOnDatabase(database, "cada ação que move dinheiro ou estoque, repetida (uma depois da outra)", () => {
    let app: App;
    let dropDatabase: (() => Promise<void>) | undefined;
    let customerId: number;
    let rentCategoryId: number;
    let accountIds: { drawer: number; bank: number };

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      await app.db.insert(app.tables.user).values([
        { id: STAFF.userId!, name: "Ana Replays", email: STAFF.label, role: "staff" },
        { id: OTHER_STAFF.userId!, name: "Bruno Replays", email: OTHER_STAFF.label, role: "staff" },
      ]);
      const [customer] = await app.db
        .insert(app.tables.customers)
        .values({ name: "Cliente Repetição", phone: "11987651234" })
        .returning({ id: app.tables.customers.id });
      customerId = customer!.id;
      const accounts = await app.db.select().from(app.tables.financeAccounts);
      accountIds = {
        drawer: accounts.find((row) => row.name === "Caixa (gaveta)")!.id,
        bank: accounts.find((row) => row.name === "Conta bancária")!.id,
      };
      await app.db.update(app.tables.financeAccounts).set({ openingDate: "2025-01-01" });
      const categories = await app.db.select().from(app.tables.financeCategories);
      rentCategoryId = categories.find((row) => row.systemKey === "rent")!.id;
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    const today = () => app.dates.shopToday();
    /** How a stock purchase was bought: already paid from the bank today (a stock entry must say). */
    const paidFromBank = () => ({ payment: "paid", accountId: String(accountIds.bank), paidDate: today(), method: "pix" });

    /** Every table's rows, as a digest per table: "writes nothing" means no table changed. */
    const everything = () => databaseDigest(app.db);

    async function product(quantity: number, options: { serialised?: boolean } = {}) {
      const created = await app.products.createProduct(STAFF, {
        kind: "product",
        name: `Capa ${randomUUID().slice(0, 8)}`,
        sku: "",
        barcode: "",
        category: "Capas",
        brand: "",
        priceCents: "20,00",
        minimumStock: "0",
        location: "",
        description: "",
        shownInShop: "",
        partOrigin: "",
        isSerialised: options.serialised ? "on" : "",
        revenueSource: "products",
        initialQuantity: String(quantity),
        initialCostCents: quantity > 0 ? "8,00" : "",
        idempotencyKey: key(),
      });
      return created.id;
    }

    function saleInput(productId: number, quantity: number): Input {
      return {
        discount: "",
        customerId: String(customerId),
        items: [{ productId: String(productId), quantity: String(quantity), discount: "" }],
        payments: [{ method: "cash", amount: `${20 * quantity},00`, tendered: "" }],
        expectedTotal: `${20 * quantity},00`,
      };
    }

    function orderInput(defect: string): Input {
      return {
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
        reportedDefect: defect,
        diagnosis: "",
        technicianUserId: "",
        lines: [{ kind: "service", description: "Troca de tela", quantity: "1", unitPrice: "300,00", productId: "" }],
        discount: "",
        deposit: "50,00",
        depositMethod: "cash",
        promisedDate: "",
        warrantyDays: "",
        notes: "",
      };
    }

    const iou = (amount: string): Input => ({
      description: "Película de vidro",
      amount,
      incurredOn: today(),
      dueDate: today(),
      revenueSource: "products",
    });

    async function debt(amount: string) {
      return (await app.debtors.createDebt(STAFF, customerId, { ...iou(amount), idempotencyKey: key() })).debtId;
    }

    const planInput = (debtId: number, instalmentCount: string): Input => ({
      originKind: "debt",
      originId: String(debtId),
      terms: { instalmentCount, monthlyRate: "0", firstDueDate: app.dates.addDays(today(), 30) },
      fee: "",
      downPayment: "",
      downPaymentMethod: "",
    });

    async function plan() {
      const debtId = await debt("300,00");
      return (await app.plans.createCreditPlan(STAFF, { ...planInput(debtId, "3"), idempotencyKey: key() })).planId;
    }

    async function entry() {
      const created = await app.financeEntries.createEntries(STAFF, {
        ...entryInput("100,00"),
        idempotencyKey: key(),
      });
      return (created as { entryIds: number[] }).entryIds[0]!;
    }

    function entryInput(amount: string): Input {
      return {
        direction: "out",
        description: "Conta de luz",
        categoryId: String(rentCategoryId),
        amount,
        dueDate: today(),
        instalments: "1",
        counterparty: "",
        notes: "",
      };
    }

    async function closingInput(extraCents: number): Promise<Input> {
      const desk = await app.registerQueries.getRegisterDesk();
      return {
        countMode: "total",
        countedCash: app.money.centsToInput(desk.totals.expected.cash + extraCents),
        seen: desk.fingerprint,
      };
    }

    /** In order: the register opens first, the sales and returns need it, and closing it is last. */
    const cases: ReplayCase[] = [
      {
        name: "abertura do caixa",
        uses: "openCashRegister",
        route: "cash-register.tsx",
        prepare: async () => null,
        input: () => ({ openingFloat: "100,00" }),
        other: () => ({ openingFloat: "90,00" }),
        run: (actor, input) => app.sessions.openCashRegister(actor, input),
      },
      {
        name: "suprimento",
        uses: "recordCashMovement",
        route: "cash-register.tsx",
        prepare: async () => null,
        input: () => ({ kind: "supply", amount: "50,00", reason: "Troco do banco" }),
        other: () => ({ kind: "supply", amount: "60,00", reason: "Troco do banco" }),
        run: (actor, input) => app.cashEntries.recordCashMovement(actor, input),
      },
      {
        name: "sangria",
        uses: "recordCashMovement",
        route: "cash-register.tsx",
        prepare: async () => null,
        input: () => ({ kind: "withdrawal", amount: "10,00", reason: "Depósito no banco" }),
        other: () => ({ kind: "withdrawal", amount: "11,00", reason: "Depósito no banco" }),
        run: (actor, input) => app.cashEntries.recordCashMovement(actor, input),
      },
      {
        name: "venda (o mesmo carrinho; outro carrinho com a mesma chave é recusado)",
        uses: "recordSale",
        route: "sale-new.tsx",
        prepare: () => product(10),
        input: (productId: number) => saleInput(productId, 1),
        other: (productId: number) => saleInput(productId, 2),
        run: (actor, input) => app.sales.recordSale(actor, input),
      },
      {
        name: "devolução",
        uses: "recordSaleReturn",
        route: "sale.tsx",
        prepare: async () => {
          const productId = await product(5);
          const sale = await app.sales.recordSale(STAFF, { ...saleInput(productId, 2), idempotencyKey: key() });
          const [item] = await app.db
            .select({ id: app.tables.saleItems.id })
            .from(app.tables.saleItems)
            .where(eq(app.tables.saleItems.saleId, sale.saleId));
          return { saleId: sale.saleId, itemId: item!.id };
        },
        input: ({ itemId }: { itemId: number }) => ({
          settlement: "refund",
          refundMethod: "cash",
          customerId: "",
          reason: "Arrependimento",
          items: [{ saleItemId: String(itemId), quantity: "1" }],
        }),
        other: ({ itemId }: { itemId: number }) => ({
          settlement: "refund",
          refundMethod: "cash",
          customerId: "",
          reason: "Arrependimento",
          items: [{ saleItemId: String(itemId), quantity: "2" }],
        }),
        run: (actor, input, { saleId }: { saleId: number }) => app.returns.recordSaleReturn(actor, saleId, input),
      },
      {
        name: "nova OS com sinal",
        uses: "createServiceOrder",
        route: "service-order-form.tsx",
        prepare: async () => null,
        input: () => orderInput("Não liga"),
        other: () => orderInput("Tela quebrada"),
        run: (actor, input) => app.orders.createServiceOrder(actor, input),
      },
      {
        name: "pagamento de OS",
        uses: "addServiceOrderPayment",
        route: "service-order-form.tsx",
        prepare: async () =>
          (
            await app.orders.createServiceOrder(STAFF, {
              ...orderInput("Sem som"),
              deposit: "",
              depositMethod: "",
              idempotencyKey: key(),
            })
          ).id,
        input: () => ({ method: "cash", amount: "10,00", paidAt: "", note: "" }),
        other: () => ({ method: "cash", amount: "11,00", paidAt: "", note: "" }),
        run: (actor, input, orderId: number) => app.orders.addServiceOrderPayment(actor, orderId, input),
      },
      {
        name: "novo fiado",
        uses: "createDebt",
        route: "debtor.tsx",
        prepare: async () => null,
        input: () => iou("45,00"),
        other: () => iou("46,00"),
        run: (actor, input) => app.debtors.createDebt(actor, customerId, input),
      },
      {
        name: "pagamento de fiado",
        uses: "payDebt",
        route: "debtor.tsx",
        prepare: () => debt("80,00"),
        input: () => ({ amount: "20,00", method: "cash" }),
        other: () => ({ amount: "21,00", method: "cash" }),
        run: (actor, input, debtId: number) => app.debtPayments.payDebt(actor, debtId, input),
      },
      {
        name: "acerto de dívidas do cliente",
        uses: "settleCustomerDebts",
        route: "debtor-settlement.tsx",
        prepare: () => debt("70,00"),
        input: (debtId: number) => ({ items: [`debt:${debtId}`], amount: "", method: "cash", note: "" }),
        other: (debtId: number) => ({ items: [`debt:${debtId}`], amount: "", method: "pix", note: "" }),
        run: (actor, input) => app.settlement.settleCustomerDebts(actor, customerId, input),
      },
      {
        name: "novo crediário",
        uses: "createCreditPlan",
        route: "credit-plan-new.tsx",
        prepare: () => debt("300,00"),
        input: (debtId: number) => planInput(debtId, "3"),
        other: (debtId: number) => planInput(debtId, "2"),
        run: (actor, input) => app.plans.createCreditPlan(actor, input),
      },
      {
        name: "pagamento de parcela do crediário",
        uses: "payCreditPlan",
        route: "credit-plan-pay.tsx",
        prepare: () => plan(),
        input: () => ({ amount: "50,00", method: "cash" }),
        other: () => ({ amount: "51,00", method: "cash" }),
        run: (actor, input, planId: number) => app.creditPayments.payCreditPlan(actor, planId, input),
      },
      {
        name: "quitação do crediário",
        uses: "payoffCreditPlan",
        route: "credit-plan-payoff.tsx",
        prepare: () => plan(),
        input: () => ({ instalments: "todas", expectedTotal: "300,00", method: "cash" }),
        other: () => ({ instalments: "todas", expectedTotal: "300,00", method: "pix" }),
        run: (actor, input, planId: number) => app.creditPayments.payoffCreditPlan(actor, planId, input),
      },
      {
        name: "novo lançamento",
        uses: "createEntries",
        route: "finance-entry-new.tsx",
        prepare: async () => null,
        input: () => entryInput("120,00"),
        other: () => entryInput("121,00"),
        run: (actor, input) => app.financeEntries.createEntries(actor, input),
      },
      {
        name: "pagar um lançamento",
        uses: "payEntry",
        route: "finance-entry.tsx",
        prepare: () => entry(),
        input: () => ({ paidDate: today(), accountId: String(accountIds.bank), method: "pix" }),
        other: () => ({ paidDate: today(), accountId: String(accountIds.drawer), method: "cash" }),
        run: (actor, input, entryId: number) => app.financeEntries.payEntry(actor, entryId, input),
      },
      {
        name: "transferência entre contas",
        uses: "recordTransfer",
        route: "finance-accounts.tsx",
        prepare: async () => null,
        input: () => ({
          fromAccountId: String(accountIds.bank),
          toAccountId: String(accountIds.drawer),
          amount: "25,00",
          transferDate: today(),
          description: "",
        }),
        other: () => ({
          fromAccountId: String(accountIds.bank),
          toAccountId: String(accountIds.drawer),
          amount: "26,00",
          transferDate: today(),
          description: "",
        }),
        run: (actor, input) => app.financeAccounts.recordTransfer(actor, input),
      },
      {
        name: "novo recorrente",
        uses: "createRecurring",
        route: "finance-recurring.tsx",
        prepare: async () => null,
        input: () => recurringInput("1.500,00"),
        other: () => recurringInput("1.600,00"),
        run: (actor, input) => app.recurring.createRecurring(actor, input),
      },
      {
        name: "novo item com estoque inicial",
        uses: "createProduct",
        route: "inventory-product.tsx",
        prepare: async () => null,
        input: () => productInput("10"),
        other: () => productInput("11"),
        run: (actor, input) => app.products.createProduct(actor, input),
      },
      {
        name: "entrada de estoque",
        uses: "recordStockEntry",
        route: "inventory-product.tsx",
        prepare: () => product(0),
        input: () => ({ quantity: "10", unitCostCents: "5,00", supplier: "Distribuidora Sul", ...paidFromBank() }),
        other: () => ({ quantity: "10", unitCostCents: "6,00", supplier: "Distribuidora Sul", ...paidFromBank() }),
        run: (actor, input, productId: number) => app.stock.recordStockEntry(actor, productId, input),
      },
      {
        name: "entrada de unidades com IMEI",
        uses: "recordSerialisedEntry",
        route: "inventory-product.tsx",
        prepare: () => product(0, { serialised: true }),
        input: () => ({ units: [{ serial: "356938035643809", costCents: "900,00" }], supplier: "", ...paidFromBank() }),
        other: () => ({ units: [{ serial: "356938035643809", costCents: "950,00" }], supplier: "", ...paidFromBank() }),
        run: (actor, input, productId: number) => app.stock.recordSerialisedEntry(actor, productId, input),
      },
      {
        name: "ajuste de estoque",
        uses: "recordStockAdjustment",
        route: "inventory-product.tsx",
        prepare: () => product(5),
        input: () => ({ quantity: "-2", reason: "Quebra na vitrine" }),
        other: () => ({ quantity: "-3", reason: "Quebra na vitrine" }),
        run: (actor, input, productId: number) => app.stock.recordStockAdjustment(actor, productId, input),
      },
      {
        name: "baixa de unidade",
        uses: "writeOffUnit",
        route: "inventory-product.tsx",
        prepare: async () => {
          const productId = await product(0, { serialised: true });
          await app.stock.recordSerialisedEntry(STAFF, productId, {
            units: [
              { serial: "490154203237518", costCents: "900,00" },
              { serial: "353918104582016", costCents: "900,00" },
            ],
            supplier: "",
            ...paidFromBank(),
            idempotencyKey: key(),
          });
          const units = await app.db
            .select({ id: app.tables.productUnits.id })
            .from(app.tables.productUnits)
            .where(eq(app.tables.productUnits.productId, productId))
            .orderBy(app.tables.productUnits.id);
          return { productId, unitIds: units.map((unit) => unit.id) };
        },
        input: ({ unitIds }: { unitIds: number[] }) => ({ unitId: String(unitIds[0]), reason: "Roubada da vitrine" }),
        other: ({ unitIds }: { unitIds: number[] }) => ({ unitId: String(unitIds[1]), reason: "Roubada da vitrine" }),
        run: (actor, input, { productId }: { productId: number }) => app.stock.writeOffUnit(actor, productId, input),
      },
      {
        name: "importação de planilha (novos itens com estoque)",
        uses: "importProductsCsv",
        route: "inventory-import.tsx",
        prepare: async () => null,
        input: () => ({ csv: "Nome;Preço;Custo;Estoque\nCabo USB-C;19,90;8,00;10\nFone P2;29,90;12,00;3\n" }),
        other: () => ({ csv: "Nome;Preço;Custo;Estoque\nCabo USB-C;19,90;8,00;20\nFone P2;29,90;12,00;3\n" }),
        run: (actor, input) =>
          app.productImport.importProductsCsv(
            actor,
            new TextEncoder().encode(String(input.csv)),
            String(input.idempotencyKey ?? ""),
          ),
      },
      {
        name: "encerrar inventário (outra contagem com a mesma chave é recusada)",
        uses: "closeStockCount",
        route: "inventory-count.tsx",
        prepare: async () => {
          const productId = await product(4);
          const { id } = await app.counts.startStockCount(STAFF, { note: "" });
          await app.counts.recordCountedQuantity(STAFF, id, productId, { countedQuantity: "3" });
          // Closing carries the confirmation of the differences reviewed.
          return { countId: id, confirmation: (await app.counts.getStockCountReview(id))!.confirmation };
        },
        input: () => ({}),
        other: () => ({ otherCount: true }),
        run: async (actor, input, { countId, confirmation }: { countId: number; confirmation: string }) => {
          if (input.otherCount) {
            // The same key on another count: a different operation, refused like other content.
            return app.counts.closeStockCount(actor, countId + 1_000, { confirmation, idempotencyKey: input.idempotencyKey });
          }
          return app.counts.closeStockCount(actor, countId, { ...input, confirmation });
        },
      },
      {
        name: "fechamento do caixa",
        uses: "closeCashRegister",
        route: "cash-register-closing.tsx",
        prepare: async () => {
          const desk = await app.registerQueries.getRegisterDesk();
          return { registerId: desk.register!.id, exact: await closingInput(0), short: await closingInput(-100) };
        },
        input: ({ exact }: { exact: Input }) => exact,
        other: ({ short }: { short: Input }) => short,
        run: (actor, input, { registerId }: { registerId: number }) => app.closing.closeCashRegister(actor, registerId, input),
      },
    ];

    function recurringInput(amount: string): Input {
      return {
        direction: "out",
        description: "Aluguel",
        categoryId: String(rentCategoryId),
        amount,
        dayOfMonth: "10",
        startMonth: today().slice(0, 7),
        endMonth: "",
        counterparty: "",
        accountId: "",
      };
    }

    for (const replay of cases) {
      it(`${replay.name}: a mesma chave e o mesmo conteúdo gravam uma vez; outro conteúdo ou outra pessoa: 409, nada gravado`, async () => {
        const prepared = (await replay.prepare()) as never;
        const idempotencyKey = key();
        const input = { ...replay.input(prepared), idempotencyKey };
        const before = await everything();
        const first = await replay.run(STAFF, input, prepared);
        const afterFirst = await everything();
        expect(afterFirst, "a primeira vez grava").not.toEqual(before);

        const again = await replay.run(STAFF, { ...input }, prepared);
        expect(withoutReplayFlag(again)).toEqual(withoutReplayFlag(first));
        expect(await everything(), "a repetição não grava nada").toEqual(afterFirst);

        const otherContent = await replay
          .run(STAFF, { ...replay.other(prepared), idempotencyKey }, prepared)
          .catch((error: unknown) => error);
        expect(otherContent).toMatchObject({ status: 409 });
        if (replay.uses !== "closeStockCount") expect(otherContent).toMatchObject({ fieldErrors: { form: CONTENT_CONFLICT } });
        expect(await everything(), "outro conteúdo não grava nada").toEqual(afterFirst);

        const otherPerson = await replay.run(OTHER_STAFF, { ...input }, prepared).catch((error: unknown) => error);
        expect(otherPerson).toMatchObject({ status: 409, fieldErrors: { form: ACTOR_CONFLICT } });
        expect(await everything(), "outra pessoa não grava nada").toEqual(afterFirst);

        // Without a key (an old or forged form) nothing is written either.
        const keyless = await replay.run(STAFF, replay.input(prepared), prepared).catch((error: unknown) => error);
        expect(Object.values((keyless as { fieldErrors?: Record<string, string> }).fieldErrors ?? {})).toContain(
          "Recarregue a página e tente de novo.",
        );
        expect(await everything()).toEqual(afterFirst);
      });
    }

    it("lista cada ação que move dinheiro ou estoque: cada rota que a chama tem a chave no formulário", () => {
      const unclassified: string[] = [];
      for (const call of routeCalls()) {
        const inTable = cases.some((replay) => replay.uses === call.uses);
        const keyedElsewhere = call.uses in KEYED_NOT_IN_TABLE;
        if (inTable || keyedElsewhere) {
          const text = readFileSync(path.join(ROUTES_DIR, call.route), "utf8");
          expect(text, `${call.route} chama ${call.uses}: o formulário precisa do campo idempotencyKey`).toContain(
            "idempotencyKey",
          );
          continue;
        }
        if (call.uses in GUARDED_BY_STATE || NO_MONEY_OR_STOCK.has(call.uses)) continue;
        unclassified.push(`${call.route}: ${call.uses}`);
      }
      // A new action on a money or stock page must be keyed and added to the table, or classified above with a reason.
      expect(unclassified).toEqual([]);
      for (const replay of cases) {
        const text = readFileSync(path.join(ROUTES_DIR, replay.route), "utf8");
        expect(text, `${replay.route} (${replay.name})`).toContain("idempotencyKey");
      }
    });
  });
}
