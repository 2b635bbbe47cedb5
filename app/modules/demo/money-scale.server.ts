import { eq, sql } from "drizzle-orm";
import { getDb, type Transaction } from "~/db/client.server";
import { cashRegisters, registerEntries, saleItems, sales } from "~/db/schema/cash-register";
import { creditInstalments, creditPaymentItems, creditPayments, creditPlans, debtPayments, debts } from "~/db/schema/credit";
import {
  cardFeeRates,
  cardReceivables,
  financeAccountRoles,
  financeCategories,
  financeEntries,
  financeTransfers,
  type FinanceAccountRole,
} from "~/db/schema/finance";
import { products, stockMovements, type RevenueSource } from "~/db/schema/inventory";
import { addDays, addMonths, atShopTime, shopToday } from "~/lib/dates";
import { allocateCents, percentOfCents, splitCents } from "~/lib/money";
import { computeDisclosure } from "~/modules/credit/plan-terms";
import { creditSettingsOf, creditSupplierOf } from "~/modules/credit/plans.server";
import { creditCet, priceSchedule, yearlyRateBasisPoints } from "~/modules/credit/price-table";
import { readShopSettingsInTx } from "~/modules/shop-settings/queries.server";
import { revenuePartsOf, type ReceiptPart, type RevenueLine, type SystemCategoryKey } from "~/modules/finance/revenue-parts";
import { insertCustomers, insertRows, nextIds } from "./bulk-insert.server";
import { markShopHasDemoDataInTx } from "./demo-flag.server";
import { buildCustomer } from "./fake-people";
import { createRandom, pickWeighted, type Random } from "./random";

/**
 * The money scale data set (issue 12's speed budget): a year of counter
 * sales with their items, stock movements at cost, register entries and
 * finance postings (revenue by source, discounts, card fees and
 * receivables), the stock purchases as payables, the month's expenses,
 * `plans` crediário plans on sales (Tabela Price from credit/price-table.ts,
 * most due instalments paid through the register and finance, some
 * overdue) and IOUs, some paid. Written in bulk, a month per transaction,
 * the way each module's core would write them; every row that can say so is
 * demo data. Use a DATA_DIR of its own.
 */

const LABEL = "dados de escala";
const SUPPLIERS = ["Distribuidora Sul", "Atacado Cell", "Importadora Paulista", "Peças Express"];
const PAYMENT_METHODS: readonly (readonly ["cash" | "pix" | "debit" | "credit", number])[] = [
  ["cash", 30],
  ["pix", 38],
  ["debit", 17],
  ["credit", 15],
];
/** Monthly expenses: category, amount range (centavos), due day. */
const MONTHLY_EXPENSES: readonly (readonly [SystemCategoryKey, string, number, number, number])[] = [
  ["rent", "Aluguel da loja", 250_000, 250_000, 5],
  ["payroll", "Salário do técnico", 320_000, 340_000, 5],
  ["owner-draw", "Pró-labore", 300_000, 300_000, 10],
  ["utilities", "Energia elétrica", 35_000, 60_000, 12],
  ["utilities", "Internet e telefone", 18_990, 18_990, 15],
  ["software", "Sistema e assinaturas", 9_900, 14_900, 8],
  ["accounting", "Contador", 45_000, 45_000, 10],
  ["marketing", "Anúncios", 10_000, 40_000, 20],
  ["bank-fees", "Tarifa bancária", 4_990, 4_990, 1],
];

type Row = Record<string, unknown>;
type ScaleProduct = {
  id: number;
  priceCents: number;
  costCents: number;
  source: RevenueSource;
  kind: "product" | "part" | "service";
};

export type MoneyScaleProgress = { month: string; sales: number; plans: number; entries: number; elapsedMs: number };

/** Ids of the accounts each role uses and the categories by key, as the migration seeded them. */
async function postingTargetsInTx(tx: Transaction) {
  const roles = await tx.select().from(financeAccountRoles);
  const accountOf = (role: FinanceAccountRole) => roles.find((row) => row.role === role)!.accountId;
  const categories = await tx
    .select({ id: financeCategories.id, key: financeCategories.systemKey, direction: financeCategories.direction })
    .from(financeCategories);
  const categoryOf = (key: SystemCategoryKey) => {
    const category = categories.find((row) => row.key === key);
    if (!category) throw new Error(`categoria financeira ausente: ${key}`);
    return category;
  };
  const rates = await tx.select().from(cardFeeRates);
  return { accountOf, categoryOf, rates };
}

