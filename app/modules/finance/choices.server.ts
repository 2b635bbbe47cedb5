import { databaseKind } from "~/db/client.server";
import { committedWritesVersion } from "~/db/committed-writes.server";
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

type KeptChoices = { version: number; choices: Promise<FinanceChoices> };
let keptChoices: KeptChoices | null = null;

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
 * ones): on PGlite read once until a transaction that wrote something has
 * committed (committedWritesVersion, as the accounts' page keeps its list):
 * three statements on every view of those pages, each a round trip through
 * the one Node thread. The same reads as before, shared between requests:
 * callers must not change the arrays. On PostgreSQL another instance may
 * have written: read every time, the suppliers only when asked for.
 */
export async function financeChoices({ suppliers = false } = {}): Promise<FinanceChoices> {
  if (databaseKind() !== "pglite") return readChoices(suppliers);
  const version = committedWritesVersion();
  let entry = keptChoices;
  if (entry === null || entry.version !== version) {
    const reading: KeptChoices = { version, choices: readChoices(true) };
    // A failed reading is not kept (unless a newer one has already taken its place).
    reading.choices.catch(() => {
      if (keptChoices === reading) keptChoices = null;
    });
    keptChoices = entry = reading;
  }
  return entry.choices;
}
