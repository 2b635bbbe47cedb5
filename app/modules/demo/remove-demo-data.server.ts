import { and, eq, getTableName, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { getDb, inTransaction, type Database, type Transaction } from "~/db/client.server";
import { readTogether } from "~/db/read-together.server";
import { user } from "~/db/schema/auth";
import { blogPosts } from "~/db/schema/blog";
import { registerEntries } from "~/db/schema/cash-register";
import { contactMessages } from "~/db/schema/contact";
import { creditCorrections, creditPayments, creditPlans, debtContacts, debtPayments, debts } from "~/db/schema/credit";
import { customerAccountLinks, customers } from "~/db/schema/customers";
import { faqEntries, siteTexts } from "~/db/schema/faq";
import { loyaltyBalances, loyaltyEntries } from "~/db/schema/loyalty";
import { financeEntries, financeRecurring } from "~/db/schema/finance";
import { productUnits, products, stockCountItems, stockMovements } from "~/db/schema/inventory";
import { issuedDocuments } from "~/db/schema/print-documents";
import { reviews } from "~/db/schema/reviews";
import { serviceOrderLines, serviceOrders } from "~/db/schema/service-orders";
import { suppliers } from "~/db/schema/suppliers";
import { warranties, warrantyClaims } from "~/db/schema/warranties";
import { uploads } from "~/db/schema/uploads";
import { demoRowCounts, shopSettings } from "~/db/schema/shop-settings";
import { InputError } from "~/lib/errors";
import { assertOwnerActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { forgetCachedShopSettings } from "~/modules/shop-settings/queries.server";

/** How many demo rows of each kind there are (or were removed). */
export type DemoDataCounts = {
  customers: number;
  serviceOrders: number;
  reviews: number;
  blogPosts: number;
  faqEntries: number;
  siteTexts: number;
  contactMessages: number;
  products: number;
  creditPlans: number;
  accounts: number;
  debts: number;
  financeEntries: number;
};

export const DEMO_DATA_KIND_LABELS: Record<keyof DemoDataCounts, { one: string; many: string }> = {
  customers: { one: "cliente", many: "clientes" },
  serviceOrders: {
    one: "ordem de serviço (com itens, pagamentos, histórico e contatos)",
    many: "ordens de serviço (com itens, pagamentos, histórico e contatos)",
  },
  reviews: { one: "avaliação", many: "avaliações" },
  blogPosts: { one: "post do blog", many: "posts do blog" },
  faqEntries: { one: "pergunta frequente", many: "perguntas frequentes" },
  siteTexts: { one: "texto do site (Nossa história)", many: "textos do site (Nossa história)" },
  contactMessages: { one: "mensagem de contato", many: "mensagens de contato" },
  products: {
    one: "item do estoque (com unidades, movimentos e contagens)",
    many: "itens do estoque (com unidades, movimentos e contagens)",
  },
  creditPlans: { one: "crediário (com parcelas e contrato)", many: "crediários (com parcelas e contratos)" },
  accounts: { one: "conta de acesso de demonstração", many: "contas de acesso de demonstração" },
  debts: { one: "fiado (com os contatos de cobrança)", many: "fiados (com os contatos de cobrança)" },
  financeEntries: {
    one: "lançamento financeiro (com as despesas recorrentes)",
    many: "lançamentos financeiros (com as despesas recorrentes)",
  },
};

/**
 * A real row (the shop's own) that points at a demo row: removing the demo
 * row would break or change it. `href`: the staff page where it is fixed.
 */
export type DemoDataBlocker = { description: string; href: string | null };

/** Shown per kind of blocker: enough for the owner to find them, not a dump of a large table. */
const BLOCKERS_PER_KIND = 20;

export class DemoDataBlockedError extends InputError {
  override name = "DemoDataBlockedError";
  constructor(readonly blockers: DemoDataBlocker[]) {
    super(
      "demo-data-blocked",
      {
        form: "Nada foi apagado: há registros reais da loja ligados a dados de demonstração. Resolva os itens listados e tente de novo.",
      },
      409,
    );
  }
}

/** Only the owner decides to remove data, as on every other owner page; the _owner guard checks it too. */
const OWNER_ONLY_MESSAGE = "Apenas o proprietário pode apagar os dados de demonstração.";

type Reader = Database | Transaction;

/**
 * How many demo rows the confirmation page counts of each kind at most: the
 * demo seed has dozens; past this the page says "more than" (the scale
 * seed's 100 000 demo orders were counted one by one on each view, 400 ms).
 * The removal itself counts them all.
 */
export const DEMO_COUNT_CAP = 1_000;

/** The table whose rows marked is_demo are each kind's. */
const DEMO_KIND_TABLES = {
  customers,
  serviceOrders,
  reviews,
  blogPosts,
  faqEntries,
  siteTexts,
  contactMessages,
  products,
  creditPlans,
  accounts: user,
  debts,
  financeEntries,
} satisfies Record<keyof DemoDataCounts, PgTable>;

const DEMO_KINDS = Object.keys(DEMO_DATA_KIND_LABELS) as (keyof DemoDataCounts)[];

/** Every demo row of each kind, counted in the tables: the removal's own figures. */
async function countDemoRows(reader: Reader): Promise<DemoDataCounts> {
  const columns = DEMO_KINDS.map(
    (kind) => sql`(select count(*)::int from ${DEMO_KIND_TABLES[kind]} where is_demo) as ${sql.identifier(kind)}`,
  );
  const result = await reader.execute(sql`select ${sql.join(columns, sql`, `)}`);
  return demoCountsOf(result.rows[0]);
}

/**
 * The counts the triggers keep (demo_row_counts, migration 0053), at most
 * `cap` + 1 each, as the page shows them: reading a thousand index entries
 * of each large table on every view was most of the page's cost.
 */
const keptDemoCountsQuery = sql`select ${demoRowCounts.tableName} as "tableName", ${demoRowCounts.total} as "total" from ${demoRowCounts}`;

function keptDemoCountsOf(rows: Record<string, unknown>[], cap: number): DemoDataCounts {
  const totals = new Map(rows.map((row) => [String(row.tableName), Number(row.total)]));
  const counts = {} as DemoDataCounts;
  for (const kind of DEMO_KINDS) {
    counts[kind] = Math.min(Math.max(totals.get(getTableName(DEMO_KIND_TABLES[kind])) ?? 0, 0), cap + 1);
  }
  return counts;
}

function demoCountsOf(found: unknown): DemoDataCounts {
  const row = (found ?? {}) as Record<keyof DemoDataCounts, unknown>;
  const counts = {} as DemoDataCounts;
  for (const kind of DEMO_KINDS) counts[kind] = Number(row[kind] ?? 0);
  return counts;
}

/**
 * Each kind of blocker's query, keyed for readTogether (the first
 * BLOCKERS_PER_KIND of each). The limit is written into the text, not sent
 * as a parameter: a kept statement with parameters is planned again with
 * their values on every run when PostgreSQL finds its one-plan-for-all-values
 * costlier (as it did with a limit of unknown size), and planning these
 * seventeen joins was most of the page's cost. With no parameter it is
 * planned once.
 */
function blockerQueries(): Record<string, SQL> {
  const limit = sql.raw(String(Math.trunc(BLOCKERS_PER_KIND)));
  return Object.fromEntries(demoDataBlockerQueries().map((query, index) => [`blockers${index}`, sql`${query} limit ${limit}`]));
}

/** The blockers in the order of their queries, each kind's in its own order. */
function blockersOf(rows: Record<string, Record<string, unknown>[]>): DemoDataBlocker[] {
  return Object.keys(blockerQueries()).flatMap((key) =>
    (rows[key] ?? []).map((row) => ({
      description: String(row.description),
      href: row.href ? String(row.href) : null,
    })),
  );
}

/**
 * Every real row that points at a demo row. A foreign key would refuse some
 * of these removals (an order of a demo customer) and silently change the
 * others (a referral or a technician set to null): both are refused here,
 * naming the row, so the owner decides.
 */
async function findDemoDataBlockers(reader: Reader): Promise<DemoDataBlocker[]> {
  // One statement for every kind (there were sixteen, one after the other).
  return blockersOf(await readTogether(reader, blockerQueries()));
}

/** The statements findDemoDataBlockers runs, one per kind of blocker (exported for their plan test). */
export function demoDataBlockerQueries(): SQL[] {
  return [
    sql`select 'OS nº ' || o.id || ': é do cliente de demonstração ' || c.name || '.' as description,
          '/service-orders/' || o.id || '/edit' as href
        from service_orders o join customers c on c.id = o.customer_id
        where not o.is_demo and c.is_demo order by o.id`,
    sql`select 'Venda ' || s.code || ': é do cliente de demonstração ' || c.name || '.' as description,
          '/cash-register/vendas/' || s.id as href
        from sales s join customers c on c.id = s.customer_id
        where c.is_demo order by s.id`,
    sql`select 'Crediário nº ' || p.id || ': é do cliente de demonstração ' || c.name || '.' as description,
          '/cdc/' || p.id as href
        from credit_plans p join customers c on c.id = p.customer_id
        where not p.is_demo and c.is_demo order by p.id`,
    sql`select 'Fiado nº ' || d.id || ' (' || d.description || '): é do cliente de demonstração ' || c.name || '.' as description,
          '/devedores/' || c.id as href
        from debts d join customers c on c.id = d.customer_id
        where not d.is_demo and c.is_demo order by d.id`,
    sql`select 'Crédito na loja: o cliente de demonstração ' || c.name || ' tem movimentos de crédito.' as description,
          '/customers/' || c.id as href
        from customers c
        where c.is_demo and exists (select 1 from store_credit_movements m where m.customer_id = c.id) order by c.id`,
    sql`select 'Cliente ' || c.name || ': foi indicado pelo cliente de demonstração ' || r.name || '.' as description,
          '/customers/' || c.id as href
        from customers c join customers r on r.id = c.referred_by_customer_id
        where not c.is_demo and r.is_demo order by c.id`,
    sql`select 'OS nº ' || o.id || ': o técnico é a conta de demonstração ' || u.email || '.' as description,
          '/service-orders/' || o.id || '/edit' as href
        from service_orders o join "user" u on u.id = o.technician_user_id
        where not o.is_demo and u.is_demo order by o.id`,
    sql`select 'OS nº ' || o.id || ': foi aberta pela conta de demonstração ' || u.email || '.' as description,
          '/service-orders/' || o.id || '/edit' as href
        from service_orders o join "user" u on u.id = o.created_by_user_id
        where not o.is_demo and u.is_demo order by o.id`,
    sql`select 'Venda nº ' || i.sale_id || ': vendeu o produto de demonstração ' || p.name || '.' as description
        from sale_items i join products p on p.id = i.product_id where p.is_demo order by i.sale_id`,
    sql`select 'OS nº ' || l.order_id || ': usa o produto de demonstração ' || p.name || '.' as description,
          '/service-orders/' || l.order_id || '/edit' as href
        from service_order_lines l join service_orders o on o.id = l.order_id join products p on p.id = l.product_id
        where p.is_demo and not o.is_demo order by l.order_id`,
    sql`select 'A conta de demonstração ' || u.email || ' é de proprietário: mude a função dela antes.' as description
        from "user" u where u.is_demo and u.role = 'owner' order by u.email`,
    sql`select 'Modelo de impressão ' || t.kind || ' (' || t.paper || '): alterado pela conta de demonstração ' || u.email || '.' as description
        from print_templates t join "user" u on u.id = t.updated_by_user_id where u.is_demo order by t.id`,
    sql`select 'Imagem ' || f.original_name || ': enviada pela conta de demonstração ' || u.email || '.' as description
        from uploads f join "user" u on u.id = f.uploaded_by_user_id where u.is_demo order by f.created_at`,
    // Each document's subject looked up by its id ("service_order:12"): a "not in" over every demo order's subject
    // built a set of 100 000 strings at the scale seed.
    sql`select 'Documento emitido nº ' || d.id || ': emitido pela conta de demonstração ' || u.email || '.' as description
        from issued_documents d join "user" u on u.id = d.issued_by_user_id
        where u.is_demo
          and not exists (select 1 from service_orders o where o.is_demo
            and o.id = case when d.subject ~ '^service_order:[0-9]{1,9}$' then substring(d.subject from 15)::int end)
          and not exists (select 1 from credit_plans p where p.is_demo
            and p.id = case when d.subject ~ '^credit_plan:[0-9]{1,9}$' then substring(d.subject from 13)::int end)
          and not exists (select 1 from warranties w where w.is_demo
            and w.id = case when d.subject ~ '^warranty:[0-9]{1,9}$' then substring(d.subject from 10)::int end)
        order by d.id`,
    sql`select 'Garantia nº ' || w.id || ': é de uma OS, venda ou cliente de demonstração.' as description,
          '/warranty-contract/' || w.id as href
        from warranties w
        where not w.is_demo and (
          w.service_order_id in (select id from service_orders where is_demo)
          or w.customer_id in (select id from customers where is_demo)
        ) order by w.id`,
    sql`select 'Acionamento da garantia nº ' || k.warranty_id || ': a garantia é de demonstração.' as description,
          '/service-orders/' || k.service_order_id || '/edit' as href
        from warranty_claims k join warranties w on w.id = k.warranty_id
        where not k.is_demo and w.is_demo order by k.id`,
    sql`select 'Convite para ' || i.email || ': ligado à conta de demonstração ' || u.email || '.' as description
        from staff_invites i join "user" u on u.id in (i.invited_by_user_id, i.used_by_user_id) where u.is_demo order by i.id`,
  ];
}

/** `counts`: at most DEMO_COUNT_CAP + 1 of each kind (more than the cap: "more than"). */
export type DemoDataOverview = { hasDemoData: boolean; counts: DemoDataCounts; blockers: DemoDataBlocker[] };

/** What the removal would take away, and what stops it: the confirmation page's content. */
export async function getDemoDataOverview(actor: Actor): Promise<DemoDataOverview> {
  assertOwnerActor(actor, OWNER_ONLY_MESSAGE);
  // The counts, every kind of blocker and the settings' flag in one statement (eighteen round trips before).
  const rows = await readTogether(await getDb(), {
    counts: keptDemoCountsQuery,
    ...blockerQueries(),
    settings: sql`select ${shopSettings.hasDemoData} as "hasDemoData" from ${shopSettings} limit 1`,
  });
  const counts = keptDemoCountsOf(rows.counts, DEMO_COUNT_CAP);
  const blockers = blockersOf(rows);
  const hasRows = Object.values(counts).some((total) => total > 0);
  return { hasDemoData: hasRows || Boolean(rows.settings[0]?.hasDemoData), counts, blockers };
}

/**
 * The demo crediários with their contracts, payments and instalments, and
 * the demo debts they carry (before the demo orders and customers they
 * point at). Money a demo plan's payment brought stays in the register,
 * unlinked, as for a demo order.
 */
async function removeDemoCreditInTx(tx: Transaction) {
  const demoPlans = sql`(select id from ${creditPlans} where ${creditPlans.isDemo})`;
  await tx
    .delete(issuedDocuments)
    .where(sql`${issuedDocuments.subject} in (select 'credit_plan:' || id from ${creditPlans} where ${creditPlans.isDemo})`);
  await tx.delete(creditCorrections).where(sql`${creditCorrections.planId} in ${demoPlans}`);
  await tx.delete(creditPayments).where(sql`${creditPayments.planId} in ${demoPlans}`);
  await tx.delete(creditPlans).where(eq(creditPlans.isDemo, true));
  const demoDebts = sql`(select id from ${debts} where ${debts.isDemo})`;
  await tx.delete(debtPayments).where(sql`${debtPayments.debtId} in ${demoDebts}`);
  await tx.delete(debts).where(eq(debts.isDemo, true));
}

/**
 * The demo warranties, their claims and terms (before the demo orders and
 * the issued documents they point at). A real warranty of a demo order or
 * customer is a blocker (findDemoDataBlockers).
 */
async function removeDemoWarrantiesInTx(tx: Transaction) {
  const demo = await tx.select({ id: warranties.id }).from(warranties).where(eq(warranties.isDemo, true));
  const ids = demo.map((row) => row.id);
  await tx
    .delete(warrantyClaims)
    .where(
      ids.length > 0
        ? sql`${warrantyClaims.isDemo} or ${inArray(warrantyClaims.warrantyId, ids)}`
        : eq(warrantyClaims.isDemo, true),
    );
  if (ids.length === 0) return;
  await tx.delete(warranties).where(inArray(warranties.id, ids));
  await tx.delete(issuedDocuments).where(
    inArray(
      issuedDocuments.subject,
      ids.map((id) => `warranty:${id}`),
    ),
  );
}

const demoOrderSubjects = sql`(select 'service_order:' || id from ${serviceOrders} where ${serviceOrders.isDemo})`;

/**
 * Removes exactly the rows the demo seed marked, with the orders' children
 * (lines, payments, timeline, pickup contacts by cascade; their issued
 * documents and the account links here), or refuses with the real rows that
 * point at them (DemoDataBlockedError) and changes nothing. The audit log
 * keeps its entries about demo rows: it is the shop's record of what happened.
 */
export async function removeDemoDataInTx(tx: Transaction, actor: Actor): Promise<DemoDataCounts> {
  assertOwnerActor(actor, OWNER_ONLY_MESSAGE);
  // Every demo row and the settings row, locked before looking: a clerk cannot add an order for a demo customer meanwhile.
  await tx.execute(sql`select id from ${customers} where ${customers.isDemo} for update`);
  // And the demo products: a sale or an order line cannot take one while it is being removed.
  await tx.execute(sql`select id from ${products} where ${products.isDemo} for update`);
  await tx.execute(sql`select id from ${shopSettings} for update`);
  const blockers = await findDemoDataBlockers(tx);
  if (blockers.length > 0) throw new DemoDataBlockedError(blockers);
  const counts = await countDemoRows(tx);

  await removeDemoWarrantiesInTx(tx);
  await tx.delete(issuedDocuments).where(sql`${issuedDocuments.subject} in ${demoOrderSubjects}`);
  await removeDemoCreditInTx(tx);
  await tx.delete(customerAccountLinks).where(
    sql`${customerAccountLinks.customerId} in (select id from ${customers} where ${customers.isDemo})
          or ${customerAccountLinks.userId} in (select id from ${user} where ${user.isDemo})`,
  );
  // Money the register took for a demo order stays in it (a closed register never changes), no longer tied to the demo customer;
  // its link to the demo payment is cleared by the foreign key (ON DELETE SET NULL).
  await tx
    .update(registerEntries)
    .set({ customerId: null })
    .where(sql`${registerEntries.customerId} in (select id from ${customers} where ${customers.isDemo})`);
  // So does what those payments posted to finance (revenue is the shop's, whoever paid it).
  await tx
    .update(financeEntries)
    .set({ customerId: null })
    .where(sql`${financeEntries.customerId} in (select id from ${customers} where ${customers.isDemo})`);
  // Loyalty points of demo customers, and referrals a demo customer brought, go with them (the ledger points at their orders).
  await tx.delete(loyaltyEntries).where(
    sql`${loyaltyEntries.customerId} in (select id from ${customers} where ${customers.isDemo})
        or ${loyaltyEntries.referredCustomerId} in (select id from ${customers} where ${customers.isDemo})
        or ${loyaltyEntries.serviceOrderId} in (select id from ${serviceOrders} where ${serviceOrders.isDemo})`,
  );
  await tx
    .delete(loyaltyBalances)
    .where(sql`${loyaltyBalances.customerId} in (select id from ${customers} where ${customers.isDemo})`);
  await tx.delete(serviceOrders).where(eq(serviceOrders.isDemo, true));
  // Every contact logged about a demo customer's debt (the demo debts went with the demo plans above).
  await tx.delete(debtContacts).where(sql`${debtContacts.customerId} in (select id from ${customers} where ${customers.isDemo})`);
  await tx.delete(customers).where(eq(customers.isDemo, true));
  // The demo catalogue with its ledger, units and photos (after the demo orders that used them; nothing real points at it: checked above).
  const demoPhotos = await tx
    .select({ id: products.photoUploadId })
    .from(products)
    .where(and(eq(products.isDemo, true), isNotNull(products.photoUploadId)));
  const demoProducts = sql`(select id from ${products} where ${products.isDemo})`;
  // A stock count may have counted them (staff counting the demo shelf): those lines go with them.
  await tx.delete(stockCountItems).where(sql`${stockCountItems.productId} in ${demoProducts}`);
  // A purchase typed into a demo product posted a payable: it goes with the ledger row it came from (kept, cancelled).
  await tx
    .update(financeEntries)
    .set({ cancelledAt: new Date(), cancelledByLabel: actor.label, cancelReason: "Produto de demonstração removido" })
    .where(
      sql`${financeEntries.originKind} = 'stock-movement' and ${financeEntries.cancelledAt} is null and ${financeEntries.originId} in (select id from ${stockMovements} where ${stockMovements.productId} in ${demoProducts})`,
    );
  await tx.delete(stockMovements).where(sql`${stockMovements.productId} in ${demoProducts}`);
  await tx.delete(productUnits).where(sql`${productUnits.productId} in ${demoProducts}`);
  await tx.delete(products).where(eq(products.isDemo, true));
  // The demo's part suppliers, once their demo order lines are gone; one the shop has since named on its own
  // purchases, bills or orders stays, as the shop's.
  await tx.delete(suppliers).where(
    sql`${suppliers.isDemo} and not exists (select 1 from ${stockMovements} m where m.supplier_id = ${suppliers.id})
        and not exists (select 1 from ${financeEntries} f where f.supplier_id = ${suppliers.id})
        and not exists (select 1 from ${serviceOrderLines} l where l.supplier_id = ${suppliers.id})`,
  );
  await tx.update(suppliers).set({ isDemo: false }).where(eq(suppliers.isDemo, true));
  const photoIds = demoPhotos.flatMap((row) => (row.id ? [row.id] : []));
  if (photoIds.length > 0) await tx.delete(uploads).where(inArray(uploads.id, photoIds));
  await tx.delete(reviews).where(eq(reviews.isDemo, true));
  await tx.delete(blogPosts).where(eq(blogPosts.isDemo, true));
  await tx.delete(faqEntries).where(eq(faqEntries.isDemo, true));
  await tx.delete(siteTexts).where(eq(siteTexts.isDemo, true));
  await tx.delete(contactMessages).where(eq(contactMessages.isDemo, true));
  // The demo's payables and recurring expenses with every entry they generated (paid or not: the recurring's foreign key needs them gone first).
  await tx
    .delete(financeEntries)
    .where(
      sql`${financeEntries.isDemo} or ${financeEntries.recurringId} in (select id from ${financeRecurring} where ${financeRecurring.isDemo})`,
    );
  await tx.delete(financeRecurring).where(eq(financeRecurring.isDemo, true));
  // Profiles, sessions and sign-in methods of the demo accounts go with them (cascade).
  await tx.delete(user).where(eq(user.isDemo, true));
  await tx.update(shopSettings).set({ hasDemoData: false, updatedAt: new Date() });
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "demo.remove",
    entity: "shop_settings",
    entityId: "1",
    details: { removed: counts },
  });
  return counts;
}

/** "Apagar dados de demonstração": one transaction; then every page shows the shop without them at once. */
export async function removeDemoData(actor: Actor): Promise<DemoDataCounts> {
  const removed = await inTransaction((tx) => removeDemoDataInTx(tx, actor));
  forgetCachedShopSettings();
  return removed;
}