/** Scale products of their own (so the stock ledger's running balances start here), with a large first entry each. */
function planProducts(random: Random, count: number) {
  return Array.from({ length: count }, (_, index) => {
    const kind = index % 10 === 0 ? "service" : index % 4 === 0 ? "part" : "product";
    const priceCents = random.int(15, 900) * 100 - 10;
    return {
      kind,
      priceCents,
      costCents: Math.round(priceCents * (0.35 + random.next() * 0.2)),
      source: kind === "service" ? (random.chance(0.5) ? "printing-design" : "services") : "products",
    } as const;
  });
}

export async function seedMoneyScale({
  plans: planCount = 5_000,
  salesPerDay = 45,
  days = 365,
  seed = 12,
  now = new Date(),
  onProgress,
}: {
  plans?: number;
  salesPerDay?: number;
  days?: number;
  seed?: number;
  now?: Date;
  onProgress?: (progress: MoneyScaleProgress) => void;
} = {}) {
  const db = await getDb();
  const startedAt = performance.now();
  const random = createRandom(seed);
  const today = shopToday(now);
  const firstDay = addDays(today, -days);
  // A little above the average share, so the plans are all made before the last weeks of the year.
  const planChance = (1.1 * planCount) / (days * salesPerDay);

  const setup = await db.transaction(async (tx) => {
    await markShopHasDemoDataInTx(tx);
    const targets = await postingTargetsInTx(tx);
    const planned = planProducts(random, 300);
    const productIds = await nextIds(tx, "products", planned.length);
    const scaleProducts: ScaleProduct[] = planned.map((product, index) => ({ id: productIds[index]!, ...product }));
    const startStock = 5_000;
    await insertRows(
      tx,
      products,
      scaleProducts.map((product) => ({
        id: product.id,
        kind: product.kind,
        sku: `FIN${String(product.id).padStart(7, "0")}`,
        name: `Item de escala financeira ${product.id}`,
        slug: `item-de-escala-financeira-${product.id}`,
        category: product.kind === "service" ? "Serviços" : "Acessórios",
        priceCents: product.priceCents,
        averageCostCents: product.kind === "service" ? 0 : product.costCents,
        stockQuantity: 0,
        revenueSource: product.source,
        isDemo: true,
      })),
    );
    const customerIds = await insertCustomers(
      tx,
      Array.from({ length: Math.max(100, Math.round(planCount * 0.6)) }, (_, index) => ({
        ...buildCustomer(random, { createdAt: atShopTime(firstDay, "09:00"), serial: 900_000 + index }),
        document: null,
      })),
      { isDemo: true },
    );
    return { targets, scaleProducts, startStock, customerIds };
  });
  const { targets, scaleProducts, customerIds } = setup;
  const stock = new Map(scaleProducts.map((product) => [product.id, 0]));
  const goods = scaleProducts.filter((product) => product.kind !== "service");

  let totals = { sales: 0, plans: 0, entries: 0 };
  let plansLeft = planCount;
  for (let monthStart = firstDay; monthStart <= today;) {
    // Calendar months (the first one from `firstDay`), so each month's bills fall in their own batch.
    const monthEnd = [addDays(addMonths(`${monthStart.slice(0, 7)}-01`, 1), -1), today].sort()[0]!;
    const written = await db.transaction(async (tx) => {
      // Each item's stock as the month starts: where its ledger's running balance picks up.
      const batch = new MonthBatch(tx, random, targets, today, new Map(stock));
      // Restock at the month's start: each item back to its level, bought from a supplier (a payable, paid 15 days later).
      for (const product of goods) {
        const missing = setup.startStock - stock.get(product.id)!;
        if (missing <= 0) continue;
        stock.set(product.id, stock.get(product.id)! + missing);
        batch.movement(product, "entry", missing, atShopTime(monthStart, "08:00"), stock.get(product.id)!, "");
        batch.payable(product, missing, monthStart);
      }
      for (let day = monthStart; day <= monthEnd; day = addDays(day, 1)) {
        const registerId = batch.register(day);
        const count = Math.round(salesPerDay * (0.6 + random.next() * 0.8));
        for (let index = 0; index < count; index++) {
          const time = atShopTime(
            day,
            `${String(9 + Math.floor((index * 10) / count)).padStart(2, "0")}:${String(random.int(0, 59)).padStart(2, "0")}`,
          );
          const items = Array.from({ length: random.int(1, 3) }, () =>
            random.chance(0.15) ? random.pick(scaleProducts.filter((product) => product.kind === "service")) : random.pick(goods),
          );
          const isPlan = plansLeft > 0 && day < today && random.chance(planChance) && customerIds.length > 0;
          const saleId = batch.sale(items, time, day, registerId, isPlan ? random.pick(customerIds) : null, stock);
          if (isPlan) {
            batch.plan(saleId, day, time);
            plansLeft--;
          }
        }
      }
      batch.expenses(monthStart, monthEnd);
      // The next month's bills exist ahead, open, as recurring entries are generated.
      if (monthEnd === today) {
        const nextMonth = addMonths(`${today.slice(0, 7)}-01`, 1);
        batch.expenses(nextMonth, addDays(addMonths(nextMonth, 1), -1));
      }
      await batch.flush();
      return batch.counts();
    });
    totals = {
      sales: totals.sales + written.sales,
      plans: totals.plans + written.plans,
      entries: totals.entries + written.entries,
    };
    onProgress?.({ month: monthStart.slice(0, 7), ...totals, elapsedMs: performance.now() - startedAt });
    monthStart = addDays(monthEnd, 1);
  }
  await db.transaction(async (tx) => {
    for (const product of goods) {
      await tx
        .update(products)
        .set({ stockQuantity: stock.get(product.id)! })
        .where(eq(products.id, product.id));
    }
    await seedDebtsInTx(tx, random, targets, customerIds, firstDay, today, Math.round(planCount / 6));
  });
  // The planner learns the new sizes, and index-only scans get their visibility map (PGlite has no autovacuum).
  await db.execute(sql`vacuum analyze`);
  return { ...totals, elapsedMs: performance.now() - startedAt };
}

