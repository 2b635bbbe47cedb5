import { cx } from "~/lib/class-names";
import { formatCents } from "~/lib/money";
import type { MonthResult, ResultSection } from "../report.server";

/** An amount as its effect on the result: "− R$ 15,00" for what it takes. */
function signed(cents: number) {
  return cents < 0 ? `− ${formatCents(-cents)}` : formatCents(cents);
}

function Line({ label, cents, testId }: { label: string; cents: number; testId?: string }) {
  return (
    <tr data-testid={testId}>
      <td className="py-1.5 pr-3 pl-4 text-slate-700">{label}</td>
      <td className="py-1.5 text-right tabular-nums text-slate-800">{signed(cents)}</td>
    </tr>
  );
}

function Total({ label, cents, testId, isFinal = false }: { label: string; cents: number; testId: string; isFinal?: boolean }) {
  return (
    <tr data-testid={testId} className={cx("border-t border-slate-300", isFinal ? "text-lg" : "")}>
      <th scope="row" className="py-2 pr-3 text-left font-semibold text-slate-900">
        {label}
      </th>
      <td className={cx("py-2 text-right font-semibold tabular-nums", cents < 0 ? "text-red-700" : "text-slate-900")}>
        {signed(cents)}
      </td>
    </tr>
  );
}

function Section({ title, section, testId }: { title: string; section: ResultSection; testId: string }) {
  return (
    <>
      <tr data-testid={testId}>
        <th scope="rowgroup" className="pt-3 pb-1 text-left font-semibold text-slate-900">
          {title}
        </th>
        <td className="pt-3 pb-1 text-right font-semibold tabular-nums text-slate-900">{signed(section.totalCents)}</td>
      </tr>
      {section.lines.map((line) => (
        <Line key={line.categoryId} label={line.name} cents={line.resultCents} />
      ))}
    </>
  );
}

/**
 * The month result (DRE simplificada) in the order Brazilian small
 * businesses read it, each subtotal under what makes it.
 */
export function MonthResultTable({ result }: { result: MonthResult }) {
  return (
    <table className="w-full text-sm" data-testid="month-result">
      <caption className="sr-only">Resultado do mês, regime de caixa</caption>
      <tbody>
        <Section title="Receita bruta" section={result.grossRevenue} testId="result-gross-revenue" />
        <Section title="(−) Deduções" section={result.deductions} testId="result-deductions" />
        <Total label="= Receita líquida" cents={result.netRevenueCents} testId="result-net-revenue" />
        <tr>
          <th scope="rowgroup" className="pt-3 pb-1 text-left font-semibold text-slate-900">
            (−) Custo das peças e mercadorias vendidas
          </th>
          <td className="pt-3 pb-1 text-right font-semibold tabular-nums text-slate-900">
            {signed(result.costOfGoods.totalCents)}
          </td>
        </tr>
        <Line
          label="Custo do estoque vendido e usado em OS"
          cents={result.costOfGoods.stockLedgerCents}
          testId="result-stock-cost"
        />
        {result.costOfGoods.lines.map((line) => (
          <Line key={line.categoryId} label={line.name} cents={line.resultCents} />
        ))}
        <Total label="= Lucro bruto" cents={result.grossProfitCents} testId="result-gross-profit" />
        <Section title="(−) Despesas operacionais" section={result.operatingExpenses} testId="result-operating-expenses" />
        <Total label="= Resultado operacional" cents={result.operatingResultCents} testId="result-operating-result" />
        <Section title="(±) Outros resultados" section={result.otherResults} testId="result-other" />
        <Total label="= Resultado do mês" cents={result.resultCents} testId="result-final" isFinal />
      </tbody>
    </table>
  );
}
