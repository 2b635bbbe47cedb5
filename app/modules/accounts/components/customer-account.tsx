import { BadgePercent, Smartphone } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "~/components/ui/empty-state";

/** "Minha conta": the customer's own area. */
export function CustomerAccount({ fullName, email }: { fullName: string; email: string }) {
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Minha conta</h1>
        <p className="mt-1 text-slate-700">
          Olá{fullName ? `, ${fullName}` : ""}! Você entrou como <strong>{email}</strong>.
        </p>
      </div>
      <section aria-labelledby="meus-consertos" className="space-y-3">
        <h2 id="meus-consertos" className="text-lg font-semibold text-slate-900">
          Meus consertos
        </h2>
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
      </section>
      <section aria-labelledby="meus-pontos" className="space-y-3">
        <h2 id="meus-pontos" className="text-lg font-semibold text-slate-900">
          Fidelidade
        </h2>
        <Link
          to="/fidelidade"
          className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-4 hover:bg-slate-50"
        >
          <BadgePercent aria-hidden className="size-6 text-brand-700" />
          <span>Ver meus pontos e meu nível</span>
        </Link>
      </section>
    </div>
  );
}