type Targets = Awaited<ReturnType<typeof postingTargetsInTx>>;

/**
 * One month's rows, gathered then written table by table. Ids come from
 * each table's own sequence first, so rows that point at each other
 * (an item at its sale, a posting at its register entry) are written in bulk.
 */
class MonthBatch {
  private readonly rows = new Map<string, Row[]>();
  private readonly pendingSales: {
    items: ScaleProduct[];
    time: Date;
    day: string;
    registerId: number;
    customerId: number | null;
  }[] = [];
  private readonly pendingPlans: { saleIndex: number; day: string; time: Date }[] = [];
  private readonly pendingMovements: { row: Row; product: ScaleProduct }[] = [];
  private readonly pendingPayables: { product: ScaleProduct; quantity: number; day: string; movementIndex: number }[] = [];
  private readonly pendingRegisters: string[] = [];
  private salesWritten = 0;
  private plansWritten = 0;

  constructor(
    private readonly tx: Transaction,
    private readonly random: Random,
    private readonly targets: Targets,
    private readonly today: string,
    private readonly stockAtStart: ReadonlyMap<number, number>,
  ) {}

  private add(table: string, row: Row) {
    const list = this.rows.get(table) ?? [];
    list.push(row);
    this.rows.set(table, list);
  }

  counts() {
    return { sales: this.salesWritten, plans: this.plansWritten, entries: this.rows.get("finance_entries")?.length ?? 0 };
  }

  /** The day's register, closed at night (cash needs one). Returns its index in the batch; ids come at flush. */
  register(day: string) {
    this.pendingRegisters.push(day);
    return this.pendingRegisters.length - 1;
  }

  movement(product: ScaleProduct, kind: "entry" | "sale", quantity: number, at: Date, balanceAfter: number, origin: string) {
    this.pendingMovements.push({
      product,
      row: {
        productId: product.id,
        kind,
        quantity,
        unitCostCents: product.costCents,
        balanceAfter,
        averageCostAfterCents: product.costCents,
        supplier: kind === "entry" ? this.random.pick(SUPPLIERS) : "",
        reason: "",
        origin,
        actorLabel: LABEL,
        createdAt: at,
      },
    });
    return this.pendingMovements.length - 1;
  }

  payable(product: ScaleProduct, quantity: number, day: string) {
    this.pendingPayables.push({ product, quantity, day, movementIndex: this.pendingMovements.length - 1 });
  }

  sale(
    items: ScaleProduct[],
    time: Date,
    day: string,
    registerIndex: number,
    customerId: number | null,
    stock: Map<number, number>,
  ) {
    for (const item of items) {
      if (item.kind === "service") continue;
      stock.set(item.id, stock.get(item.id)! - 1);
    }
    this.pendingSales.push({ items, time, day, registerId: registerIndex, customerId });
    return this.pendingSales.length - 1;
  }

  plan(saleIndex: number, day: string, time: Date) {
    this.pendingPlans.push({ saleIndex, day, time });
  }

