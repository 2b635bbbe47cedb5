import type { Actor } from "~/modules/accounts/roles";
import { levelDiscountLabel } from "~/modules/loyalty/level-discount";
import type { Paper } from "~/modules/print-templates/papers";
import { renderPrintDocument } from "~/modules/print-templates/render.server";
import { currentShopData } from "~/modules/print-templates/shop-header.server";
import { getSaleDetail, type SaleDetail } from "./sale-queries.server";
import { SALE_PAYMENT_LABELS } from "./sale-totals";

/** A sale as its receipt template reads it (the `venda` of sale-receipt), in Portuguese. */
export function saleReceiptData(sale: SaleDetail) {
  const gross = sale.items.reduce((sum, item) => sum + item.quantity * item.unitPriceCents, 0);
  const cash = sale.payments.find((payment) => payment.method === "cash");
  return {
    numero: sale.id,
    codigo: sale.code,
    data: sale.createdAt.toISOString(),
    vendedor: sale.createdByLabel,
    cliente: sale.customerId === null ? null : { nome: sale.customerName ?? "", telefone: sale.customerPhone ?? "" },
    cancelada: sale.status === "cancelled",
    motivo_cancelamento: sale.cancelReason ?? "",
    itens: sale.items.map((item) => ({
      descricao: item.description,
      quantidade: item.quantity,
      unitario: item.unitPriceCents,
      bruto: item.quantity * item.unitPriceCents,
      desconto: item.discountCents,
      total: item.totalCents,
    })),
    subtotal: gross,
    descontos: gross - sale.totalCents,
    desconto_fidelidade: sale.loyaltyDiscountCents,
    desconto_fidelidade_rotulo:
      sale.loyaltyLevelName && sale.loyaltyDiscountBasisPoints
        ? levelDiscountLabel({ name: sale.loyaltyLevelName, discountBasisPoints: sale.loyaltyDiscountBasisPoints })
        : "",
    total: sale.totalCents,
    pagamentos: sale.payments.map((payment) => ({
      forma: SALE_PAYMENT_LABELS[payment.method],
      valor: payment.amountCents,
      parcelas: payment.instalments ?? 1,
    })),
    recebido: cash?.tenderedCents ?? 0,
    troco: sale.changeCents,
    tem_crediario: sale.payments.some((payment) => payment.method === "crediario"),
  };
}

/** The sale's receipt for a paper, or null when there is no such sale. */
export async function printSaleReceipt(actor: Actor, saleId: number, paper: Paper) {
  const sale = await getSaleDetail(actor, saleId);
  if (!sale) return null;
  const html = await renderPrintDocument("sale-receipt", paper, { loja: await currentShopData(), venda: saleReceiptData(sale) });
  return { html, code: sale.code, actAt: sale.createdAt.toISOString() };
}
