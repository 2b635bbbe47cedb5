import type { FieldErrors } from "~/lib/errors";
import { allocateCents, formatCents } from "~/lib/money";
import { levelDiscountOffer } from "~/modules/loyalty/level-discount";
import type { LoyaltyLevel } from "~/modules/loyalty/rules";
import { pixDiscountCents } from "~/modules/pix/pix-discount";

/**
 * A sale's money, computed the same way by the sale screen (to show it) and
 * by the server (to record it): the browser's figures are never trusted,
 * the server runs this again on the prices it reads itself. Pure: no I/O.
 */

/** How a customer may pay at the counter (the register's methods; kept here so the browser needs no schema). */
export const SALE_PAYMENT_METHODS = ["cash", "pix", "debit", "credit", "crediario", "store-credit"] as const;
export type SalePaymentMethod = (typeof SALE_PAYMENT_METHODS)[number];

export const SALE_PAYMENT_LABELS: Record<SalePaymentMethod, string> = {
  cash: "Dinheiro",
  pix: "PIX",
  debit: "Débito",
  credit: "Crédito",
  crediario: "Crediário",
  "store-credit": "Crédito na loja",
};

/** A card's instalments at the counter (the card machine's usual range). */
export const MAX_CARD_INSTALMENTS = 12;

/**
 * Keeps every amount of a sale inside a PostgreSQL integer with room to spare
 * (R$ 1.000.000,00): a quantity × price typed by mistake is refused, not
 * overflowed.
 */
export const MAX_SALE_TOTAL_CENTS = 100_000_000;

export type SaleLineAmounts = {
  unitPriceCents: number;
  quantity: number;
  discountCents: number;
  /** A product of kind "service": the loyalty level's discount applies to these lines only. */
  isService?: boolean;
};
export type SalePaymentAmounts = {
  method: SalePaymentMethod;
  amountCents: number;
  /** Cash handed over; null means exactly the cash part. */
  tenderedCents: number | null;
};

export type SaleLineTotals = {
  /** quantity × unit price. */
  grossCents: number;
  /** The line's own discount plus its share of the sale's. */
  discountCents: number;
  saleDiscountShareCents: number;
  /** What the line costs the customer: gross − all its discounts. */
  totalCents: number;
};

export type SaleTotals = {
  lines: SaleLineTotals[];
  /** Σ (quantity × unit price − line discount): before the sale's discount. */
  itemsTotalCents: number;
  /** Σ of the service lines' net amounts: the base of the loyalty level's discount. */
  serviceItemsCents: number;
  /** The sale's discount: the loyalty level's, what staff gave and the PIX discount. */
  discountCents: number;
  /** The customer's loyalty level's discount on the service lines, when applied. */
  loyaltyDiscountCents: number;
  /** The shop's "% de desconto no PIX", when the whole sale is paid by PIX. */
  pixDiscountCents: number;
  totalCents: number;
  paidCents: number;
  cashCents: number;
  tenderedCents: number;
  changeCents: number;
};

/**
 * The totals of a cart and whether its payments settle it, with a
 * Portuguese message per field that refuses it ("items.0.discount",
 * "discount", "payments.1.tendered", "payments"). The totals are returned
 * even with refusals, clamped, so the screen can keep showing them.
 */