  /** An entry as finance's posting core writes it. */
  private entry(
    key: SystemCategoryKey,
    amountCents: number,
    input: {
      paidDate: string | null;
      dueDate: string;
      accountId: number | null;
      method?: string | null;
      origin?: { kind: string; id: number } | null;
      description: string;
      customerId?: number | null;
      counterparty?: string;
    },
  ) {
    const category = this.targets.categoryOf(key);
    this.add("finance_entries", {
      direction: category.direction,
      description: input.description,
      categoryId: category.id,
      amountCents,
      dueDate: input.dueDate,
      paidDate: input.paidDate,
      method: input.method ?? null,
      accountId: input.accountId,
      counterparty: input.counterparty ?? "",
      customerId: input.customerId ?? null,
      originKind: input.origin?.kind ?? null,
      originId: input.origin?.id ?? null,
      createdByLabel: LABEL,
      isDemo: true,
    });
  }

  /** A payment received through the register, posted as postReceiptInTx posts it (card fee and receivables too). */
  private receipt(
    method: "cash" | "pix" | "debit" | "credit",
    instalments: number,
    entryId: number,
    day: string,
    parts: readonly ReceiptPart[],
    description: string,
    customerId: number | null,
  ) {
    const accountId = this.targets.accountOf(method === "cash" ? "cash-drawer" : method === "pix" ? "pix" : "card");
    const origin = { kind: "register-entry", id: entryId };
    let netCents = 0;
    for (const part of parts) {
      netCents += this.targets.categoryOf(part.categoryKey).direction === "in" ? part.amountCents : -part.amountCents;
      this.entry(part.categoryKey, part.amountCents, {
        paidDate: day,
        dueDate: day,
        accountId,
        method,
        origin,
        description,
        customerId,
      });
    }
    if (method !== "debit" && method !== "credit") return;
    const rate = this.targets.rates.find((each) => each.method === method && each.instalments === instalments);
    const feeCents = percentOfCents(netCents, rate?.feeBasisPoints ?? 0);
    if (feeCents > 0) {
      this.entry("card-fees", feeCents, {
        paidDate: day,
        dueDate: day,
        accountId,
        method,
        origin,
        description: `Taxa do cartão: ${description}`,
      });
    }
    const grosses = splitCents(netCents, instalments);
    const fees = splitCents(feeCents, instalments);
    grosses.forEach((grossCents, index) =>
      this.add("card_receivables", {
        registerEntryId: entryId,
        instalmentNumber: index + 1,
        instalmentCount: instalments,
        expectedDate: addDays(day, (rate?.settlementDays ?? 30) + 30 * index),
        grossCents,
        feeCents: fees[index]!,
        netCents: grossCents - fees[index]!,
        acquirerAccountId: accountId,
        settlementAccountId: this.targets.accountOf("card-settlement"),
      }),
    );
  }

  /** The month's fixed expenses and the DAS, paid on their due date once it has come, else open. */
  expenses(monthStart: string, monthEnd: string) {
    const month = monthStart.slice(0, 7);
    for (const [key, description, low, high, dueDay] of MONTHLY_EXPENSES) {
      const dueDate = `${month}-${String(dueDay).padStart(2, "0")}`;
      if (dueDate < monthStart || dueDate > monthEnd) continue;
      // About one bill in twenty is left unpaid (overdue) once due; the rest are paid on the day.
      const isPaid = dueDate < this.today && !this.random.chance(0.05);
      this.entry(key, this.random.int(low / 10, high / 10) * 10, {
        paidDate: isPaid ? dueDate : null,
        dueDate,
        accountId: isPaid ? this.targets.accountOf("pix") : null,
        method: isPaid ? "boleto" : null,
        description: `${description} ${month}`,
      });
    }
    const taxDue = `${month}-20`;
    if (taxDue >= monthStart && taxDue <= monthEnd) {
      const isPaid = taxDue < this.today;
      this.entry("tax", this.random.int(80_000, 140_000), {
        paidDate: isPaid ? taxDue : null,
        dueDate: taxDue,
        accountId: isPaid ? this.targets.accountOf("pix") : null,
        method: isPaid ? "boleto" : null,
        description: `DAS ${month}`,
      });
    }
  }

