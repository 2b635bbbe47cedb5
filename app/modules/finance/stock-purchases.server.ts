import { randomUUID } from "node:crypto";
import type { Transaction } from "~/db/client.server";
import { addMonths, shopToday } from "~/lib/dates";
import { InputError } from "~/lib/errors";
import { parseInput } from "~/lib/forms";
import { formatCents } from "~/lib/money";
import type { Actor } from "~/modules/accounts/roles";
import { FinanceInputError } from "./errors";
import { postEntryInTx } from "./ledger.server";
import { activeAccountInTx } from "./lookups.server";
import { stockPurchaseInstalments } from "./stock-purchase-instalments";
import { supplierOfIdInTx } from "./suppliers.server";
import { ENTRY_METHODS, StockPurchaseTermsSchema, type StockPurchaseTerms } from "./validation";

/** How a stock movement is named as a finance origin: its purchase is one payable, or one per instalment. */
export const STOCK_MOVEMENT_ORIGIN = "stock-movement";

/**
 * The largest payable one stock entry may post (R$ 10.000.000,00): a finance
 * entry is a PostgreSQL integer of centavos, and a quantity × cost past it is
 * a typing mistake, refused with a message instead of failing the insert.
 */
export const MAX_STOCK_PURCHASE_CENTS = 1_000_000_000;

const ENTRY_METHODS_SET: ReadonlySet<string> = new Set(ENTRY_METHODS);
const refuse = (errors: Record<string, string>) => new FinanceInputError("invalid-input", errors);

/** How a purchase was bought, checked: paid from an account, or owed to a supplier in instalments. */
export type CheckedStockPurchaseTerms = StockPurchaseTerms & { supplier: { id: number; name: string } | null };

/**
 * Reads and checks how goods received were bought (issue 23), before the
 * stock moves: "paid" needs the account, the day (not after today) and how;
 * "owed" needs the supplier, the first due date and the instalments. A
 * purchase at no cost owes nothing, so only its supplier is read. Refusals
 * are field errors of the stock form.
 */
export async function checkStockPurchaseTermsInTx(
  tx: Transaction,
  rawInput: unknown,
  { amountCents, field }: { amountCents: number; field: string },
  today = shopToday(),
): Promise<CheckedStockPurchaseTerms | null> {
  const source = (rawInput ?? {}) as Record<string, unknown>;
  const isFree = !(amountCents > 0);
  const terms = parseInput(StockPurchaseTermsSchema, isFree ? { ...source, payment: "paid" } : source, refuse);
  if (!isFree && amountCents > MAX_STOCK_PURCHASE_CENTS) {
    throw new InputError("stock-purchase-too-large", {
      [field]: `A entrada soma ${formatCents(amountCents)}, acima do limite de ${formatCents(MAX_STOCK_PURCHASE_CENTS)}: confira a quantidade e o custo.`,
    });
  }
  const errors: Record<string, string> = {};
  if (!isFree && terms.payment === "paid") {
    if (terms.accountId === null) errors.accountId = "Escolha a conta de onde saiu o dinheiro.";
    if (terms.paidDate === "") errors.paidDate = "Informe a data do pagamento.";
    else if (terms.paidDate > today) errors.paidDate = "A data do pagamento não pode ser depois de hoje.";
    if (!ENTRY_METHODS_SET.has(terms.method)) errors.method = "Escolha a forma de pagamento.";
  }
  if (!isFree && terms.payment === "owed") {
    if (terms.supplierId === null) errors.supplierId = "Escolha o fornecedor a quem a compra ficou devendo.";
    if (terms.dueDate === "") errors.dueDate = "Informe o vencimento da (primeira) parcela.";
  }
  if (Object.keys(errors).length > 0) throw refuse(errors);
  const supplier = terms.supplierId === null ? null : await supplierOfIdInTx(tx, terms.supplierId);
  if (!isFree && terms.payment === "paid") await activeAccountInTx(tx, terms.accountId!);
  return isFree ? null : { ...terms, supplier };
}

export type StockPurchase = {
  /** The (first) stock movement of the purchase: the postings' origin. */
  movementId: number;
  amountCents: number;
  /** What was bought, as the payable's description reads it ("3 × Tela Galaxy A52"). */
  itemsLabel: string;
  terms: CheckedStockPurchaseTerms;
};

/**
 * Goods received at a cost, as the owner said they were bought: paid, an
 * entry paid from the chosen account on its day (cash flow sees it once);
 * owed, one open payable per instalment to the supplier, a month apart from
 * the first due date, which the owner pays, re-dates or splits in
 * Lançamentos. Their category sits outside the month result: the cost
 * reaches the result as cost of goods sold when the goods are sold, read
 * from the stock ledger, so nothing is counted twice (decision 0019).
 * Initial stock and imports call nothing here: stock the shop had when it
 * adopted the software was paid long ago (decision 0026).
 */
export async function postStockPurchaseInTx(tx: Transaction, actor: Actor, purchase: StockPurchase) {
  const { terms } = purchase;
  const description = `Compra de estoque: ${purchase.itemsLabel}`;
  const common = {
    origin: { kind: STOCK_MOVEMENT_ORIGIN, id: purchase.movementId },
    categoryKey: "stock-purchases" as const,
    counterparty: terms.supplier?.name ?? "",
    supplierId: terms.supplier?.id ?? null,
  };
  if (terms.payment === "paid") {
    const entryId = await postEntryInTx(tx, actor, {
      ...common,
      amountCents: purchase.amountCents,
      description,
      paidDate: terms.paidDate,
      dueDate: terms.paidDate,
      accountId: terms.accountId,
      method: terms.method,
    });
    return entryId === null ? [] : [entryId];
  }
  const amounts = stockPurchaseInstalments(purchase.amountCents, terms.instalments);
  const group = amounts.length > 1 ? randomUUID() : null;
  const entryIds: number[] = [];
  for (const [index, amountCents] of amounts.entries()) {
    const entryId = await postEntryInTx(tx, actor, {
      ...common,
      amountCents,
      description: group ? `${description} (${index + 1}/${amounts.length})` : description,
      paidDate: null,
      dueDate: addMonths(terms.dueDate, index),
      accountId: null,
      instalment: group ? { group, number: index + 1, count: amounts.length } : null,
    });
    if (entryId !== null) entryIds.push(entryId);
  }
  return entryIds;
}
