import { HeartHandshake, Layers, ShieldCheck, Tags } from "lucide-react";

const REASONS = [
  { icon: ShieldCheck, title: "Qualidade garantida", text: "Peças de qualidade e garantia em todos os serviços." },
  {
    icon: HeartHandshake,
    title: "Atendimento personalizado",
    text: "Explicamos o problema e o orçamento antes de qualquer reparo.",
  },
  { icon: Layers, title: "Soluções completas", text: "Conserto, venda, gráfica e serviços digitais num só lugar." },
  { icon: Tags, title: "Preços competitivos", text: "Preço justo, combinado antes, sem surpresas na retirada." },
];

/** The home page's 'Por que nos escolher': the four badges. */
export function WhyChooseUsSection() {
  return (
    <section aria-labelledby="por-que-titulo" className="bg-slate-50 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="por-que-titulo" className="text-center text-3xl font-bold text-slate-900">
          Por que nos escolher
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {REASONS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl bg-white p-6 text-center shadow-sm">
              <Icon aria-hidden="true" className="mx-auto h-10 w-10 text-brand-700" />
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
