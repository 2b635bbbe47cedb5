import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { shopToday } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";

/** A customer with these points: written to the real ledger as the owner's adjustment. */
async function givePoints(customerId: number, points: number) {
  const [{ inTransaction }, { adjustPointsInTx }] = await Promise.all([
    import("~/db/client.server"),
    import("~/modules/loyalty/ledger.server"),
  ]);
  const owner: Actor = { userId: null, label: "pontos do teste", role: "owner" };
  await inTransaction((tx) => adjustPointsInTx(tx, owner, { customerId, points, reason: "Pontos do teste" }));
}

const STAFF: Actor = { userId: "caixa-fidelidade", label: "caixa@fidelidade.test", role: "staff" };
const OWNER: Actor = { userId: "dono-caixa-fidelidade", label: "dono@fidelidade.test", role: "owner" };

async function loadModules() {
  const [client, auth, customers, inventory, register, finance, settings, sales, returns, errors, settingsQueries] =
    await Promise.all([
      import("~/db/client.server"),
      import("~/db/schema/auth"),
      import("~/db/schema/customers"),
      import("~/db/schema/inventory"),
      import("~/db/schema/cash-register"),
      import("~/db/schema/finance"),
      import("~/db/schema/shop-settings"),
      import("~/modules/cash-register/sales.server"),
      import("~/modules/cash-register/returns.server"),
      import("~/lib/errors"),
      import("~/modules/shop-settings/queries.server"),
    ]);
  return {
    db: await client.getDb(),
    tables: { ...auth, ...customers, ...inventory, ...register, ...finance, ...settings },
    sales,
    returns,
    errors,
    settings: settingsQueries,
  };
}

function saleForm(overrides: Record<string, unknown>) {
  return { idempotencyKey: randomUUID(), discount: "", items: [], payments: [], ...overrides };
}

/**
 * The loyalty level's discount at the register: on service items only,
 * before the PIX discount, checked against the customer's level on the
 * server, recorded on the sale and spread over the service lines so a
 * return gives back what was paid. Each *.test.ts file runs it for one database.
 */
