import { ClipboardCheck, Handshake, PackageCheck, Stethoscope, Wrench } from "lucide-react";
import { Link } from "react-router";

const REPAIR_STEPS = [
  { icon: PackageCheck, title: "Entrega", text: "Traga o aparelho ao balcão e conte o que aconteceu." },
  { icon: Stethoscope, title: "Diagnóstico", text: "Avaliamos o defeito e preparamos o orçamento." },
  { icon: ClipboardCheck, title: "Aprovação do orçamento", text: "Você aprova o valor e o prazo antes de começarmos." },
  { icon: Wrench, title: "Conserto", text: "Reparamos com peças de qualidade e testamos tudo." },
  { icon: Handshake, title: "Retirada com garantia", text: "Você retira o aparelho com a garantia do serviço." },
];

/** The home page's 'Como funciona o conserto': the steps from the counter to pickup. */
export function RepairStepsSection() {
  return (
    <section aria-labelledby="como-funciona-titulo" className="px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="como-funciona-titulo" className="text-center text-3xl font-bold text-slate-900">
          Como funciona o conserto
        </h2>
        <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {REPAIR_STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="rounded-xl border border-slate-200 p-5">
              <div className="flex items-center gap-3">
                <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                  {index + 1}
                </span>
                <Icon aria-hidden="true" className="h-6 w-6 text-brand-700" />
              </div>
              <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm text-slate-700">{text}</p>
            </li>
          ))}
        </ol>
        <p className="mt-8 text-center">
          <Link to="/consultar" className="font-semibold text-brand-700 underline hover:text-brand-800">
            Já deixou seu aparelho? Consulte o andamento do conserto
          </Link>
        </p>
      </div>
    </section>
  );
}
