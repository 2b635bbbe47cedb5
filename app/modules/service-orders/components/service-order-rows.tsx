import { Link } from "react-router";
import { formatDate } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { formatPhone } from "~/lib/phone";
import { deviceName } from "../device-name";
import type { ServiceOrderStatus } from "../status";
import { StatusBadge } from "./status-badge";

export type ServiceOrderRowView = {
  id: number;
  status: ServiceOrderStatus;
  createdAt: Date | string;
  customerName: string;
  customerPhone: string;
  deviceType: string;
  brand: string;
  model: string;
  imeiOrSerial: string;
  balanceCents: number;
  promisedDate: string | null;
};

const ROW_COLUMNS = "md:grid-cols-[5rem_minmax(0,1.6fr)_minmax(0,1.6fr)_10rem_minmax(0,1.2fr)]";

/**
 * The orders of the list and of the search, one pattern for both: a grid of
 * rows on a desktop, stacked cards on a phone; each value carries its own
 * label for screen readers (the column titles are decoration).
 */
export function ServiceOrderRows({ rows, label }: { rows: ServiceOrderRowView[]; label: string }) {
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      <div
        aria-hidden
        className={`hidden gap-x-4 border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase md:grid ${ROW_COLUMNS}`}
      >
        <span>OS</span>
        <span>Cliente</span>
        <span>Aparelho</span>
        <span>Status</span>
        <span>Saldo · prazo</span>
      </div>
      <ul aria-label={label} className="divide-y divide-slate-200">
        {rows.map((row) => (
          <li key={row.id} className={`grid gap-x-4 gap-y-1 px-4 py-3 md:items-center ${ROW_COLUMNS}`}>
            <div>
              <Link
                to={`/service-orders/${row.id}/edit`}
                className="font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                OS nº {row.id}
              </Link>
              <p className="text-sm text-slate-600">
                <span className="sr-only">Aberta em </span>
                {formatDate(row.createdAt)}
              </p>
            </div>
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900">{row.customerName}</p>
              <p className="text-sm text-slate-600">{row.customerPhone ? formatPhone(row.customerPhone) : "Sem telefone"}</p>
            </div>
            <div className="min-w-0">
              <p className="truncate text-slate-800">{deviceName(row)}</p>
              {row.imeiOrSerial ? (
                <p className="truncate font-mono text-sm text-slate-600">
                  <span className="sr-only">IMEI ou série: </span>
                  {row.imeiOrSerial}
                </p>
              ) : null}
            </div>
            <div>
              <StatusBadge status={row.status} />
            </div>
            <dl className="flex flex-wrap gap-x-3 text-sm text-slate-700 md:block">
              <div className="flex gap-1">
                <dt className="md:sr-only">Saldo:</dt>
                <dd className={row.balanceCents > 0 ? "font-medium text-slate-900" : undefined}>
                  {formatCents(row.balanceCents)}
                </dd>
              </div>
              <div className="flex gap-1">
                <dt className="md:sr-only">Prazo:</dt>
                <dd>{row.promisedDate ? formatDate(row.promisedDate) : "—"}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
