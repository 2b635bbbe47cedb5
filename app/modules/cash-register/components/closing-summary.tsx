import { paymentMethodLabel } from "~/lib/payment-methods";
import { cx } from "~/lib/class-names";
import { formatCents } from "~/lib/money";
import { DENOMINATIONS } from "../denominations";
import { sortedClosingTotals } from "../register-rules";

export function signedCents(cents: number) {
  return `${cents > 0 ? "+" : ""}${formatCents(cents)}`;
}

export const differenceClass = (cents: number) =>
  cents < 0 ? "text-red-700" : cents > 0 ? "text-amber-800" : "text-emerald-800";

/** A closed register's expected and counted per method, with the difference, and the cash as counted by note and coin. */
export function ClosingSummary({
  closingTotals,
  countedDenominations,
  closingNote,
}: {
  closingTotals: Record<string, { expectedCents: number; countedCents: number }>;
  countedDenominations: Record<string, number> | null;
  closingNote: string;
}) {
  const rows = sortedClosingTotals(closingTotals);
  const total = rows.reduce((sum, [, { expectedCents, countedCents }]) => sum + countedCents - expectedCents, 0);
  const counted = DENOMINATIONS.filter(({ cents }) => (countedDenominations?.[String(cents)] ?? 0) > 0);
  return (
    <div className="space-y-4">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-xs sm:text-sm" data-testid="closing-totals">
          <thead>
            <tr className="border-b border-slate-300 text-slate-700">
              <th scope="col" className="py-2 pr-1 sm:pr-3 font-medium">
                Forma
              </th>
              <th scope="col" className="px-1 py-2 sm:px-2 text-right font-medium">
                Esperado
              </th>
              <th scope="col" className="px-1 py-2 sm:px-2 text-right font-medium">
                Conferido
              </th>
              <th scope="col" className="py-2 pl-1 text-right font-medium">
                Diferença
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map(([method, { expectedCents, countedCents }]) => (
              <tr key={method} data-method={method}>
                <th scope="row" className="py-2 pr-1 sm:pr-3 font-medium text-slate-900">
                  {paymentMethodLabel(method)}
                </th>
                <td className="whitespace-nowrap px-1 py-2 sm:px-2 text-right tabular-nums">{formatCents(expectedCents)}</td>
                <td className="whitespace-nowrap px-1 py-2 sm:px-2 text-right tabular-nums">{formatCents(countedCents)}</td>
                <td
                  className={cx(
                    "whitespace-nowrap py-2 pl-1 text-right font-semibold tabular-nums",
                    differenceClass(countedCents - expectedCents),
                  )}
                >
                  {signedCents(countedCents - expectedCents)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-slate-300">
              <th scope="row" colSpan={3} className="py-2 pr-1 sm:pr-3 text-right font-semibold text-slate-900">
                Diferença total
              </th>
              <td
                className={cx("whitespace-nowrap py-2 pl-1 text-right font-bold tabular-nums", differenceClass(total))}
                data-testid="closing-total-difference"
              >
                {signedCents(total)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {counted.length > 0 ? (
        <div>
          <h3 className="mb-1 text-sm font-semibold text-slate-800">Dinheiro contado por cédula e moeda</h3>
          <ul className="flex flex-wrap gap-2 text-sm">
            {counted.map(({ cents, label }) => (
              <li key={cents} className="rounded border border-slate-200 bg-slate-50 px-2 py-1 tabular-nums">
                {countedDenominations?.[String(cents)]} × {label}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {closingNote ? (
        <p className="text-sm text-slate-800">
          <span className="font-semibold">Observação:</span> {closingNote}
        </p>
      ) : null}
    </div>
  );
}
