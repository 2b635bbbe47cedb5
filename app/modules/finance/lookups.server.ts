import { and, eq, isNull } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { financeAccounts, financeCategories, type FinanceDirection } from "~/db/schema/finance";
import { FinanceInputError } from "./errors";

/** An active category of the direction asked, or the refusal on `field`. */
export async function activeCategoryInTx(tx: Transaction, categoryId: number, direction: FinanceDirection, field = "categoryId") {
  const [category] = await tx
    .select()
    .from(financeCategories)
    .where(and(eq(financeCategories.id, categoryId), isNull(financeCategories.archivedAt)));
  if (!category) throw new FinanceInputError("unknown-category", { [field]: "Escolha uma categoria da lista." });
  if (category.direction !== direction) {
    throw new FinanceInputError("category-direction", {
      [field]:
        direction === "in"
          ? "Esta categoria é de saídas: escolha uma de entradas."
          : "Esta categoria é de entradas: escolha uma de saídas.",
    });
  }
  return category;
}

/** An account that is not archived, or the refusal on `field`. */
export async function activeAccountInTx(tx: Transaction, accountId: number, field = "accountId") {
  const [account] = await tx
    .select()
    .from(financeAccounts)
    .where(and(eq(financeAccounts.id, accountId), isNull(financeAccounts.archivedAt)));
  if (!account) throw new FinanceInputError("unknown-account", { [field]: "Escolha uma conta da lista." });
  return account;
}
