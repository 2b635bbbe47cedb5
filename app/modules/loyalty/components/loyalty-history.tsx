import { Link } from "react-router";
import { formatDate } from "~/lib/dates";
import type { LoyaltyHistoryRow } from "../queries.server";
import { signedPoints } from "./points-text";

/** The ledger's lines, newest first: what moved the points, when, and (for staff) who. */
export function LoyaltyHistory({ rows, isStaff = false }: { rows: readonly LoyaltyHistoryRow[]; isStaff?: boolean }) {
  if (rows.length === 0) return <p className="text-slate-700">Nenhum movimento de pontos ainda.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white" aria-label="Extrato de pontos">
      {rows.map((row) => (
        <li key={row.id} className="flex flex-wrap items-start justify-between gap-2 px-3 py-2 text-sm">
          <span className="space-y-0.5">
            <span className="block font-medium text-slate-900">
              {row.kindLabel}
              {isStaff && row.serviceOrderId !== null ? (
                <>
                  {" · "}
                  <Link className="underline" to={`/service-orders/${row.serviceOrderId}/edit`}>
                    OS nº {row.serviceOrderId}
                  </Link>
                </>
              ) : row.serviceOrderId !== null ? (
                ` · OS nº ${row.serviceOrderId}`
              ) : null}
            </span>
            <span className="block text-slate-700">
              {formatDate(row.occurredAt)}
              {row.description ? ` · ${row.description}` : ""}
              {row.reason ? ` · Motivo: ${row.reason}` : ""}
              {isStaff ? ` · ${row.actorLabel}` : ""}
            </span>
            {row.points > 0 && row.expiresAt ? (
              <span className="block text-xs text-slate-600">Válidos até {formatDate(row.expiresAt)}</span>
            ) : null}
          </span>
          <strong className={row.points < 0 ? "text-red-800" : "text-emerald-800"}>{signedPoints(row.points)}</strong>
        </li>
      ))}
    </ul>
  );
}
