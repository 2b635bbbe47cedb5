import { paymentMethodLabel } from "~/lib/payment-methods";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import type { Paper } from "~/modules/print-templates/papers";
import { renderPrintDocument } from "~/modules/print-templates/render.server";
import { currentShopData } from "~/modules/print-templates/shop-header.server";
import { DENOMINATIONS } from "./denominations";
import { getCashRegister, getRegisterEntry, type CashRegisterDetail, type RegisterEntryView } from "./queries.server";
import { ENTRY_KIND_LABELS, METHOD_LABELS, sortedClosingTotals } from "./register-rules";

/** `actAt`: when the act the document attests happened (a print long after it is a "2ª via", print-templates/reprint.ts). */
export type RegisterPrint =
  { status: "ready"; html: string; actAt: string } | { status: "not-found" } | { status: "not-printable" };

/** A suprimento or sangria as its slip reads it (the `movimento` of the template). */
function movementData(entry: RegisterEntryView) {
  return {
    numero: entry.id,
    tipo: ENTRY_KIND_LABELS[entry.kind],
    e_sangria: entry.kind === "withdrawal",
    caixa: entry.registerId,
    quando: new Date(entry.createdAt).toISOString(),
    valor: Math.abs(entry.amountCents),
    motivo: entry.reason,
    registrado_por: entry.actorName,
    cancelado: entry.isCancelled ? { por: entry.cancelledByLabel, motivo: entry.cancelReason } : null,
  };
}

/** The slip of a suprimento or a sangria, with its signature lines; other entries have none. */
export async function printEntrySlip(actor: Actor, entryId: string | undefined, paper: Paper): Promise<RegisterPrint> {
  assertStaffActor(actor);
  const entry = await getRegisterEntry(entryId);
  if (!entry) return { status: "not-found" };
  if (entry.kind !== "supply" && entry.kind !== "withdrawal") return { status: "not-printable" };
  const html = await renderPrintDocument("cash-movement-slip", paper, {
    loja: await currentShopData(),
    movimento: movementData(entry),
    emitido_em: new Date().toISOString(),
  });
  return { status: "ready", html, actAt: new Date(entry.createdAt).toISOString() };
}

/** A closed register as its report reads it (the `caixa` of the template). */
function closingData({ register, entries, totals }: CashRegisterDetail) {
  const closing = register.closingTotals ?? {};
  const formas = sortedClosingTotals(closing).map(([method, { expectedCents, countedCents }]) => ({
    nome: paymentMethodLabel(method),
    esperado: expectedCents,
    conferido: countedCents,
    diferenca: countedCents - expectedCents,
  }));
  const counts = register.countedDenominations ?? {};
  // What went through the register, by kind (cancelled entries left out): sales, other money received, money given back, the drawer's movements.
  const live = entries.filter((entry) => !entry.isCancelled);
  const sumOf = (kinds: readonly string[]) =>
    live.filter((entry) => kinds.includes(entry.kind)).reduce((sum, entry) => sum + Math.abs(entry.amountCents), 0);
  return {
    numero: register.id,
    abertura: new Date(register.openedAt).toISOString(),
    aberto_por: register.openedByName,
    fechamento: register.closedAt ? new Date(register.closedAt).toISOString() : null,
    fechado_por: register.closedByName,
    fundo: register.openingFloatCents,
    formas,
    diferenca: formas.reduce((sum, forma) => sum + forma.diferenca, 0),
    cedulas: DENOMINATIONS.filter(({ cents }) => (counts[String(cents)] ?? 0) > 0).map(({ cents, label }) => ({
      nome: label,
      quantidade: counts[String(cents)],
      total: cents * (counts[String(cents)] ?? 0),
    })),
    observacao: register.closingNote,
    total_vendas: sumOf(["sale"]),
    total_recebimentos: sumOf(["order-payment", "credit-payment", "debt-payment"]),
    total_devolucoes: sumOf(["refund"]),
    total_suprimentos: sumOf(["supply"]),
    total_sangrias: sumOf(["withdrawal"]),
    pix_pendentes: totals.pendingPixCount,
    pix_pendentes_valor: totals.pendingPixCents,
    lancamentos: entries.map((entry) => ({
      quando: new Date(entry.createdAt).toISOString(),
      tipo: ENTRY_KIND_LABELS[entry.kind],
      origem: entry.serviceOrderId ? `OS nº ${entry.serviceOrderId}` : (entry.saleCode ?? entry.reason),
      forma: METHOD_LABELS[entry.method],
      por: entry.actorName,
      valor: entry.amountCents,
      cancelado: entry.isCancelled,
      motivo_cancelamento: entry.cancelReason,
    })),
  };
}

/** The closing report of a closed register; an open one has no report yet. */
export async function printClosingReport(actor: Actor, registerId: string | undefined, paper: Paper): Promise<RegisterPrint> {
  assertStaffActor(actor);
  const detail = await getCashRegister(registerId);
  if (!detail) return { status: "not-found" };
  if (detail.register.isOpen) return { status: "not-printable" };
  const html = await renderPrintDocument("cash-register-closing", paper, {
    loja: await currentShopData(),
    caixa: closingData(detail),
    emitido_em: new Date().toISOString(),
  });
  return { status: "ready", html, actAt: new Date(detail.register.closedAt ?? Date.now()).toISOString() };
}
