import { whatsappLink } from "~/lib/whatsapp";
import { serviceQuoteMessage } from "~/lib/whatsapp-messages";
import { serviceIcon } from "../icons";
import type { ShopService } from "../validation";

/** 'Nossos Serviços': the shop's cards (/blog-management/servicos), in its order, each asking for a quote on WhatsApp. */
export function ServicesSection({ services, shopWhatsapp }: { services: ShopService[]; shopWhatsapp: string }) {
  if (services.length === 0) return null;
  return (
    <section id="servicos" aria-labelledby="servicos-titulo" className="bg-slate-50 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="servicos-titulo" className="text-center text-3xl font-bold text-slate-900">
          Nossos Serviços
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-700">
          Do conserto do seu celular ao site da sua empresa: soluções completas em um só lugar.
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.map(({ id, icon, title, description, details }) => {
            const Icon = serviceIcon(icon);
            return (
              <li key={id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                  <Icon aria-hidden="true" className="h-6 w-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold break-words text-slate-900">{title}</h3>
                <p className="mt-2 break-words text-slate-700">{description}</p>
                <p className="mt-2 flex-1 text-sm break-words text-slate-600">{details}</p>
                <a
                  href={whatsappLink(shopWhatsapp, serviceQuoteMessage(title))}
                  data-conversao="orcamento_servico"
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-5 inline-flex items-center gap-1 self-start font-semibold text-brand-700 hover:text-brand-800 hover:underline"
                >
                  Solicitar Orçamento <span aria-hidden="true">→</span>
                  <span className="sr-only">: {title} (abre o WhatsApp)</span>
                </a>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
