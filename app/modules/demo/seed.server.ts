import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { getDb, inTransaction } from "~/db/client.server";
import { profiles } from "~/db/schema/accounts";
import { user } from "~/db/schema/auth";
import { blogPosts } from "~/db/schema/blog";
import { faqEntries, siteTexts } from "~/db/schema/faq";
import { reviews } from "~/db/schema/reviews";
import { shopSettings } from "~/db/schema/shop-settings";
import { DEMO_BLOG_POSTS } from "~/modules/blog/demo-posts";
import { DEMO_FAQ } from "~/modules/faq/demo-faq";
import { DEMO_STORY_MARKDOWN } from "~/modules/faq/demo-story";
import { DEMO_REVIEWS } from "~/modules/reviews/demo-reviews";
import { DEMO_SHOP_SETTINGS } from "~/modules/shop-settings/demo-settings";
import { hasAnyProduct, prepareDemoCatalogue, seedDemoCatalogueInTx } from "./demo-catalogue.server";
import { seedDemoCreditPlansInTx } from "./demo-credit-plans.server";
import { seedDemoDebtsInTx } from "./demo-debts.server";
import { seedDemoFinanceInTx } from "./demo-finance.server";
import { seedDemoServiceOrders } from "./demo-service-orders.server";
import { seedDemoWarrantiesInTx } from "./demo-warranties.server";
import { markShopHasDemoDataInTx } from "./demo-flag.server";

/**
 * A few fictional customers. They have no password (there is never a default
 * one): "Esqueci minha senha" gives them one if someone owns the address.
 */
export const DEMO_CUSTOMERS = [
  { name: "Ana Paula Ribeiro", email: "ana.ribeiro@cliente.example" },
  { name: "Bruno Carvalho Lima", email: "bruno.lima@cliente.example" },
  { name: "Carla Mendes Souza", email: "carla.souza@cliente.example" },
  { name: "Diego Fernandes Rocha", email: "diego.rocha@cliente.example" },
];

export async function isDatabaseEmpty() {
  const db = await getDb();
  const [{ users }] = (await db.select({ users: sql<number>`count(*)::int` }).from(user)) as [{ users: number }];
  const [{ settings }] = (await db.select({ settings: sql<number>`count(*)::int` }).from(shopSettings)) as [{ settings: number }];
  return users === 0 && settings === 0;
}

const asDemo = <T extends object>(rows: readonly T[]) => rows.map((row) => ({ ...row, isDemo: true }));

/**
 * Idempotent: settings, customers and content that already exist are left as
 * they are. Every row it creates is marked `is_demo`, and the settings say
 * the shop has demo data, until "Apagar dados de demonstração" removes it.
 */
export async function seedDemoData() {
  // The catalogue's photos are drawn and processed before the transaction opens (CPU, not the database's time).
  const catalogue = (await hasAnyProduct()) ? [] : await prepareDemoCatalogue();
  await inTransaction(async (tx) => {
    await tx.insert(shopSettings).values(DEMO_SHOP_SETTINGS).onConflictDoNothing();
    let hasCreated = false;
    for (const customer of DEMO_CUSTOMERS) {
      const id = randomUUID();
      const [created] = await tx
        .insert(user)
        .values({ id, name: customer.name, email: customer.email, emailVerified: true, role: "customer", isDemo: true })
        .onConflictDoNothing()
        .returning({ id: user.id });
      if (created) await tx.insert(profiles).values({ userId: id, email: customer.email, fullName: customer.name });
      hasCreated ||= Boolean(created);
    }
    // Content tables are filled only while empty, so a second run never duplicates them.
    const isEmpty = async (table: typeof reviews | typeof faqEntries | typeof blogPosts) =>
      ((await tx.select({ count: sql<number>`count(*)::int` }).from(table))[0]?.count ?? 0) === 0;
    if (DEMO_REVIEWS.length && (await isEmpty(reviews))) {
      await tx.insert(reviews).values(asDemo(DEMO_REVIEWS));
      hasCreated = true;
    }
    if (DEMO_FAQ.length && (await isEmpty(faqEntries))) {
      await tx.insert(faqEntries).values(asDemo(DEMO_FAQ));
      hasCreated = true;
    }
    const [story] = await tx
      .insert(siteTexts)
      .values({ key: "story", bodyMarkdown: DEMO_STORY_MARKDOWN, isDemo: true })
      .onConflictDoNothing()
      .returning({ key: siteTexts.key });
    if (story) hasCreated = true;
    if (DEMO_BLOG_POSTS.length && (await isEmpty(blogPosts))) {
      await tx.insert(blogPosts).values(asDemo(DEMO_BLOG_POSTS));
      hasCreated = true;
    }
    if (await seedDemoServiceOrders(tx)) hasCreated = true;
    if (await seedDemoWarrantiesInTx(tx)) hasCreated = true;
    // The fiados first: they are seeded only while there is no debt at all, and the demo plans carry debts of their own.
    if (await seedDemoDebtsInTx(tx)) hasCreated = true;
    if (await seedDemoCreditPlansInTx(tx)) hasCreated = true;
    if (await seedDemoCatalogueInTx(tx, catalogue)) hasCreated = true;
    if (await seedDemoFinanceInTx(tx)) hasCreated = true;
    if (hasCreated) await markShopHasDemoDataInTx(tx);
  });
}

/**
 * A new database started with DEMO_DATA=off: only the settings row, with the
 * fictional identity the owner replaces (details not confirmed), and no
 * customers, orders or content.
 */
export async function seedEmptyShop() {
  const db = await getDb();
  await db.insert(shopSettings).values(DEMO_SHOP_SETTINGS).onConflictDoNothing();
}