export function computeSaleTotals(input: {
  lines: readonly SaleLineAmounts[];
  discountCents: number;
  payments: readonly SalePaymentAmounts[];
  /** The shop's "% de desconto no PIX" (basis points); it applies when every payment is PIX. */
  pixDiscountBasisPoints?: number;
  /** The customer's loyalty level, when staff applied its discount (the server checks the level itself). */
  loyaltyLevel?: LoyaltyLevel | null;
}): { totals: SaleTotals; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const nets = input.lines.map((line, index) => {
    const gross = line.quantity * line.unitPriceCents;
    if (gross > MAX_SALE_TOTAL_CENTS) errors[`items.${index}.quantity`] = "Valor acima do limite permitido.";
    if (line.discountCents > gross) {
      errors[`items.${index}.discount`] = `O desconto passa do valor do item (${formatCents(gross)}).`;
    }
    const net = Math.max(Math.min(gross, MAX_SALE_TOTAL_CENTS) - line.discountCents, 0);
    return { gross, lineDiscount: Math.min(line.discountCents, gross), net, isService: line.isService === true };
  });
  const itemsTotalCents = nets.reduce((sum, line) => sum + line.net, 0);
  if (input.lines.length === 0) errors.items = "Adicione ao menos um item.";
  else if (itemsTotalCents > MAX_SALE_TOTAL_CENTS) errors.items = "Valor acima do limite permitido.";

  // The loyalty level's discount comes first, on the service items only (not products sold alone),
  // computed by the loyalty module's own arithmetic, and is spread over those lines only.
  const serviceItemsCents = nets.reduce((sum, line) => sum + (line.isService ? line.net : 0), 0);
  const loyaltyDiscount = levelDiscountOffer(input.loyaltyLevel ?? null, serviceItemsCents)?.cents ?? 0;
  const loyaltyShares =
    loyaltyDiscount > 0
      ? allocateCents(
          loyaltyDiscount,
          nets.map((line) => (line.isService ? line.net : 0)),
        )
      : nets.map(() => 0);
  const afterLoyalty = itemsTotalCents - loyaltyDiscount;

  let manualDiscount = input.discountCents;
  if (manualDiscount > afterLoyalty) {
    errors.discount = `O desconto passa do valor dos itens (${formatCents(afterLoyalty)}).`;
    manualDiscount = afterLoyalty;
  }
  // The PIX discount is the shop's price for paying the whole sale by PIX (shown before paying, Lei 10.962/2004 art. 5-A);
  // it comes after the loyalty level's and staff's discounts and is spread over the lines like staff's, so a return
  // gives back what was paid.
  const isAllPix = input.payments.length > 0 && input.payments.every((payment) => payment.method === "pix");
  const pixDiscount = isAllPix ? pixDiscountCents(afterLoyalty - manualDiscount, input.pixDiscountBasisPoints ?? 0) : 0;
  const restDiscount = manualDiscount + pixDiscount;
  const discountCents = loyaltyDiscount + restDiscount;
  // The rest of the sale's discount is spread over the lines in proportion to what each still costs, to the centavo,
  // so a later return gives back exactly what the customer paid for the items returned.
  const restShares =
    restDiscount > 0 && afterLoyalty > 0
      ? allocateCents(
          restDiscount,
          nets.map((line, index) => line.net - (loyaltyShares[index] ?? 0)),
        )
      : nets.map(() => 0);
  const lines = nets.map((line, index) => {
    const share = (loyaltyShares[index] ?? 0) + (restShares[index] ?? 0);
    return {
      grossCents: line.gross,
      discountCents: line.lineDiscount + share,
      saleDiscountShareCents: share,
      totalCents: line.net - share,
    };
  });
  const totalCents = itemsTotalCents - discountCents;

  let paidCents = 0;
  let cashCents = 0;
  let tenderedCents = 0;
  let cashRows = 0;
  input.payments.forEach((payment, index) => {
    if (payment.amountCents <= 0) {
      errors[`payments.${index}.amount`] = "Informe um valor maior que zero.";
      return;
    }
    paidCents += payment.amountCents;
    if (payment.method !== "cash") return;
    cashRows += 1;
    if (cashRows > 1) errors[`payments.${index}.method`] = "Junte o dinheiro em uma única linha.";
    const tendered = payment.tenderedCents ?? payment.amountCents;
    if (tendered < payment.amountCents) {
      errors[`payments.${index}.tendered`] =
        `O valor recebido não cobre a parte em dinheiro (${formatCents(payment.amountCents)}).`;
    }
    cashCents += payment.amountCents;
    tenderedCents += Math.max(tendered, payment.amountCents);
  });
  if (paidCents !== totalCents && !Object.keys(errors).some((key) => key.startsWith("payments."))) {
    errors.payments =
      input.payments.length === 0
        ? `Informe como o cliente paga ${formatCents(totalCents)}.`
        : `Os pagamentos somam ${formatCents(paidCents)}; o total é ${formatCents(totalCents)}.`;
  }
  return {
    totals: {
      lines,
      itemsTotalCents,
      serviceItemsCents,
      discountCents,
      loyaltyDiscountCents: loyaltyDiscount,
      pixDiscountCents: pixDiscount,
      totalCents,
      paidCents,
      cashCents,
      tenderedCents,
      changeCents: tenderedCents - cashCents,
    },
    errors,
  };
}

/**
 * What returning `quantity` units of a line gives back, when
 * `alreadyReturned` of them came back before: the line's total split in
 * per-unit parts that add up exactly (the first units carry the extra
 * centavos), so returning every unit, in any number of steps, gives back
 * the line's total to the centavo.
 */
export function returnAmountCents(line: { quantity: number; totalCents: number }, alreadyReturned: number, quantity: number) {
  const parts = allocateCents(
    line.totalCents,
    Array.from({ length: line.quantity }, () => 1),
  );
  return parts.slice(alreadyReturned, alreadyReturned + quantity).reduce((sum, part) => sum + part, 0);
}

/**
 * Whether the sale screen tells the price by PIX: while the customer may
 * still pay it all by PIX (only cash or PIX chosen), not once a card, the
 * crediário or store credit is part of the payment, where the PIX discount
 * can no longer apply.
 */
export function offersPixPrice(methods: readonly string[]) {
  return methods.every((method) => method === "cash" || method === "pix");
}