  async flush() {
    const { tx, random, targets } = this;
    const registerIds = await nextIds(tx, "cash_registers", this.pendingRegisters.length);
    await insertRows(
      tx,
      cashRegisters,
      this.pendingRegisters.map((day, index) => ({
        id: registerIds[index]!,
        isOpen: false,
        openingFloatCents: 20_000,
        openedByLabel: LABEL,
        openedAt: atShopTime(day, "08:30"),
        closedByLabel: LABEL,
        closedAt: atShopTime(day, "19:00"),
      })),
    );

    const saleIds = await nextIds(tx, "sales", this.pendingSales.length);
    const planBySale = new Map(this.pendingPlans.map((plan) => [plan.saleIndex, plan]));
    const saleLines = new Map<number, RevenueLine[]>();
    const saleRows: Row[] = [];
    const itemRows: Row[] = [];
    const saleEntries: { index: number; method: string; amountCents: number; instalments: number | null }[] = [];
    this.pendingSales.forEach((sale, index) => {
      const saleId = saleIds[index]!;
      const itemsTotal = sale.items.reduce((sum, item) => sum + item.priceCents, 0);
      const discount = !planBySale.has(index) && random.chance(0.2) ? percentOfCents(itemsTotal, 500) : 0;
      const totalCents = itemsTotal - discount;
      // Spread by price, as the sale screen spreads a discount over its lines.
      const lineDiscounts = allocateCents(
        discount,
        sale.items.map((item) => item.priceCents),
      );
      saleRows.push({
        id: saleId,
        registerId: registerIds[sale.registerId]!,
        customerId: sale.customerId,
        itemsTotalCents: itemsTotal,
        discountCents: discount,
        totalCents,
        code: `VENDA${saleId}`,
        createdByLabel: LABEL,
        createdAt: sale.time,
      });
      sale.items.forEach((item, position) => {
        itemRows.push({
          saleId,
          position,
          productId: item.id,
          description: `Item de escala financeira ${item.id}`,
          quantity: 1,
          unitPriceCents: item.priceCents,
          discountCents: lineDiscounts[position]!,
          totalCents: item.priceCents - lineDiscounts[position]!,
          unitCostCents: item.kind === "service" ? 0 : item.costCents,
          revenueSource: item.source,
        });
        if (item.kind !== "service") this.movement(item, "sale", -1, sale.time, 0, `sale:${saleId}`);
      });
      saleLines.set(
        index,
        sale.items.map((item) => ({ source: item.source, grossCents: item.priceCents })),
      );
      if (planBySale.has(index)) {
        saleEntries.push({ index, method: "crediario", amountCents: totalCents, instalments: null });
      } else {
        const method = pickWeighted(random, PAYMENT_METHODS);
        saleEntries.push({ index, method, amountCents: totalCents, instalments: method === "credit" ? random.int(1, 6) : null });
      }
    });
    await insertRows(tx, sales, saleRows);
    await insertRows(tx, saleItems, itemRows);

    // Running balances of the sale movements, in time order per product (the ledger reads as a statement).
    const movements = this.pendingMovements
      .map((movement, order) => ({ ...movement, order }))
      .sort((a, b) => (a.row.createdAt as Date).getTime() - (b.row.createdAt as Date).getTime() || a.order - b.order);
    const running = new Map<number, number>();
    const movementIds = await nextIds(tx, "stock_movements", movements.length);
    const idOfMovement = new Map<number, number>();
    movements.forEach((movement, index) => {
      const before = running.get(movement.product.id) ?? this.stockAtStart.get(movement.product.id) ?? 0;
      const after = before + (movement.row.quantity as number);
      running.set(movement.product.id, after);
      movement.row.balanceAfter = after;
      movement.row.id = movementIds[index]!;
      idOfMovement.set(movement.order, movementIds[index]!);
    });
    await insertRows(
      tx,
      stockMovements,
      movements.map((movement) => movement.row),
    );
    for (const payable of this.pendingPayables) {
      const paidDate = addDays(payable.day, 15);
      const isPaid = paidDate < this.today;
      this.entry("stock-purchases", payable.quantity * payable.product.costCents, {
        paidDate: isPaid ? paidDate : null,
        dueDate: paidDate,
        accountId: isPaid ? targets.accountOf("pix") : null,
        method: isPaid ? "boleto" : null,
        origin: { kind: "stock-movement", id: idOfMovement.get(payable.movementIndex)! },
        description: `Compra de estoque: item ${payable.product.id}`,
        counterparty: random.pick(SUPPLIERS),
      });
    }

    // One register entry per sale (the scale sales are paid one way), and what each posts.
    const entryIds = await nextIds(tx, "register_entries", saleEntries.length);
    const entryRows: Row[] = [];
    saleEntries.forEach((entry, position) => {
      const sale = this.pendingSales[entry.index]!;
      const entryId = entryIds[position]!;
      entryRows.push({
        id: entryId,
        registerId: registerIds[sale.registerId]!,
        kind: "sale",
        method: entry.method,
        amountCents: entry.amountCents,
        instalments: entry.instalments,
        saleId: saleIds[entry.index]!,
        customerId: sale.customerId,
        businessDate: sale.day,
        actorLabel: LABEL,
        createdAt: sale.time,
      });
      if (entry.method === "crediario" || entry.amountCents === 0) return;
      this.receipt(
        entry.method as "cash",
        entry.instalments ?? 1,
        entryId,
        sale.day,
        revenuePartsOf(entry.amountCents, saleLines.get(entry.index)!, entry.amountCents),
        `Venda VENDA${saleIds[entry.index]!}`,
        sale.customerId,
      );
    });
    await this.writePlans(saleIds, saleLines, entryRows);
    await insertRows(tx, registerEntries, entryRows);
    await insertRows(tx, financeEntries, this.rows.get("finance_entries") ?? []);
    await insertRows(tx, cardReceivables, this.rows.get("card_receivables") ?? []);
    // A weekly sangria: a transfer from the drawer to where the cash is kept, neither revenue nor expense.
    const transfers = this.pendingRegisters
      .filter((_, index) => index % 7 === 6)
      .map((day) => ({
        fromAccountId: targets.accountOf("cash-drawer"),
        toAccountId: targets.accountOf("withdrawal"),
        amountCents: random.int(500, 2_000) * 100,
        transferDate: day,
        description: "Sangria semanal",
        createdByLabel: LABEL,
      }));
    await insertRows(tx, financeTransfers, transfers);
    this.salesWritten = saleRows.length;
  }

