import { asc, eq, inArray, sql } from "drizzle-orm";
import { inTransaction, type Transaction } from "~/db/client.server";
import { profiles } from "~/db/schema/accounts";
import { user } from "~/db/schema/auth";
import { registerEntries, saleItems, saleReturns, sales, storeCreditMovements } from "~/db/schema/cash-register";
import { creditInstalments, creditPayments, creditPlans, debtContacts, debtPayments, debts } from "~/db/schema/credit";
import { customers } from "~/db/schema/customers";
import { issuedDocuments } from "~/db/schema/print-documents";
import { dataDeletionRequests } from "~/db/schema/privacy";
import { serviceOrderLines, serviceOrderPayments, serviceOrderStatusEvents, serviceOrders } from "~/db/schema/service-orders";
import { warranties } from "~/db/schema/warranties";
import { MAX_ID } from "~/lib/forms";
import { formatCents } from "~/lib/money";
import { assertOwnerActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { customerIdsOfAccount } from "~/modules/customers/account-links.server";
import { accountsOfCustomersInTx } from "./anonymise.server";
import { PrivacyCustomerNotFoundError } from "./errors";
import { withoutSecrets } from "./redaction";

const money = (cents: number | null | undefined) => (cents === null || cents === undefined ? null : formatCents(cents));
const when = (value: Date | string | null | undefined) => (value instanceof Date ? value.toISOString() : (value ?? null));
const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2).replace(".", ",")}%`;
const ids = (values: readonly number[]) => (values.length ? values : [-1]);

/** snake_case → camelCase for a table this module does not own (the loyalty ledger), read as it is. */
const camel = (key: string) => key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

async function loyaltyEntriesOf(tx: Transaction, customerIds: readonly number[]) {
  const [exists] = (await tx.execute(sql`select to_regclass('public.loyalty_entries') is not null as "exists"`)).rows as {
    exists: boolean;
  }[];
  if (!exists?.exists || customerIds.length === 0) return null;
  const rows = (
    await tx.execute(
      sql`select * from loyalty_entries where customer_id in (${sql.join(
        customerIds.map((id) => sql`${id}`),
        sql`, `,
      )}) order by 1`,
    )
  ).rows as Record<string, unknown>[];
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [camel(key), when(value as Date)])));
}

/**
 * Everything the shop holds about a person (LGPD arts. 18 II and 19): their
 * sign-in account, customer records and consents, orders, sales, register
 * payments, crediário plans and payments, debts, store credit, warranties,
 * the documents issued to them, loyalty points and deletion requests, with
 * readable Portuguese field names. Never an unlock code, a password, a
 * token or a session (withoutSecrets drops any such key a document's data
 * may hold).
 */
async function collectInTx(tx: Transaction, customerIds: number[], userIds: string[]) {
  const accounts = userIds.length
    ? await tx
        .select({
          id: user.id,
          name: user.name,
          email: user.email,
          emailVerified: user.emailVerified,
          createdAt: user.createdAt,
          fullName: profiles.fullName,
        })
        .from(user)
        .leftJoin(profiles, eq(profiles.userId, user.id))
        .where(inArray(user.id, userIds))
    : [];
  const records = await tx
    .select()
    .from(customers)
    .where(inArray(customers.id, ids(customerIds)))
    .orderBy(asc(customers.id));
  const orders = await tx
    .select()
    .from(serviceOrders)
    .where(inArray(serviceOrders.customerId, ids(customerIds)))
    .orderBy(asc(serviceOrders.id));
  const orderIds = orders.map(({ id }) => id);
  const [lines, orderPayments, events] = await Promise.all([
    tx
      .select()
      .from(serviceOrderLines)
      .where(inArray(serviceOrderLines.orderId, ids(orderIds)))
      .orderBy(asc(serviceOrderLines.position)),
    tx
      .select()
      .from(serviceOrderPayments)
      .where(inArray(serviceOrderPayments.orderId, ids(orderIds)))
      .orderBy(asc(serviceOrderPayments.paidAt)),
    tx
      .select()
      .from(serviceOrderStatusEvents)
      .where(inArray(serviceOrderStatusEvents.orderId, ids(orderIds)))
      .orderBy(asc(serviceOrderStatusEvents.createdAt)),
  ]);
  const saleRows = await tx
    .select()
    .from(sales)
    .where(inArray(sales.customerId, ids(customerIds)))
    .orderBy(asc(sales.id));
  const saleIds = saleRows.map(({ id }) => id);
  const [items, returns, entries] = await Promise.all([
    tx
      .select()
      .from(saleItems)
      .where(inArray(saleItems.saleId, ids(saleIds)))
      .orderBy(asc(saleItems.position)),
    tx
      .select()
      .from(saleReturns)
      .where(inArray(saleReturns.saleId, ids(saleIds))),
    tx
      .select()
      .from(registerEntries)
      .where(inArray(registerEntries.customerId, ids(customerIds)))
      .orderBy(asc(registerEntries.createdAt)),
  ]);
  const plans = await tx
    .select()
    .from(creditPlans)
    .where(inArray(creditPlans.customerId, ids(customerIds)))
    .orderBy(asc(creditPlans.id));
  const planIds = plans.map(({ id }) => id);
  const [instalments, planPayments] = await Promise.all([
    tx
      .select()
      .from(creditInstalments)
      .where(inArray(creditInstalments.planId, ids(planIds)))
      .orderBy(asc(creditInstalments.number)),
    tx
      .select()
      .from(creditPayments)
      .where(inArray(creditPayments.planId, ids(planIds)))
      .orderBy(asc(creditPayments.paidAt)),
  ]);
  const debtRows = await tx
    .select()
    .from(debts)
    .where(inArray(debts.customerId, ids(customerIds)))
    .orderBy(asc(debts.id));
  const debtIds = debtRows.map(({ id }) => id);
  const [paidDebts, contacts, storeCredit, warrantyRows] = await Promise.all([
    tx
      .select()
      .from(debtPayments)
      .where(inArray(debtPayments.debtId, ids(debtIds))),
    tx
      .select()
      .from(debtContacts)
      .where(inArray(debtContacts.customerId, ids(customerIds)))
      .orderBy(asc(debtContacts.contactedAt)),
    tx
      .select()
      .from(storeCreditMovements)
      .where(inArray(storeCreditMovements.customerId, ids(customerIds))),
    tx
      .select()
      .from(warranties)
      .where(inArray(warranties.customerId, ids(customerIds)))
      .orderBy(asc(warranties.id)),
  ]);
  const subjects = [
    ...orderIds.map((id) => `service_order:${id}`),
    ...planIds.map((id) => `credit_plan:${id}`),
    ...warrantyRows.map(({ id }) => `warranty:${id}`),
    ...saleIds.map((id) => `sale:${id}`),
  ];
  const documents = subjects.length
    ? await tx
        .select({
          id: issuedDocuments.id,
          kind: issuedDocuments.kind,
          subject: issuedDocuments.subject,
          data: issuedDocuments.data,
          issuedAt: issuedDocuments.issuedAt,
        })
        .from(issuedDocuments)
        .where(inArray(issuedDocuments.subject, subjects))
        .orderBy(asc(issuedDocuments.issuedAt))
    : [];
  const requests = userIds.length
    ? await tx.select().from(dataDeletionRequests).where(inArray(dataDeletionRequests.userId, userIds))
    : [];

  return withoutSecrets({
    geradoEm: new Date().toISOString(),
    sobre:
      "Todos os dados que a loja guarda sobre você (LGPD, art. 18). Valores em reais; datas e horas em UTC (ISO 8601). Códigos de desbloqueio de aparelhos e senhas nunca são incluídos.",
    contas: accounts.map((account) => ({
      nome: account.fullName || account.name,
      email: account.email,
      emailConfirmado: account.emailVerified,
      criadaEm: when(account.createdAt),
    })),
    cadastros: records.map((row) => ({
      numero: row.id,
      nome: row.name,
      telefone: row.phone,
      cpfOuCnpj: row.document,
      email: row.email,
      cep: row.cep,
      endereco: row.address,
      bairro: row.district,
      cidade: row.city,
      estado: row.state,
      observacoesDaLoja: row.notes,
      indicadoPeloCliente: row.referredByCustomerId,
      criadoEm: when(row.createdAt),
      atualizadoEm: when(row.updatedAt),
    })),
    consentimentos: records.map((row) => ({
      cadastro: row.id,
      tipo: "Receber ofertas e novidades (marketing)",
      autorizado: row.marketingConsent,
      autorizadoEm: when(row.marketingConsentAt),
    })),
    ordensDeServico: orders.map((order) => ({
      numero: order.id,
      codigoDeAcompanhamento: order.trackingCode,
      situacao: order.status,
      aparelho: {
        tipo: order.deviceType,
        marca: order.brand,
        modelo: order.model,
        imeiOuSerie: order.imeiOrSerial,
        cor: order.color,
      },
      acessorios: order.accessories,
      estadoNaEntrada: order.conditionChecklist,
      observacoesDoEstado: order.conditionNotes,
      defeitoRelatado: order.reportedDefect,
      diagnostico: order.diagnosis,
      aparelhoTinhaBloqueioDeTela: order.unlockKind !== null,
      itens: lines
        .filter((line) => line.orderId === order.id)
        .map((line) => ({
          tipo: line.kind === "part" ? "peça" : "serviço",
          descricao: line.description,
          quantidade: line.quantity,
          precoUnitario: money(line.unitPriceCents),
        })),
      totalDosItens: money(order.linesTotalCents),
      desconto: money(order.discountCents),
      pago: money(order.paidCents),
      pagamentos: orderPayments
        .filter((payment) => payment.orderId === order.id)
        .map((payment) => ({
          forma: payment.method,
          valor: money(payment.amountCents),
          sinal: payment.isDeposit,
          pagoEm: when(payment.paidAt),
          observacao: payment.note,
        })),
      historico: events
        .filter((event) => event.orderId === order.id)
        .map((event) => ({ de: event.fromStatus, para: event.toStatus, em: when(event.createdAt), observacao: event.note })),
      prazoPrometido: order.promisedDate,
      garantiaEmDias: order.warrantyDays,
      consentimentoPecasNaoOriginaisEm: when(order.partsConsentAt),
      orcamentoDecididoEm: when(order.quoteDecidedAt),
      entregueEm: when(order.deliveredAt),
      entregueA: order.deliveredTo,
      criadaEm: when(order.createdAt),
    })),
    vendas: saleRows.map((sale) => ({
      codigo: sale.code,
      situacao: sale.status === "cancelled" ? "cancelada" : "concluída",
      itens: items
        .filter((item) => item.saleId === sale.id)
        .map((item) => ({
          descricao: item.description,
          quantidade: item.quantity,
          precoUnitario: money(item.unitPriceCents),
          desconto: money(item.discountCents),
          total: money(item.totalCents),
          devolvidos: item.returnedQuantity,
        })),
      totalDosItens: money(sale.itemsTotalCents),
      desconto: money(sale.discountCents),
      total: money(sale.totalCents),
      feitaEm: when(sale.createdAt),
      canceladaEm: when(sale.cancelledAt),
      motivoDoCancelamento: sale.cancelReason,
      devolucoes: returns
        .filter((row) => row.saleId === sale.id)
        .map((row) => ({
          acerto: row.settlement === "refund" ? "reembolso" : "crédito na loja",
          valor: money(row.amountCents),
          motivo: row.reason,
          em: when(row.createdAt),
        })),
    })),
    pagamentosRecebidos: entries.map((entry) => ({
      tipo: entry.kind,
      forma: entry.method,
      valor: money(entry.amountCents),
      parcelasNoCartao: entry.instalments,
      dia: entry.businessDate,
      registradoEm: when(entry.createdAt),
      canceladoEm: when(entry.cancelledAt),
    })),
    crediario: plans.map((plan) => ({
      numero: plan.id,
      situacao: plan.status,
      valorAVista: money(plan.cashPriceCents),
      entrada: money(plan.downPaymentCents),
      tarifaDeCadastro: money(plan.feeCents),
      valorFinanciado: money(plan.financedCents),
      numeroDeParcelas: plan.instalmentCount,
      jurosAoMes: percent(plan.monthlyRateBasisPoints),
      jurosAoAno: percent(plan.yearlyRateBasisPoints),
      cetAoMes: percent(plan.cetMonthlyBasisPoints),
      cetAoAno: percent(plan.cetYearlyBasisPoints),
      valorDaParcela: money(plan.instalmentCents),
      totalAPrazo: money(plan.totalCents),
      dataDoContrato: plan.contractDate,
      canceladoEm: when(plan.cancelledAt),
      parcelas: instalments
        .filter((row) => row.planId === plan.id)
        .map((row) => ({
          numero: row.number,
          vencimento: row.dueDate,
          valor: money(row.amountCents),
          pagoPrincipal: money(row.paidPrincipalCents),
          pagoJuros: money(row.paidInterestCents),
          pagoEncargos: money(row.paidChargesCents),
          jurosDescontados: money(row.waivedInterestCents),
          quitadaEm: when(row.settledAt),
        })),
      pagamentos: planPayments
        .filter((row) => row.planId === plan.id)
        .map((row) => ({
          tipo: row.kind,
          forma: row.method,
          valor: money(row.amountCents),
          dia: row.businessDate,
          pagoEm: when(row.paidAt),
          canceladoEm: when(row.cancelledAt),
        })),
    })),
    dividas: debtRows.map((debt) => ({
      numero: debt.id,
      tipo: debt.kind === "iou" ? "fiado" : "venda a prazo",
      descricao: debt.description,
      valor: money(debt.amountCents),
      pago: money(debt.paidCents),
      dataDaDivida: debt.incurredOn,
      vencimento: debt.dueDate,
      quitadaEm: when(debt.settledAt),
      canceladaEm: when(debt.cancelledAt),
      pagamentos: paidDebts
        .filter((row) => row.debtId === debt.id)
        .map((row) => ({
          forma: row.method,
          valor: money(row.amountCents),
          dia: row.businessDate,
          canceladoEm: when(row.cancelledAt),
        })),
    })),
    contatosDeCobranca: contacts.map((row) => ({
      em: when(row.contactedAt),
      canal: row.channel,
      observacao: row.note,
      valorDevido: money(row.owedCents),
    })),
    creditoNaLoja: storeCredit.map((row) => ({ valor: money(row.amountCents), em: when(row.createdAt) })),
    garantias: warrantyRows.map((row) => ({
      numero: row.id,
      ordemDeServico: row.serviceOrderId,
      venda: row.saleId,
      item: row.itemDescription,
      imeiOuSerie: row.imeiOrSerial,
      inicio: row.startsOn,
      fim: row.endsOn,
      diasContratuais: row.contractualDays,
      cobertura: row.coverage,
      exclusoes: row.exclusions,
    })),
    documentosEmitidos: documents.map((document) => ({
      numero: document.id,
      tipo: document.kind,
      referente: document.subject,
      emitidoEm: when(document.issuedAt),
      dados: document.data,
    })),
    fidelidade: await loyaltyEntriesOf(tx, customerIds),
    solicitacoesDeExclusao: requests.map((row) => ({
      situacao: row.status === "pending" ? "aguardando" : "atendida",
      pedidaEm: when(row.requestedAt),
      prazo: row.dueOn,
      atendidaEm: when(row.completedAt),
    })),
  });
}

export type PersonalDataExport = Awaited<ReturnType<typeof collectInTx>>;

/** A signed-in person's own data: their account and the customer records it sees; audited. */
export async function exportOwnData(actor: Actor): Promise<PersonalDataExport> {
  if (actor.role === "public" || !actor.userId) throw new PrivacyCustomerNotFoundError("da conta");
  const userId = actor.userId;
  const customerIds = await customerIdsOfAccount(userId);
  return inTransaction(async (tx) => {
    const data = await collectInTx(tx, customerIds, [userId]);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "privacy.export",
      entity: "user",
      entityId: userId,
      details: { by: "self", customerIds },
    });
    return data;
  });
}

/** The owner's export of everything about one customer (and the accounts that see the record); staff are refused; audited. */
export async function exportCustomerData(actor: Actor, customerId: number): Promise<PersonalDataExport> {
  assertOwnerActor(actor, "Só o proprietário pode exportar os dados pessoais de um cliente.");
  if (!Number.isSafeInteger(customerId) || customerId < 1 || customerId > MAX_ID)
    throw new PrivacyCustomerNotFoundError(customerId);
  return inTransaction(async (tx) => {
    const [found] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
    if (!found) throw new PrivacyCustomerNotFoundError(customerId);
    const userIds = await accountsOfCustomersInTx(tx, [customerId]);
    const data = await collectInTx(tx, [customerId], userIds);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "privacy.export",
      entity: "customer",
      entityId: String(customerId),
      details: { by: "owner", accounts: userIds.length },
    });
    return data;
  });
}
