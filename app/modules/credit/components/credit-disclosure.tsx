import { formatDate } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { formatRate, type CreditDisclosure } from "../plan-terms";

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 border-b border-slate-100 py-1.5 last:border-0">
      <dt className="text-slate-700">{label}</dt>
      <dd className="font-medium text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * What the consumer must read before signing (CDC art. 52 and 54-B): cash
 * price, amount financed, monthly and yearly effective rates, the CET and
 * its components, the instalments with their dates, the totals with and
 * without financing, the late charges, the right to pay early with the
 * interest reduced, who lends and until when the offer holds. `compact`
 * leaves the schedule as one line (the sale screen).
 */
export function CreditDisclosurePanel({ disclosure, compact = false }: { disclosure: CreditDisclosure; compact?: boolean }) {
  const { supplier } = disclosure;
  const last = disclosure.instalments.at(-1);
  const differs = last && last.amountCents !== disclosure.instalmentCents;
  return (
    <section
      aria-labelledby="informacoes-credito"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      data-testid="credit-disclosure"
    >
      <h2 id="informacoes-credito" className="text-lg font-semibold text-slate-900">
        Informações do crediário (CDC, arts. 52 e 54-B)
      </h2>
      <dl className="text-sm">
        <Row label="Preço à vista" value={formatCents(disclosure.cashPriceCents)} />
        {disclosure.downPaymentCents > 0 ? <Row label="Entrada" value={formatCents(disclosure.downPaymentCents)} /> : null}
        <Row label="Valor financiado" value={formatCents(disclosure.financedCents)} testId="disclosure-financed" />
        <Row
          label="Taxa de juros efetiva"
          value={`${formatRate(disclosure.monthlyRateBasisPoints)} a.m. · ${formatRate(disclosure.yearlyRateBasisPoints)} a.a.`}
          testId="disclosure-rate"
        />
        <Row
          label="Custo Efetivo Total (CET)"
          value={`${formatRate(disclosure.cetMonthlyBasisPoints)} a.m. · ${formatRate(disclosure.cetYearlyBasisPoints)} a.a.`}
          testId="disclosure-cet"
        />
        <Row
          label="Composição do CET"
          value={`juros ${formatCents(disclosure.interestCents)} · tarifa ${formatCents(disclosure.feeCents)}`}
        />
        {disclosure.feeCents > 0 ? (
          <Row
            label="Tarifa de cadastro"
            value={disclosure.feeFinanced ? "financiada: incluída no valor financiado" : "paga pelo cliente na contratação"}
            testId="disclosure-fee"
          />
        ) : null}
        <Row
          label="Parcelas"
          value={`${disclosure.instalmentCount} × ${formatCents(disclosure.instalmentCents)}${differs ? ` (a última ${formatCents(last.amountCents)})` : ""}`}
          testId="disclosure-instalments"
        />
        <Row
          label="Vencimentos"
          value={`${formatDate(disclosure.instalments[0]!.dueDate)}${last && disclosure.instalmentCount > 1 ? ` a ${formatDate(last.dueDate)}, todo mês` : ""}`}
        />
        <Row label="Total a prazo" value={formatCents(disclosure.totalWithFinancingCents)} testId="disclosure-total-financed" />
        <Row label="Total à vista" value={formatCents(disclosure.totalWithoutFinancingCents)} />
        <Row
          label="Atraso"
          value={`multa de ${formatRate(disclosure.lateFeeBasisPoints)} + juros de ${formatRate(disclosure.lateInterestMonthlyBasisPoints)} a.m.`}
        />
        <Row label="Oferta válida até" value={formatDate(disclosure.offerValidUntil)} />
      </dl>
      <p className="text-sm text-slate-700">
        O cliente pode pagar antes do vencimento, no todo ou em parte, com redução proporcional dos juros (CDC art. 52, § 2º).
        Credor: {supplier.legalName || supplier.name}, {supplier.address}, {supplier.email}.
      </p>
      {compact ? null : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[28rem] text-sm">
            <caption className="sr-only">Parcelas do crediário</caption>
            <thead>
              <tr className="border-b border-slate-200 text-left text-slate-700">
                <th scope="col" className="py-1 pr-2">
                  Nº
                </th>
                <th scope="col" className="py-1 pr-2">
                  Vencimento
                </th>
                <th scope="col" className="py-1 pr-2 text-right">
                  Valor
                </th>
                <th scope="col" className="py-1 pr-2 text-right">
                  Juros
                </th>
                <th scope="col" className="py-1 pr-2 text-right">
                  Amortização
                </th>
                <th scope="col" className="py-1 text-right">
                  Saldo
                </th>
              </tr>
            </thead>
            <tbody>
              {disclosure.instalments.map((instalment) => (
                <tr key={instalment.number} className="border-b border-slate-100 tabular-nums">
                  <td className="py-1 pr-2">{instalment.number}</td>
                  <td className="py-1 pr-2">{formatDate(instalment.dueDate)}</td>
                  <td className="py-1 pr-2 text-right">{formatCents(instalment.amountCents)}</td>
                  <td className="py-1 pr-2 text-right">{formatCents(instalment.interestCents)}</td>
                  <td className="py-1 pr-2 text-right">{formatCents(instalment.principalCents)}</td>
                  <td className="py-1 text-right">{formatCents(instalment.balanceAfterCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