export function defineSaleLoyaltyDiscountSuite(database: TestDatabase) {
  describeOnDatabase(database, "desconto de fidelidade no caixa", () => {
    let app: Awaited<ReturnType<typeof loadModules>>;
    let dropDatabase: (() => Promise<void>) | undefined;
    let counter = 0;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      await app.db.insert(app.tables.user).values([
        { id: STAFF.userId!, name: "Caixa", email: STAFF.label, role: "staff" },
        { id: OWNER.userId!, name: "Dono", email: OWNER.label, role: "owner" },
      ]);
      await app.settings.getShopSettings();
      await app.db
        .update(app.tables.shopSettings)
        .set({ pixKey: "pix@loja-fidelidade.com.br", pixKeyType: "email", pixDiscountBasisPoints: 500 });
      await app.db.insert(app.tables.cashRegisters).values({ openingFloatCents: 0, openedByLabel: STAFF.label });
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    async function customerWith(points: number | null) {
      const [customer] = await app.db
        .insert(app.tables.customers)
        .values({ name: `Cliente Fidelidade ${++counter}`, phone: `119876500${String(counter).padStart(2, "0")}` })
        .returning({ id: app.tables.customers.id });
      if (points !== null) await givePoints(customer!.id, points);
      return customer!.id;
    }

    async function productOf(kind: "product" | "service", priceCents: number) {
      const n = ++counter;
      const [product] = await app.db
        .insert(app.tables.products)
        .values({
          kind,
          sku: `FID-${n}-${randomUUID().slice(0, 6)}`,
          name: kind === "service" ? `Serviço ${n}` : `Produto ${n}`,
          slug: `fid-${n}-${randomUUID().slice(0, 6)}`,
          priceCents,
          revenueSource: kind === "service" ? "printing-design" : "products",
        })
        .returning({ id: app.tables.products.id });
      if (kind === "product") {
        await app.db.update(app.tables.products).set({ stockQuantity: 0 }).where(eq(app.tables.products.id, product!.id));
        const { recordStockMovementInTx } = await import("~/modules/inventory/stock-ledger.server");
        const { inTransaction } = await import("~/db/client.server");
        await inTransaction((tx) =>
          recordStockMovementInTx(tx, STAFF, { productId: product!.id, kind: "entry", quantity: 5, unitCostCents: 1_000 }),
        );
      }
      return product!.id;
    }

    async function saleCount() {
      return (await app.db.select({ id: app.tables.sales.id }).from(app.tables.sales)).length;
    }

    it("aplica o desconto Ouro só nos serviços, antes do PIX, e tudo soma ao centavo (venda, caixa, financeiro, devolução)", async () => {
      const customerId = await customerWith(2_400); // Ouro: 15 %
      const service = await productOf("service", 10_001);
      const product = await productOf("product", 5_000);
      // Services R$ 100,01 → 15 % = R$ 15,00 (rounded by the loyalty module); products R$ 50,00 carry none of it.
      // After it: 150,01 − 15,00 = 135,01; PIX 5 % of that = 6,75; total 128,26.
      const items = [
        { productId: String(service), quantity: "1", discount: "" },
        { productId: String(product), quantity: "1", discount: "" },
      ];
      const sale = await app.sales.recordSale(
        STAFF,
        saleForm({
          customerId: String(customerId),
          loyaltyBasisPoints: "1500",
          items,
          payments: [{ method: "pix", amount: "128,26" }],
        }),
      );
      expect(sale.totalCents).toBe(12_826);
      const [row] = await app.db.select().from(app.tables.sales).where(eq(app.tables.sales.id, sale.saleId));
      expect(row).toMatchObject({
        itemsTotalCents: 15_001,
        loyaltyDiscountCents: 1_500,
        loyaltyLevelName: "Ouro",
        loyaltyDiscountBasisPoints: 1500,
        discountCents: 1_500 + 675,
        totalCents: 12_826,
      });
      const lines = await app.db
        .select()
        .from(app.tables.saleItems)
        .where(eq(app.tables.saleItems.saleId, sale.saleId))
        .orderBy(app.tables.saleItems.position);
      expect(lines.reduce((total, line) => total + line.totalCents, 0)).toBe(12_826);
      // The product's line carries only its PIX share: 675 × 5000/13501 → 250; the service the rest.
      expect(lines[1]!.totalCents).toBe(5_000 - 250);
      expect(lines[0]!.totalCents).toBe(10_001 - 1_500 - 425);
      const entries = await app.db
        .select()
        .from(app.tables.registerEntries)
        .where(eq(app.tables.registerEntries.saleId, sale.saleId));
      expect(entries.map((entry) => [entry.method, entry.amountCents])).toEqual([["pix", 12_826]]);
      // Finance posts the gross revenue in and the discounts out: what stays is what was paid.
      const postings = await app.db
        .select({ direction: app.tables.financeEntries.direction, amountCents: app.tables.financeEntries.amountCents })
        .from(app.tables.financeEntries)
        .where(
          and(
            eq(app.tables.financeEntries.originKind, "register-entry"),
            inArray(
              app.tables.financeEntries.originId,
              entries.map((entry) => entry.id),
            ),
          ),
        );
      expect(postings.length).toBeGreaterThan(0);
      expect(postings.reduce((net, posting) => net + (posting.direction === "in" ? 1 : -1) * posting.amountCents, 0)).toBe(
        12_826,
      );

      // Returning the discounted service gives back what was paid for it, not its list price.
      const back = await app.returns.recordSaleReturn(STAFF, sale.saleId, {
        idempotencyKey: randomUUID(),
        settlement: "store-credit",
        reason: "Serviço não feito",
        items: [{ saleItemId: String(lines[0]!.id), quantity: "1" }],
      });
      expect(back).toMatchObject({ amountCents: 10_001 - 1_500 - 425 });
    });

    it("recusa um desconto acima do nível, sem cliente, sem nível, sem serviço ou com o programa desligado, e nada muda", async () => {
      const prata = await customerWith(1_200); // Prata: 10 %
      const semNivel = await customerWith(null);
      const service = await productOf("service", 20_000);
      const product = await productOf("product", 3_000);
      const serviceItems = [{ productId: String(service), quantity: "1", discount: "" }];
      const before = await saleCount();
      const refusalOf = (input: Record<string, unknown>) =>
        app.sales.recordSale(STAFF, saleForm(input)).then(
          () => {
            throw new Error("A venda foi aceita.");
          },
          (error: unknown) => error as InstanceType<typeof app.errors.InputError>,
        );

      const above = await refusalOf({
        customerId: String(prata),
        loyaltyBasisPoints: "1500",
        items: serviceItems,
        payments: [{ method: "cash", amount: "170,00" }],
      });
      expect(above).toBeInstanceOf(app.errors.InputError);
      expect(above.fieldErrors.loyaltyBasisPoints).toBe(
        `O desconto pedido passa do nível do cliente: o máximo é Desconto Prata 10% (${formatCents(2_000)}).`,
      );
      expect(
        (await refusalOf({ loyaltyBasisPoints: "1000", items: serviceItems, payments: [{ method: "cash", amount: "180,00" }] }))
          .fieldErrors.loyaltyBasisPoints,
      ).toMatch(/Escolha o cliente/);
      expect(
        (
          await refusalOf({
            customerId: String(semNivel),
            loyaltyBasisPoints: "500",
            items: serviceItems,
            payments: [{ method: "cash", amount: "190,00" }],
          })
        ).fieldErrors.loyaltyBasisPoints,
      ).toMatch(/ainda não tem nível/);
      expect(
        (
          await refusalOf({
            customerId: String(prata),
            loyaltyBasisPoints: "1000",
            items: [{ productId: String(product), quantity: "1", discount: "" }],
            payments: [{ method: "cash", amount: "30,00" }],
          })
        ).fieldErrors.loyaltyBasisPoints,
      ).toMatch(/não para produtos vendidos sozinhos/);
      // A manual discount on top of the level's is the owner's.
      const manual = await refusalOf({
        customerId: String(prata),
        loyaltyBasisPoints: "1000",
        discount: "10,00",
        items: serviceItems,
        payments: [{ method: "cash", amount: "170,00" }],
      });
      expect(manual.fieldErrors.discount).toMatch(/permissão do proprietário/);
      expect(await saleCount()).toBe(before);

      const byOwner = await app.sales.recordSale(
        OWNER,
        saleForm({
          customerId: String(prata),
          loyaltyBasisPoints: "1000",
          discount: "10,00",
          items: serviceItems,
          payments: [{ method: "cash", amount: "170,00" }],
        }),
      );
      expect(byOwner.totalCents).toBe(17_000);

      // The programme switched off: no level discount is accepted.
      const { saveLoyaltyRules } = await import("~/modules/loyalty/programme-settings.server");
      const { DEFAULT_LOYALTY_RULES } = await import("~/modules/loyalty/rules");
      const today = shopToday();
      const rules = DEFAULT_LOYALTY_RULES;
      const formFor = (enabled: boolean) => ({
        enabled,
        effectiveFrom: today,
        pointsPerSpendStep: String(rules.pointsPerSpendStep),
        spendStep: "200,00",
        referralPoints: String(rules.referralPoints),
        cycleBonusPoints: String(rules.cycleBonusPoints),
        cycleBonusMinRepairs: String(rules.cycleBonusMinRepairs),
        cycleStartDay: String(rules.cycleStart.day),
        cycleStartMonth: String(rules.cycleStart.month),
        validityYears: String(rules.validityYears),
        levels: rules.levels.map((level) => ({
          name: level.name,
          minPoints: String(level.minPoints),
          discountPercent: String(level.discountBasisPoints / 100).replace(".", ","),
        })),
      });
      await saveLoyaltyRules(OWNER, formFor(false), today);
      const afterOwner = await saleCount();
      const off = await refusalOf({
        customerId: String(prata),
        loyaltyBasisPoints: "1000",
        items: serviceItems,
        payments: [{ method: "cash", amount: "180,00" }],
      });
      expect(off.fieldErrors.loyaltyBasisPoints).toMatch(/programa de fidelidade está desligado/);
      expect(await saleCount()).toBe(afterOwner);
      await saveLoyaltyRules(OWNER, formFor(true), today);
    });
  });
}