  /**
   * Plans on the crediário sales: Tabela Price at 0% or the default maximum
   * (1% a.m.), 2 to 12 instalments from 30 days after the sale; each due
   * instalment paid on its day (85%) through the register and finance
   * (principal by the sale's sources, interest), the others left overdue.
   */
  private async writePlans(saleIds: number[], saleLines: Map<number, RevenueLine[]>, entryRows: Row[]) {
    const { tx, random } = this;
    if (this.pendingPlans.length === 0) return;
    const planIds = await nextIds(tx, "credit_plans", this.pendingPlans.length);
    const settings = await readShopSettingsInTx(tx);
    const creditSettings = { ...creditSettingsOf(settings), maxMonthlyRateBasisPoints: Number.MAX_SAFE_INTEGER };
    const supplier = creditSupplierOf(settings);
    const planRows: Row[] = [];
    const instalmentRows: Row[] = [];
    const paid: {
      planId: number;
      customerId: number;
      instalmentIndex: number;
      day: string;
      principal: number;
      interest: number;
      lines: RevenueLine[];
      cashPrice: number;
    }[] = [];
    this.pendingPlans.forEach((pending, index) => {
      const sale = this.pendingSales[pending.saleIndex]!;
      const planId = planIds[index]!;
      const cashPrice = sale.items.reduce((sum, item) => sum + item.priceCents, 0);
      const count = Math.max(1, Math.min(random.int(2, 12), Math.floor(cashPrice / 1_000)));
      const rate = random.chance(0.5) ? 0 : 100;
      const firstDueDate = addDays(pending.day, 30);
      const schedule = priceSchedule({
        financedCents: cashPrice,
        instalmentCount: count,
        monthlyRateBasisPoints: rate,
        contractDate: pending.day,
        firstDueDate,
      });
      const cet = creditCet({
        financedCents: cashPrice,
        feeCents: 0,
        contractDate: pending.day,
        instalments: schedule.instalments,
      });
      let isAllPaid = true;
      for (const instalment of schedule.instalments) {
        const isDue = instalment.dueDate < this.today;
        const isPaid = isDue && random.chance(0.85);
        if (!isPaid) isAllPaid = false;
        instalmentRows.push({
          planId,
          customerId: sale.customerId!,
          number: instalment.number,
          dueDate: instalment.dueDate,
          amountCents: instalment.amountCents,
          principalCents: instalment.principalCents,
          interestCents: instalment.interestCents,
          paidPrincipalCents: isPaid ? instalment.principalCents : 0,
          paidInterestCents: isPaid ? instalment.interestCents : 0,
          settledAt: isPaid ? atShopTime(instalment.dueDate, "11:00") : null,
        });
        if (isPaid) {
          paid.push({
            planId,
            customerId: sale.customerId!,
            instalmentIndex: instalmentRows.length - 1,
            day: instalment.dueDate,
            principal: instalment.principalCents,
            interest: instalment.interestCents,
            lines: saleLines.get(pending.saleIndex)!,
            cashPrice,
          });
        }
      }
      planRows.push({
        id: planId,
        customerId: sale.customerId!,
        saleId: saleIds[pending.saleIndex]!,
        status: isAllPaid ? "paid" : "active",
        cashPriceCents: cashPrice,
        financedCents: cashPrice,
        instalmentCount: count,
        monthlyRateBasisPoints: rate,
        yearlyRateBasisPoints: yearlyRateBasisPoints(rate),
        cetMonthlyBasisPoints: cet.monthlyBasisPoints,
        cetYearlyBasisPoints: cet.yearlyBasisPoints,
        contractDate: pending.day,
        firstDueDate,
        instalmentCents: schedule.instalmentCents,
        totalCents: schedule.totalCents,
        lateFeeBasisPoints: 200,
        lateInterestMonthlyBasisPoints: 100,
        // What the contract and the plan's page show, as a plan made at the counter stores it.
        disclosure: computeDisclosure(
          { cashPriceCents: cashPrice, downPaymentCents: 0, feeCents: 0 },
          { instalmentCount: count, firstDueDate, monthlyRateBasisPoints: rate },
          creditSettings,
          supplier,
          pending.day,
        ),
        offerValidUntil: addDays(pending.day, 2),
        createdByLabel: LABEL,
        createdAt: pending.time,
        isDemo: true,
      });
    });
    await insertRows(tx, creditPlans, planRows);
    const instalmentIds = await nextIds(tx, "credit_instalments", instalmentRows.length);
    instalmentRows.forEach((row, index) => (row.id = instalmentIds[index]!));
    await insertRows(tx, creditInstalments, instalmentRows);

    // Registers exist only for the batch's days: a payment on a later day goes by PIX, which needs none.
    const paymentIds = await nextIds(tx, "credit_payments", paid.length);
    const paymentEntryIds = await nextIds(tx, "register_entries", paid.length);
    const paymentRows: Row[] = [];
    const itemRows: Row[] = [];
    paid.forEach((payment, index) => {
      const amount = payment.principal + payment.interest;
      const entryId = paymentEntryIds[index]!;
      paymentRows.push({
        id: paymentIds[index]!,
        planId: payment.planId,
        customerId: payment.customerId,
        kind: "instalment",
        method: "pix",
        amountCents: amount,
        interestCents: payment.interest,
        principalCents: payment.principal,
        registerEntryId: entryId,
        businessDate: payment.day,
        paidAt: atShopTime(payment.day, "11:00"),
        actorLabel: LABEL,
      });
      itemRows.push({
        paymentId: paymentIds[index]!,
        instalmentId: instalmentIds[payment.instalmentIndex]!,
        interestCents: payment.interest,
        principalCents: payment.principal,
      });
      entryRows.push({
        id: entryId,
        registerId: null,
        kind: "credit-payment",
        method: "pix",
        amountCents: amount,
        customerId: payment.customerId,
        businessDate: payment.day,
        actorLabel: LABEL,
        createdAt: atShopTime(payment.day, "11:00"),
      });
      const parts: ReceiptPart[] = [
        ...(payment.principal > 0 ? revenuePartsOf(payment.principal, payment.lines, payment.cashPrice) : []),
        ...(payment.interest > 0 ? [{ categoryKey: "credit-interest" as const, amountCents: payment.interest }] : []),
      ];
      this.receipt("pix", 1, entryId, payment.day, parts, `Parcela do crediário nº ${payment.planId}`, payment.customerId);
    });
    // The payments' register entries must exist before the payments point at them: written with the sales' entries first.
    await insertRows(tx, registerEntries, entryRows.splice(0));
    await insertRows(tx, creditPayments, paymentRows);
    await insertRows(tx, creditPaymentItems, itemRows);
    this.plansWritten = planRows.length;
  }
}

