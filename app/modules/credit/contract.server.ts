import { asc, eq } from "drizzle-orm";
import { getDb, inTransaction, type Transaction } from "~/db/client.server";
import { saleItems } from "~/db/schema/cash-register";
import { creditInstalments, creditPlans, debts } from "~/db/schema/credit";
import { serviceOrderLines } from "~/db/schema/service-orders";
import { customers } from "~/db/schema/customers";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { documentKind, DOCUMENT_LABELS } from "~/modules/customers/document";
import { findIssuedDocument, issueDocumentInTx } from "~/modules/print-templates/issued-documents.server";
import type { Paper } from "~/modules/print-templates/papers";
import { readShopDataInTx } from "~/modules/print-templates/shop-header.server";
import { formatRate, type CreditDisclosure } from "./plan-terms";

/** The contract of a plan, as issued ("credit_plan:12"); the print kind is "credit-contract". */
export const CREDIT_CONTRACT_KIND = "credit-contract";

function subjectOf(planId: number) {
  return `credit_plan:${planId}`;
}

/** The contract as its template reads it (the `contrato` of credit-contract), in Portuguese, every disclosure item of CDC art. 52 and 54-B. */
/** "5 × R$ 221,44 + 1 × R$ 221,46": runs of equal instalments, in order (the last absorbs the rounding). */
export function instalmentGroups(amounts: readonly number[]) {
  const groups: { qtd: number; valor: number }[] = [];
  for (const amount of amounts) {
    const last = groups.at(-1);
    if (last && last.valor === amount) last.qtd += 1;
    else groups.push({ qtd: 1, valor: amount });
  }
  return groups;
}

function contractData(
  plan: typeof creditPlans.$inferSelect,
  customer: { name: string; phone: string; document: string | null; address: string },
  instalments: (typeof creditInstalments.$inferSelect)[],
  goods: { descricao: string; quantidade: number }[],
) {
  const disclosure = plan.disclosure as unknown as CreditDisclosure;
  const balances = disclosure.instalments ?? [];
  const documentType = customer.document ? documentKind(customer.document) : null;
  return {
    numero: plan.id,
    data: plan.contractDate,
    validade_oferta: plan.offerValidUntil,
    origem: plan.saleId
      ? `Venda nº ${plan.saleId}`
      : plan.serviceOrderId
        ? `OS nº ${plan.serviceOrderId}`
        : `Dívida nº ${plan.debtId}`,
    cliente: {
      nome: customer.name,
      telefone: customer.phone,
      documento: customer.document ?? "",
      documento_rotulo: documentType ? DOCUMENT_LABELS[documentType] : "CPF",
      endereco: customer.address,
    },
    preco_a_vista: plan.cashPriceCents,
    entrada: plan.downPaymentCents,
    valor_financiado: plan.financedCents,
    tarifa: plan.feeCents,
    tarifa_forma:
      plan.feeCents === 0
        ? ""
        : plan.feePaidWith === "financed"
          ? "financiada: incluída no valor financiado"
          : "paga pelo cliente na contratação",
    juros_total: plan.totalCents - plan.financedCents,
    taxa_mensal: formatRate(plan.monthlyRateBasisPoints),
    taxa_anual: formatRate(plan.yearlyRateBasisPoints),
    cet_mensal: formatRate(plan.cetMonthlyBasisPoints),
    cet_anual: formatRate(plan.cetYearlyBasisPoints),
    parcelas_qtd: plan.instalmentCount,
    parcela_valor: plan.instalmentCents,
    parcelas_grupos: instalmentGroups(instalments.map((instalment) => instalment.amountCents)),
    bens: goods,
    parcelas: instalments.map((instalment, index) => ({
      numero: instalment.number,
      vencimento: instalment.dueDate,
      valor: instalment.amountCents,
      juros: instalment.interestCents,
      amortizacao: instalment.principalCents,
      saldo: balances[index]?.balanceAfterCents ?? 0,
    })),
    total_parcelas: plan.totalCents,
    // A financed fee is inside the instalments: counted once.
    total_com_financiamento: plan.downPaymentCents + (plan.feePaidWith === "financed" ? 0 : plan.feeCents) + plan.totalCents,
    total_sem_financiamento: plan.cashPriceCents,
    multa: formatRate(plan.lateFeeBasisPoints),
    juros_mora: formatRate(plan.lateInterestMonthlyBasisPoints),
  };
}

/** What the plan finances, as the contract names it (CDC art. 52): the sale's items, the order's lines, the debt's description. */
async function goodsOfInTx(tx: Transaction, plan: typeof creditPlans.$inferSelect) {
  let saleId = plan.saleId;
  if (plan.debtId !== null) {
    const [debt] = await tx
      .select({ saleId: debts.saleId, description: debts.description })
      .from(debts)
      .where(eq(debts.id, plan.debtId));
    if (!debt?.saleId) return debt ? [{ descricao: debt.description, quantidade: 1 }] : [];
    saleId = debt.saleId;
  }
  if (saleId !== null) {
    const items = await tx
      .select({ descricao: saleItems.description, quantidade: saleItems.quantity })
      .from(saleItems)
      .where(eq(saleItems.saleId, saleId))
      .orderBy(asc(saleItems.position), asc(saleItems.id));
    return items;
  }
  if (plan.serviceOrderId === null) return [];
  return tx
    .select({ descricao: serviceOrderLines.description, quantidade: serviceOrderLines.quantity })
    .from(serviceOrderLines)
    .where(eq(serviceOrderLines.orderId, plan.serviceOrderId))
    .orderBy(asc(serviceOrderLines.id));
}

async function readContractDataInTx(tx: Transaction, planId: number) {
  const [row] = await tx
    .select({
      plan: creditPlans,
      name: customers.name,
      phone: customers.phone,
      document: customers.document,
      address: customers.address,
    })
    .from(creditPlans)
    .innerJoin(customers, eq(customers.id, creditPlans.customerId))
    .where(eq(creditPlans.id, planId));
  if (!row) return null;
  const instalments = await tx
    .select()
    .from(creditInstalments)
    .where(eq(creditInstalments.planId, planId))
    .orderBy(asc(creditInstalments.number));
  return {
    loja: await readShopDataInTx(tx, row.plan),
    contrato: contractData(row.plan, row, instalments, await goodsOfInTx(tx, row.plan)),
  };
}

/** The contract stored as issued in the plan's transaction: every later copy prints what was signed. */
export async function issueCreditContractInTx(tx: Transaction, actor: Actor, planId: number) {
  const data = await readContractDataInTx(tx, planId);
  if (!data) throw new Error(`crediário ${planId} sumiu antes do contrato`);
  await issueDocumentInTx(tx, actor, { kind: CREDIT_CONTRACT_KIND, subject: subjectOf(planId), data });
}

/** The plan's contract for a paper, as issued; a plan made without one (the demo's) gets it issued now. Null when no such plan. */
export async function printCreditContract(actor: Actor, planId: number, paper: Paper) {
  assertStaffActor(actor);
  const issued = await findIssuedDocument(CREDIT_CONTRACT_KIND, subjectOf(planId), paper);
  if (issued) return issued;
  const db = await getDb();
  const [plan] = await db.select({ id: creditPlans.id }).from(creditPlans).where(eq(creditPlans.id, planId));
  if (!plan) return null;
  await inTransaction((tx) => issueCreditContractInTx(tx, actor, planId));
  return findIssuedDocument(CREDIT_CONTRACT_KIND, subjectOf(planId), paper);
}
