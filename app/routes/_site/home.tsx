import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { useRootData } from "~/components/layout/root-data";

export function meta() {
  return [
    { title: "Balcão — conserto de celulares e computadores, acessórios e gráfica rápida" },
    {
      name: "description",
      content: "Assistência técnica de celulares e computadores, venda de celulares e acessórios e gráfica rápida. Acompanhe seu conserto online.",
    },
  ];
}

export default function Home() {
  const root = useRootData();
  return (
    <main id="conteudo">
      <section className="bg-gradient-to-b from-brand-800 to-brand-700 px-4 py-20 text-white">
        <div className="mx-auto max-w-4xl space-y-6 text-center">
          <h1 className="text-4xl font-bold sm:text-5xl">{root?.shop.name}</h1>
          <p className="text-lg text-brand-50">
            Conserto de celulares e computadores com garantia, acessórios, celulares e gráfica rápida — tudo num só balcão.
          </p>
          <Link to="/consultar" className={buttonClass({ variant: "accent" }, "text-lg")}>
            Consultar Meu Conserto
          </Link>
        </div>
      </section>
    </main>
  );
}