/** IOUs over the year: most paid in full by PIX some weeks later, the rest still owed (overdue or not yet due). */
async function seedDebtsInTx(
  tx: Transaction,
  random: Random,
  targets: Targets,
  customerIds: number[],
  firstDay: string,
  today: string,
  count: number,
) {
  const span = Math.max(1, Math.round((Date.parse(today) - Date.parse(firstDay)) / 86_400_000));
  const debtIds = await nextIds(tx, "debts", count);
  const rows: Row[] = [];
  const payments: Row[] = [];
  const entries: Row[] = [];
  const paidDebts: { debtId: number; day: string; amount: number; source: RevenueSource; customerId: number }[] = [];
  debtIds.forEach((debtId, index) => {
    const incurredOn = addDays(firstDay, random.int(0, span - 1));
    const dueDate = addDays(incurredOn, 30);
    const amount = random.int(20, 300) * 100;
    const payDay = addDays(incurredOn, random.int(10, 60));
    const isPaid = payDay < today && random.chance(0.6);
    const source: RevenueSource = random.pick(["services", "products", "printing-design"] as const);
    const customerId = customerIds[index % customerIds.length]!;
    rows.push({
      id: debtId,
      customerId,
      kind: "iou",
      description: `Fiado de escala ${index + 1}`,
      revenueSource: source,
      amountCents: amount,
      paidCents: isPaid ? amount : 0,
      incurredOn,
      dueDate,
      settledAt: isPaid ? atShopTime(payDay, "15:00") : null,
      createdByLabel: LABEL,
      isDemo: true,
    });
    if (isPaid) paidDebts.push({ debtId, day: payDay, amount, source, customerId });
  });
  await insertRows(tx, debts, rows);
  const entryIds = await nextIds(tx, "register_entries", paidDebts.length);
  const accountId = targets.accountOf("pix");
  const category = (source: RevenueSource) =>
    targets.categoryOf(
      source === "services" ? "revenue-services" : source === "products" ? "revenue-products" : "revenue-printing-design",
    );
  paidDebts.forEach((debt, index) => {
    const entryId = entryIds[index]!;
    entries.push({
      id: entryId,
      kind: "debt-payment",
      method: "pix",
      amountCents: debt.amount,
      customerId: debt.customerId,
      businessDate: debt.day,
      actorLabel: LABEL,
      createdAt: atShopTime(debt.day, "15:00"),
    });
    payments.push({
      debtId: debt.debtId,
      amountCents: debt.amount,
      method: "pix",
      registerEntryId: entryId,
      businessDate: debt.day,
      actorLabel: LABEL,
    });
  });
  await insertRows(tx, registerEntries, entries);
  await insertRows(tx, debtPayments, payments);
  await insertRows(
    tx,
    financeEntries,
    paidDebts.map((debt, index) => ({
      direction: "in",
      description: `Pagamento de fiado nº ${debt.debtId}`,
      categoryId: category(debt.source).id,
      amountCents: debt.amount,
      dueDate: debt.day,
      paidDate: debt.day,
      method: "pix",
      accountId,
      customerId: debt.customerId,
      originKind: "register-entry",
      originId: entryIds[index]!,
      createdByLabel: LABEL,
      isDemo: true,
    })),
  );
}

