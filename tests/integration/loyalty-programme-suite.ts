import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, shopToday } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import type { Actor } from "~/modules/accounts/roles";
import { DEFAULT_LOYALTY_RULES, type LoyaltyRules } from "~/modules/loyalty/rules";
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

const OWNER: Actor = { userId: "dono-fidelidade", label: "dono@fidelidade.test", role: "owner" };
const STAFF: Actor = { userId: "equipe-fidelidade", label: "equipe@fidelidade.test", role: "staff" };

async function loadModules() {
  const [
    client,
    auth,
    orders,
    audit,
    programmeTable,
    factory,
    settings,
    programme,
    discount,
    orderMutations,
    errors,
    customerTables,
    referrals,
    accountLinks,
  ] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/service-orders"),
    import("~/db/schema/audit"),
    import("~/db/schema/loyalty-programme"),
    import("~/modules/demo/test-records.server"),
    import("~/modules/loyalty/programme-settings.server"),
    import("~/modules/loyalty/programme.server"),
    import("~/modules/service-orders/loyalty-discount.server"),
    import("~/modules/service-orders/mutations.server"),
    import("~/lib/errors"),
    import("~/db/schema/customers"),
    import("~/modules/customers/referrals.server"),
    import("~/modules/customers/account-links.server"),
  ]);
  return {
    client,
    db: await client.getDb(),
    tables: { ...auth, ...orders, ...audit, ...programmeTable, ...customerTables },
    factory,
    settings,
    programme,
    discount,
    orderMutations,
    errors,
    referrals,
    accountLinks,
  };
}

/** The owner's form for `rules` from `effectiveFrom`, as the page posts it. */
function formFor(rules: LoyaltyRules, effectiveFrom: string, enabled = rules.enabled) {
  return {
    enabled,
    effectiveFrom,
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
  };
}

/**
 * The programme's settings (versions forward only, the rules in force on a
 * day, the switch) and the level's discount on a service order (one tap,
 * checked on the server, above the level refused, a manual discount on top
 * only by the owner) against a real database. Each *.test.ts runs it on one.
 */
