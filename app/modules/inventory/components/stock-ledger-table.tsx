import type { StockMovementKind } from "~/db/schema/inventory";
import { formatDateTime } from "~/lib/dates";
import { formatCents } from "~/lib/money";

export const MOVEMENT_KIND_LABELS: Record<StockMovementKind, string> = {
  entry: "Entrada",
  sale: "Venda",
  "order-part": "Peça de OS",
  return: "Devolução",
  adjustment: "Ajuste",
  count: "Inventário",
  cancel: "Cancelamento",
};

export type LedgerRow = {
  id: number;
  kind: StockMovementKind;
  quantity: number;
  unitCostCents: number;
  balanceAfter: number;
  averageCostAfterCents: number;
  supplier: string;
  reason: string;
  origin: string;
  actorLabel: string;
  createdAt: Date | string;
  serial: string | null;
};

/** Where a movement came from, as words and a link when it is a page of ours. */
function originLink(origin: string): { label: string; href: string | null } | null {
  const [entity, id] = origin.split(":");
  if (!entity || !id) return null;
  if (entity === "stock_count") return { label: `Inventário nº ${id}`, href: `/inventory/contagem/${id}` };
  if (entity === "service_order") return { label: `OS nº ${id}`, href: `/service-orders/${id}/edit` };
  if (entity === "sale") return { label: `Venda nº ${id}`, href: null };
  return null;
}

/** The product's statement: each movement with the balance and average cost right after it, newest first. */
export function StockLedgerTable({ rows }: { rows: LedgerRow[] }) {
  if (rows.length === 0) return <p className="text-slate-700">Nenhuma movimentação ainda.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">Extrato de estoque, do mais recente ao mais antigo</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              Data
            </th>
            <th scope="col" className="px-3 py-2">
              Movimento
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Qtd.
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Custo un.
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Saldo
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Custo médio
            </th>
            <th scope="col" className="px-3 py-2">
              Detalhe
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => {
            const origin = originLink(row.origin);
            const details = [row.serial ? `IMEI/série ${row.serial}` : "", row.supplier, row.reason].filter(Boolean).join(" · ");
            return (
              <tr key={row.id}>
                <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(row.createdAt)}</td>
                <td className="px-3 py-2">{MOVEMENT_KIND_LABELS[row.kind]}</td>
                <td
                  className={`px-3 py-2 text-right font-medium tabular-nums ${row.quantity < 0 ? "text-red-700" : "text-emerald-700"}`}
                >
                  {row.quantity > 0 ? `+${row.quantity}` : row.quantity}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{formatCents(row.unitCostCents)}</td>
                <td className="px-3 py-2 text-right font-semibold tabular-nums">{row.balanceAfter}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatCents(row.averageCostAfterCents)}</td>
                <td className="px-3 py-2 text-slate-700">
                  {details}
                  {origin ? (
                    <>
                      {details ? " · " : ""}
                      {origin.href ? (
                        <a href={origin.href} className="text-brand-700 underline underline-offset-2">
                          {origin.label}
                        </a>
                      ) : (
                        origin.label
                      )}
                    </>
                  ) : null}
                  <span className="block text-xs text-slate-500">{row.actorLabel}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
