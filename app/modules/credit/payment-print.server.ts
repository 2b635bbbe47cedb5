import type { Actor } from "~/modules/accounts/roles";
import type { Paper } from "~/modules/print-templates/papers";
import { renderPrintDocument } from "~/modules/print-templates/render.server";
import { currentShopData } from "~/modules/print-templates/shop-header.server";
import { readId } from "~/lib/forms";
import { customerIdsOfAccount } from "~/modules/customers/account-links.server";
import { getCreditPlanAccount, readCreditPlanAccount } from "./payment-queries.server";

/**
 * A payment's receipt for a paper, or null when the plan has no such
 * payment. The balance is what was owed right after it (the contract's
 * amounts less what it and the payments before it paid or waived), so a
 * reprint months later still says what the receipt said that day.
 */
export async function printCreditPaymentReceipt(
  actor: Actor,
  rawPlanId: string | undefined,
  rawPaymentId: string | undefined,
  paper: Paper,
) {
  const paymentId = readId(rawPaymentId ?? "");
  const account = paymentId === null ? null : await getCreditPlanAccount(actor, rawPlanId);
  return account && paymentId !== null ? renderPaymentReceipt(account, paymentId, paper) : null;
}

/**
 * The customer's copy ("2ª via") of a payment receipt of one of their own
 * plans (the records their account sees). Null when the plan or the payment
 * is not theirs: the page answers 404 without telling which.
 */
export async function printAccountCreditPaymentReceipt(userId: string, planId: number, paymentId: number, paper: Paper) {
  const customerIds = await customerIdsOfAccount(userId);
  const account = customerIds.length === 0 ? null : await readCreditPlanAccount(planId);
  if (!account || !customerIds.includes(account.plan.customerId)) return null;
  return renderPaymentReceipt(account, paymentId, paper);
}

async function renderPaymentReceipt(
  account: NonNullable<Awaited<ReturnType<typeof readCreditPlanAccount>>>,
  paymentId: number,
  paper: Paper,
) {
  const payment = account.payments.find((candidate) => candidate.id === paymentId);
  if (!payment) return null;
  const contractCents = account.instalments.reduce((sum, instalment) => sum + instalment.amountCents, 0);
  const settledCents = account.payments
    .filter((candidate) => !candidate.cancelledAt && candidate.id <= payment.id)
    .reduce((sum, candidate) => sum + candidate.interestCents + candidate.principalCents + candidate.waivedInterestCents, 0);
  const html = await renderPrintDocument("credit-payment-receipt", paper, {
    loja: await currentShopData(account.plan),
    pagamento: {
      numero: payment.id,
      crediario: account.plan.id,
      data: new Date(payment.paidAt).toISOString(),
      cliente: { nome: account.plan.customerName, telefone: account.plan.customerPhone },
      recebido_por: payment.actorName,
      cancelado: payment.cancelledAt !== null,
      motivo_cancelamento: payment.cancelReason ?? "",
      quitacao: payment.kind === "payoff",
      parcelas: payment.instalmentNumbers,
      total_parcelas: account.plan.instalmentCount,
      encargos: payment.chargesCents,
      juros: payment.interestCents,
      juros_parcelas: payment.interestCents + payment.waivedInterestCents,
      principal: payment.principalCents,
      desconto_juros: payment.waivedInterestCents,
      valor: payment.amountCents,
      forma: payment.methodLabel,
      saldo: Math.max(0, contractCents - settledCents),
    },
    emitido_em: new Date().toISOString(),
  });
  return { html, actAt: new Date(payment.paidAt).toISOString() };
}
