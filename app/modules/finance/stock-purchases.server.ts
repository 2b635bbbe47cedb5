import type { Transaction } from "~/db/client.server";
import { shopToday } from "~/lib/dates";
import { InputError } from "~/lib/errors";
import { formatCents } from "~/lib/money";
import type { Actor } from "~/modules/accounts/roles";
import { postEntryInTx } from "./ledger.server";

/** How a stock movement is named as a finance origin: its purchase is one payable. */
export const STOCK_MOVEMENT_ORIGIN = "stock-movement";

/**
 * The largest payable one stock entry may post (R$ 10.000.000,00): a finance
 * entry is a PostgreSQL integer of centavos, and a quantity × cost past it is
 * a typing mistake, refused with a message instead of failing the insert.
 */
export const MAX_STOCK_PURCHASE_CENTS = 1_000_000_000;

export type StockPurchase = {
  movementId: number;
  quantity: number;
  unitCostCents: number;
  supplier: string;
  /** What was bought, as the payable's description reads it ("Tela Galaxy A52"). */
  productName: string;
  /** The form field a refusal belongs next to. */
  field: string;
};

/**
 * Goods received at a cost are owed to the supplier: an open payable in
 * "stock-purchases", due today (the owner sets the real due date and pays it
 * in Lançamentos). Its category sits outside the month result: the cost
 * reaches the result as cost of goods sold when the goods are sold, read
 * from the stock ledger, so nothing is counted twice (decision 0019).
 */
export async function postStockPurchaseInTx(tx: Transaction, actor: Actor, purchase: StockPurchase) {
  const amountCents = purchase.quantity * purchase.unitCostCents;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return null;
  if (amountCents > MAX_STOCK_PURCHASE_CENTS) {
    throw new InputError("stock-purchase-too-large", {
      [purchase.field]: `A entrada soma ${formatCents(amountCents)}, acima do limite de ${formatCents(MAX_STOCK_PURCHASE_CENTS)}: confira a quantidade e o custo.`,
    });
  }
  const today = shopToday();
  return postEntryInTx(tx, actor, {
    origin: { kind: STOCK_MOVEMENT_ORIGIN, id: purchase.movementId },
    categoryKey: "stock-purchases",
    amountCents,
    description: `Compra de estoque: ${purchase.quantity} × ${purchase.productName}`,
    paidDate: null,
    dueDate: today,
    accountId: null,
    counterparty: purchase.supplier,
  });
}
