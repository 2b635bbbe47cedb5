import { formatDate } from "~/lib/dates";
import type { LoyaltySummary } from "../queries.server";
import { pointsText } from "./points-text";

/** Balance, level, progress to the next level and what expires when: the customer's and the staff's view of one customer. */
export function LoyaltyStanding({
  summary,
}: {
  summary: Pick<LoyaltySummary, "points" | "level" | "next" | "expiring" | "isEnabled">;
}) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline gap-x-6 gap-y-1">
        <p className="text-3xl font-bold text-slate-900" data-testid="loyalty-points">
          {pointsText(summary.points)}
        </p>
        <p className="text-lg text-slate-800">
          Nível: <strong data-testid="loyalty-level">{summary.level?.name ?? "Sem nível ainda"}</strong>
        </p>
      </div>
      {!summary.isEnabled ? <p className="text-slate-700">O programa de fidelidade está pausado pela loja.</p> : null}
      {summary.next ? (
        <div className="space-y-1">
          <p className="text-sm text-slate-700">
            Faltam <strong>{pointsText(summary.next.missingPoints)}</strong> para o nível {summary.next.level.name}.
          </p>
          <progress
            className="h-2 w-full overflow-hidden rounded accent-emerald-600"
            aria-label={`Progresso até o nível ${summary.next.level.name}`}
            max={100}
            value={summary.next.progressPercent}
          />
        </div>
      ) : summary.level ? (
        <p className="text-sm text-slate-700">Você está no nível mais alto.</p>
      ) : null}
      {summary.expiring.length > 0 ? (
        <div>
          <h3 className="font-semibold text-slate-900">Validade dos pontos</h3>
          <ul className="text-sm text-slate-800">
            {summary.expiring.slice(0, 12).map((due) => (
              <li key={due.day}>
                {pointsText(due.points)} expiram em {formatDate(due.day)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