export function defineLoyaltyProgrammeSuite(database: TestDatabase) {
  describeOnDatabase(database, "programa de fidelidade", () => {
    let app: Awaited<ReturnType<typeof loadModules>>;
    let dropDatabase: (() => Promise<void>) | undefined;
    const today = shopToday();
    let seed = 900;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      expect(app.client.databaseKind()).toBe(database);
      await app.db.insert(app.tables.user).values([
        { id: OWNER.userId!, name: "Dono", email: OWNER.label, role: "owner" },
        { id: STAFF.userId!, name: "Equipe", email: STAFF.label, role: "staff" },
      ]);
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    async function orderOf(
      points: number | null,
      money: { linesTotalCents: number; discountCents?: number; paidCents?: number },
    ) {
      const customer = await app.factory.createTestCustomer(
        app.db,
        { name: `Cliente ${seed}`, phone: `1198765${String(seed).padStart(4, "0")}` },
        seed++,
      );
      if (points !== null) await givePoints(customer.id, points);
      const order = await app.factory.createTestServiceOrder(app.db, {
        customerId: customer.id,
        status: "ready",
        seed: seed++,
        overrides: { discountCents: 0, paidCents: 0, deliveredAt: null, deliveredTo: null, owedAtDeliveryCents: 0, ...money },
      });
      return { customerId: customer.id, orderId: order.id };
    }

    async function orderRow(orderId: number) {
      const [row] = await app.db.select().from(app.tables.serviceOrders).where(eq(app.tables.serviceOrders.id, orderId));
      return row!;
    }

    it("sem versão salva, valem as regras do item 9 da especificação", async () => {
      expect(await app.programme.rulesInForce(app.db, today)).toEqual(DEFAULT_LOYALTY_RULES);
    });

    it("só o proprietário muda as regras, e nunca com data no passado", async () => {
      await expect(app.settings.saveLoyaltyRules(STAFF, formFor(DEFAULT_LOYALTY_RULES, today), today)).rejects.toBeInstanceOf(
        app.errors.ForbiddenError,
      );
      const refused = await app.settings
        .saveLoyaltyRules(OWNER, formFor(DEFAULT_LOYALTY_RULES, addDays(today, -1)), today)
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(app.errors.InputError);
      expect((refused as InstanceType<typeof app.errors.InputError>).fieldErrors.effectiveFrom).toBe(
        "As regras mudam só daqui para a frente: escolha hoje ou uma data futura.",
      );
      const badLevels = formFor(DEFAULT_LOYALTY_RULES, today);
      badLevels.levels[2]!.minPoints = "900";
      const levelsRefused = await app.settings.saveLoyaltyRules(OWNER, badLevels, today).catch((error: unknown) => error);
      expect((levelsRefused as InstanceType<typeof app.errors.InputError>).fieldErrors["levels.2.minPoints"]).toBe(
        "Cada nível pede mais pontos que o anterior.",
      );
      expect(await app.db.select().from(app.tables.loyaltyRuleVersions)).toHaveLength(0);
    });

    it("uma mudança agendada vale a partir da sua data, fica registrada na auditoria e não apaga a anterior", async () => {
      const richer = { ...DEFAULT_LOYALTY_RULES, referralPoints: 150 };
      const inAWeek = addDays(today, 7);
      const saved = await app.settings.saveLoyaltyRules(OWNER, formFor(richer, inAWeek), today);
      expect((await app.programme.rulesInForce(app.db, today)).referralPoints).toBe(100);
      expect((await app.programme.rulesInForce(app.db, addDays(inAWeek, -1))).referralPoints).toBe(100);
      const then = await app.programme.rulesInForce(app.db, inAWeek);
      expect(then).toMatchObject({ referralPoints: 150, effectiveFrom: inAWeek, enabled: true });
      // A second version for the same day wins as the later saved; the first stays in the history.
      await app.settings.saveLoyaltyRules(OWNER, formFor({ ...richer, referralPoints: 120 }, inAWeek), today);
      expect((await app.programme.rulesInForce(app.db, inAWeek)).referralPoints).toBe(120);
      expect(await app.db.select().from(app.tables.loyaltyRuleVersions)).toHaveLength(2);
      const [audit] = await app.db
        .select()
        .from(app.tables.auditLog)
        .where(and(eq(app.tables.auditLog.action, "loyalty.rules.change"), eq(app.tables.auditLog.entityId, String(saved.id))));
      expect(audit).toMatchObject({ actorLabel: OWNER.label, entity: "loyalty_rule_versions" });
    });

    it("o desconto do nível é aplicado com o valor calculado no servidor e gravado com o nome do nível", async () => {
      const { orderId } = await orderOf(2_400, { linesTotalCents: 35_000 });
      const offer = await app.discount.applyServiceOrderLoyaltyDiscount(STAFF, orderId, 1500);
      expect(offer).toMatchObject({ label: "Desconto Ouro 15%", cents: 5_250 });
      expect(await orderRow(orderId)).toMatchObject({
        discountCents: 5_250,
        loyaltyDiscountCents: 5_250,
        loyaltyLevelName: "Ouro",
        loyaltyDiscountBasisPoints: 1500,
      });
    });

    it("um desconto acima do nível do cliente é recusado e nada muda", async () => {
      const { orderId } = await orderOf(1_200, { linesTotalCents: 20_000 });
      const refused = await app.discount.applyServiceOrderLoyaltyDiscount(STAFF, orderId, 1500).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(app.errors.InputError);
      expect((refused as InstanceType<typeof app.errors.InputError>).fieldErrors.loyaltyDiscount).toBe(
        `O desconto pedido passa do nível do cliente: o máximo é Desconto Prata 10% (${formatCents(2_000)}).`,
      );
      expect(await orderRow(orderId)).toMatchObject({ discountCents: 0, loyaltyDiscountCents: 0, loyaltyLevelName: null });
    });

    it("pela posição real do cliente (sem pontos no livro), não há desconto de nível", async () => {
      const { orderId, customerId } = await orderOf(null, { linesTotalCents: 20_000 });
      expect((await app.programme.loyaltyStanding(app.db, customerId, today)).level).toBeNull();
      const refused = await app.discount.applyServiceOrderLoyaltyDiscount(STAFF, orderId, 500).catch((error: unknown) => error);
      expect((refused as InstanceType<typeof app.errors.InputError>).fieldErrors.loyaltyDiscount).toMatch(/ainda não tem nível/);
    });

    it("um desconto manual somado ao de fidelidade precisa do proprietário", async () => {
      const { orderId } = await orderOf(5_000, { linesTotalCents: 10_000, discountCents: 1_000 });
      const refused = await app.discount.applyServiceOrderLoyaltyDiscount(STAFF, orderId, 2000).catch((error: unknown) => error);
      expect((refused as InstanceType<typeof app.errors.InputError>).fieldErrors.loyaltyDiscount).toBe(
        app.discount.MANUAL_ON_TOP_MESSAGE,
      );
      await app.discount.applyServiceOrderLoyaltyDiscount(OWNER, orderId, 2000);
      expect(await orderRow(orderId)).toMatchObject({ discountCents: 3_000, loyaltyDiscountCents: 2_000 });
      await app.discount.removeServiceOrderLoyaltyDiscount(STAFF, orderId);
      expect(await orderRow(orderId)).toMatchObject({ discountCents: 1_000, loyaltyDiscountCents: 0, loyaltyLevelName: null });
    });

    it("a página da OS lê a oferta do nível junto com o resto, como getLevelDiscountOffer a dá", async () => {
      const { getLevelDiscountOffer, levelDiscountOfferRead } = await import("~/modules/loyalty/level-offer.server");
      const { orderCustomerIdSql } = await import("~/modules/service-orders/queries.server");
      const { readTogether } = await import("~/db/read-together.server");
      // No points, points at several levels, and points given and then taken back (a negative entry).
      const orders = [
        await orderOf(null, { linesTotalCents: 10_000 }),
        await orderOf(1_200, { linesTotalCents: 8_000 }),
        await orderOf(2_500, { linesTotalCents: 10_000 }),
        await orderOf(6_000, { linesTotalCents: 30_000 }),
      ];
      await givePoints(orders[3]!.customerId, -5_000);
      for (const enabled of [false, true]) {
        await app.settings.saveLoyaltyRules(OWNER, formFor(DEFAULT_LOYALTY_RULES, today, enabled), today);
        for (const { orderId, customerId } of orders) {
          for (const cents of [0, 10_000, 30_000]) {
            const read = await levelDiscountOfferRead(orderCustomerIdSql(orderId), today);
            const rows = await readTogether(app.db, read.queries);
            expect({ enabled, orderId, cents, offer: read.offerOf(rows, cents) }).toEqual({
              enabled,
              orderId,
              cents,
              offer: await getLevelDiscountOffer(customerId, cents, today),
            });
          }
        }
      }
      expect(
        (await levelDiscountOfferRead(orderCustomerIdSql(orders[2]!.orderId), today)).offerOf(
          await readTogether(app.db, (await levelDiscountOfferRead(orderCustomerIdSql(orders[2]!.orderId), today)).queries),
          10_000,
        ),
      ).not.toBeNull();
    });

    it("com o programa desligado, nenhum desconto de nível é oferecido nem aceito", async () => {
      const { orderId, customerId } = await orderOf(6_000, { linesTotalCents: 10_000 });
      await app.settings.saveLoyaltyRules(OWNER, formFor(DEFAULT_LOYALTY_RULES, today, false), today);
      const { getLevelDiscountOffer } = await import("~/modules/loyalty/level-offer.server");
      expect(await getLevelDiscountOffer(customerId, 10_000, today)).toBeNull();
      const refused = await app.discount.applyServiceOrderLoyaltyDiscount(STAFF, orderId, 2000).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(app.errors.InputError);
      await app.settings.saveLoyaltyRules(OWNER, formFor(DEFAULT_LOYALTY_RULES, today, true), today);
      expect(await getLevelDiscountOffer(customerId, 10_000, today)).toMatchObject({
        label: "Desconto Diamante 20%",
        cents: 2_000,
      });
    });

    it("ao editar a OS, o desconto do nível acompanha o orçamento; desconto manual a mais só pelo proprietário; outro cliente o perde", async () => {
      const { orderId } = await orderOf(2_500, { linesTotalCents: 0 });
      const { formValuesOfOrder } = await import("~/modules/service-orders/validation");
      const { getServiceOrder } = await import("~/modules/service-orders/queries.server");
      const formOf = async () => formValuesOfOrder((await getServiceOrder(orderId))!);
      const withLine = async (price: string, discount = "") => ({
        ...(await formOf()),
        lines: [
          {
            kind: "service",
            description: "Troca de tela",
            quantity: "1",
            unitPrice: price,
            productId: "",
            productUnitId: "",
            productLabel: "",
            partOrigin: "",
            stockState: "none",
          },
        ],
        discount,
      });
      await app.orderMutations.updateServiceOrder(STAFF, orderId, await withLine("200,00"));
      await app.discount.applyServiceOrderLoyaltyDiscount(STAFF, orderId, 1500);
      expect(await orderRow(orderId)).toMatchObject({
        linesTotalCents: 20_000,
        discountCents: 3_000,
        loyaltyDiscountCents: 3_000,
      });
      await app.orderMutations.updateServiceOrder(STAFF, orderId, await withLine("300,00"));
      expect(await orderRow(orderId)).toMatchObject({
        linesTotalCents: 30_000,
        discountCents: 4_500,
        loyaltyDiscountCents: 4_500,
      });
      expect((await formOf()).discount).toBe("");
      const refused = await app.orderMutations
        .updateServiceOrder(STAFF, orderId, await withLine("300,00", "10,00"))
        .catch((error: unknown) => error);
      expect((refused as InstanceType<typeof app.errors.InputError>).fieldErrors.discount).toBe(
        app.discount.MANUAL_ON_TOP_MESSAGE,
      );
      await app.orderMutations.updateServiceOrder(OWNER, orderId, await withLine("300,00", "10,00"));
      expect(await orderRow(orderId)).toMatchObject({ discountCents: 5_500, loyaltyDiscountCents: 4_500 });
      const other = await app.factory.createTestCustomer(app.db, { name: "Outro Cliente", phone: "11977776666" }, seed++);
      await app.orderMutations.updateServiceOrder(OWNER, orderId, {
        ...(await withLine("300,00", "10,00")),
        customerId: String(other.id),
      });
      expect(await orderRow(orderId)).toMatchObject({ discountCents: 1_000, loyaltyDiscountCents: 0, loyaltyLevelName: null });
    });

    async function account(id: string, email: string) {
      await app.db.insert(app.tables.user).values({ id, name: `Conta ${id}`, email, emailVerified: true, role: "customer" });
      return id;
    }
    async function customerWith(email: string, referredByCustomerId: number | null = null) {
      const created = await app.factory.createTestCustomer(app.db, { email, referredByCustomerId }, seed++);
      return created.id;
    }
    async function referredByOf(customerId: number) {
      const [row] = await app.db
        .select({ referredBy: app.tables.customers.referredByCustomerId })
        .from(app.tables.customers)
        .where(eq(app.tables.customers.id, customerId));
      return row?.referredBy ?? null;
    }

    it("cada cliente tem um código e um link de cadastro com ele, sempre o mesmo", async () => {
      const ana = await customerWith("ana.indica@fidelidade.test");
      const share = await app.referrals.getReferralShare(ana);
      expect(share?.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
      expect(share?.link.endsWith(`/auth?indicacao=${share?.code}`)).toBe(true);
      expect((await app.referrals.getReferralShare(ana))?.code).toBe(share?.code);
    });

    it("um cadastro pelo link cria a ficha da conta com quem indicou, uma vez", async () => {
      const ana = await customerWith("ana2.indica@fidelidade.test");
      const { code } = (await app.referrals.getReferralShare(ana))!;
      const userId = await account("conta-nova-indicada", "nova.indicada@fidelidade.test");
      expect(await app.referrals.recordReferralOfAccount(userId, code.toLowerCase())).toMatchObject({ ok: true });
      const [own] = await app.accountLinks.customerIdsOfAccount(userId);
      expect(own).toBeDefined();
      expect(await referredByOf(own!)).toBe(ana);
      expect(await app.referrals.recordReferralOfAccount(userId, code)).toEqual({
        ok: true,
        message: "Sua indicação já estava registrada.",
      });
      expect(await app.accountLinks.customerIdsOfAccount(userId)).toEqual([own]);
    });

    it("recusa o próprio código e a indicação circular, sem gravar nada", async () => {
      const bruno = await customerWith("bruno.indica@fidelidade.test");
      const carla = await customerWith("carla.indicada@fidelidade.test", bruno);
      const brunoAccount = await account("conta-bruno", "bruno.indica@fidelidade.test");
      const { code: brunoCode } = (await app.referrals.getReferralShare(bruno))!;
      const { code: carlaCode } = (await app.referrals.getReferralShare(carla))!;
      expect(await app.referrals.recordReferralOfAccount(brunoAccount, brunoCode)).toEqual({
        ok: false,
        message: app.referrals.SELF_REFERRAL_MESSAGE,
      });
      // Carla was referred by Bruno: Bruno signing up through Carla's link would close a loop.
      expect(await app.referrals.recordReferralOfAccount(brunoAccount, carlaCode)).toEqual({
        ok: false,
        message: app.referrals.CIRCULAR_REFERRAL_MESSAGE,
      });
      expect(await referredByOf(bruno)).toBeNull();
      expect(await app.referrals.recordReferralOfAccount(brunoAccount, "ZZZZZZZZ")).toMatchObject({ ok: false });
    });
  });
}