/**
 * A scale seed made before the plans stored a real disclosure (each plan's
 * page answered 500 on it: the disclosure held only `{ fonte, parcelas, … }`):
 * every such plan's disclosure recomputed from its own stored terms, as
 * writePlans stores it now. Plans with a real disclosure are left alone, so
 * running it twice changes nothing. Returns how many plans it rewrote.
 */
export async function upgradeScalePlanDisclosures(): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const stale = await tx
      .select({
        id: creditPlans.id,
        cashPriceCents: creditPlans.cashPriceCents,
        instalmentCount: creditPlans.instalmentCount,
        monthlyRateBasisPoints: creditPlans.monthlyRateBasisPoints,
        firstDueDate: creditPlans.firstDueDate,
        contractDate: creditPlans.contractDate,
      })
      .from(creditPlans)
      .where(sql`${creditPlans.disclosure} ? 'fonte' and ${creditPlans.createdByLabel} = ${LABEL}`);
    if (stale.length === 0) return 0;
    const settings = await readShopSettingsInTx(tx);
    const creditSettings = { ...creditSettingsOf(settings), maxMonthlyRateBasisPoints: Number.MAX_SAFE_INTEGER };
    const supplier = creditSupplierOf(settings);
    for (const plan of stale) {
      const disclosure = computeDisclosure(
        { cashPriceCents: plan.cashPriceCents, downPaymentCents: 0, feeCents: 0 },
        {
          instalmentCount: plan.instalmentCount,
          firstDueDate: plan.firstDueDate,
          monthlyRateBasisPoints: plan.monthlyRateBasisPoints,
        },
        creditSettings,
        supplier,
        plan.contractDate,
      );
      await tx.update(creditPlans).set({ disclosure }).where(eq(creditPlans.id, plan.id));
    }
    return stale.length;
  });
}
