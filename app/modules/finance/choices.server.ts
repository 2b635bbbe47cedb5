import { keptUntilWrite } from "~/db/kept-until-write.server";
import { databaseKind } from "~/db/client.server";
import { activeAccountOptions } from "./accounts.server";
import { listCategories, type CategoryRow } from "./categories.server";
import { supplierOptions } from "./suppliers.server";

export type FinanceChoices = {
  /** Every category, archived ones too (listCategories). */
  categories: CategoryRow[];
  /** The active accounts (activeAccountOptions). */
  accounts: Awaited<ReturnType<typeof activeAccountOptions>>;
  /** The suppliers a bill can name (supplierOptions); on PostgreSQL read only when asked for (empty otherwise). */
  suppliers: Awaited<ReturnType<typeof supplierOptions>>;
};

const keptChoices = keptUntilWrite();

async function readChoices(withSuppliers: boolean): Promise<FinanceChoices> {
  const [categories, accounts, suppliers] = await Promise.all([
    listCategories(),
    activeAccountOptions(),
    withSuppliers ? supplierOptions() : [],
  ]);
  return { categories, accounts, suppliers };
}

/**
 * The categories, accounts and suppliers the finance pages offer in their
 * filters and forms (the entries' list, an entry, a new entry, the recurring
 * ones), read again only once a transaction that wrote something has
 * committed (keptUntilWrite: on PGlite only): three statements on every view
 * of those pages, each a round trip through PGlite in the one Node thread.
 * The same reads as before; on PostgreSQL the suppliers only when asked for.
 */
export function financeChoices({ suppliers = false } = {}): Promise<FinanceChoices> {
  if (databaseKind() !== "pglite") return readChoices(suppliers);
  return keptChoices("all", () => readChoices(true));
}

/** Every category, archived ones too (the categories' page): financeChoices' kept reading on PGlite, listCategories on PostgreSQL. */
export async function listCategoriesForPage(): Promise<CategoryRow[]> {
  if (databaseKind() !== "pglite") return listCategories();
  return (await financeChoices()).categories;
}
