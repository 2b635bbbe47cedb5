import { formatDate } from "~/lib/dates";
import type { AccountWarranty } from "../account-warranties.server";
import { WarrantyStatusBadge } from "./warranty-status-badge";

/** "Minha conta": the customer's warranties, each with what it covers, until when, and its term's 2ª via. */
export function AccountWarranties({ warranties }: { warranties: readonly AccountWarranty[] }) {
  if (warranties.length === 0) return null;
  return (
    <section aria-labelledby="minhas-garantias" className="space-y-3">
      <h2 id="minhas-garantias" className="text-lg font-semibold text-slate-900">
        Minhas garantias
      </h2>
      <ul className="space-y-3">
        {warranties.map((warranty) => (
          <li key={warranty.id} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="min-w-0 font-semibold break-words text-slate-900">
                {warranty.itemDescription} <span className="font-normal text-slate-700">· {warranty.origin}</span>
              </h3>
              <WarrantyStatusBadge status={warranty.status} daysLeft={warranty.daysLeft} />
            </div>
            <p className="text-sm text-slate-800">
              Garantia da loja de {warranty.contractualDays} dias: de {formatDate(warranty.startsOn)} até{" "}
              <strong>{formatDate(warranty.endsOn)}</strong>. Depois, a garantia legal (CDC art. 26) vale até{" "}
              {formatDate(warranty.legalEndsOn)}.
            </p>
            <dl className="space-y-1 text-sm">
              <div>
                <dt className="font-medium text-slate-900">O que cobre</dt>
                <dd className="break-words whitespace-pre-line text-slate-700">{warranty.coverage}</dd>
              </div>
              {warranty.exclusions.trim() ? (
                <div>
                  <dt className="font-medium text-slate-900">O que não cobre</dt>
                  <dd className="break-words whitespace-pre-line text-slate-700">{warranty.exclusions}</dd>
                </div>
              ) : null}
            </dl>
            {warranty.termPath ? (
              <a href={warranty.termPath} className="inline-block text-sm font-medium text-brand-700 underline">
                Ver o termo de garantia (2ª via)<span className="sr-only"> de {warranty.itemDescription}</span>
              </a>
            ) : (
              <p className="text-sm text-slate-700">O termo impresso desta garantia está com a loja: peça uma cópia no balcão.</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
