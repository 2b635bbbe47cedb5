import { ChevronRight, Smartphone } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { EmptyState } from "~/components/ui/empty-state";
import { formatDate } from "~/lib/dates";
import { formatCents } from "~/lib/money";

/** One of the customer's repairs as "Minha conta" lists it (service-orders' listAccountServiceOrders). */
export type OwnRepair = {
  id: number;
  device: string;
  statusLabel: string;
  isDelivered: boolean;
  promisedDate: string | null;
  balanceCents: number;
  createdAt: string;
  trackingPath: string;
};

/** "Minha conta": the customer's own area; `children` are other areas' sections (the crediário's), after the repairs. */
export function CustomerAccount({
  fullName,
  email,
  repairs,
  children,
}: {
  fullName: string;
  email: string;
  repairs: OwnRepair[];
  children?: ReactNode;
}) {
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Minha conta</h1>
        <p className="mt-1 text-slate-700">
          Olá{fullName ? `, ${fullName}` : ""}! Você entrou como <strong>{email}</strong>.
        </p>
        <Link to="/minha-conta/dados" className="mt-1 inline-block text-sm text-brand-700 underline">
          Meus dados (LGPD): baixar ou pedir exclusão
        </Link>
      </div>
      <section aria-labelledby="meus-consertos" className="space-y-3">
        <h2 id="meus-consertos" className="text-lg font-semibold text-slate-900">
          Meus consertos
        </h2>
        {repairs.length === 0 ? (
          <EmptyState icon={<Smartphone aria-hidden className="size-8" />} title="Nenhum conserto ligado à sua conta">
            <p>
              Os consertos feitos com este e-mail aparecerão aqui. Enquanto isso, acompanhe um conserto com o código do seu recibo
              em{" "}
              <Link to="/consultar" className="text-brand-700 underline">
                Consultar Meu Conserto
              </Link>
              .
            </p>
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {repairs.map((repair) => (
              <li key={repair.id}>
                <a href={repair.trackingPath} className="flex items-center gap-3 p-4 hover:bg-slate-50">
                  <div className="min-w-0 flex-1 space-y-1">
                    <p className="font-semibold text-slate-900">
                      OS nº {repair.id} · {repair.device}
                    </p>
                    <p className="text-sm text-slate-700">
                      <span className="font-medium text-slate-900">{repair.statusLabel}</span>
                      {" · "}entrada em {formatDate(repair.createdAt)}
                      {!repair.isDelivered && repair.promisedDate ? ` · previsão ${formatDate(repair.promisedDate)}` : ""}
                      {repair.balanceCents > 0 ? ` · saldo ${formatCents(repair.balanceCents)}` : ""}
                    </p>
                  </div>
                  <span className="flex shrink-0 items-center gap-1 text-sm font-medium text-brand-700">
                    Acompanhar
                    <ChevronRight aria-hidden className="size-4" />
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      {children}
    </div>
  );
}
