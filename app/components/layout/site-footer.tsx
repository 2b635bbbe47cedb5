import { Link } from "react-router";
import { formatPhone } from "~/lib/phone";
import { describeWeeklyHours } from "~/modules/shop-settings/opening-hours";
import type { RootData } from "./root-data";
import { SITE_NAVIGATION } from "./site-navigation";

export function SiteFooter({ shop }: { shop: RootData["shop"] }) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <nav aria-label="Rodapé">
          <h2 className="mb-3 font-semibold text-white">Navegação</h2>
          <ul className="space-y-2 text-sm">
            {SITE_NAVIGATION.filter((entry) => entry.to !== "/consultar").map((entry) => (
              <li key={entry.to}>
                <Link to={entry.to} className="hover:text-white hover:underline">
                  {entry.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 font-semibold text-white">Serviços</h2>
          <ul className="space-y-2 text-sm">
            <li>Conserto de celulares</li>
            <li>Gráfica rápida</li>
            <li>Serviços expressos</li>
          </ul>
        </div>
        <div>
          <h2 className="mb-3 font-semibold text-white">Contato</h2>
          <address className="space-y-2 text-sm not-italic">
            <p>
              {shop.address}, {shop.city} – {shop.state}
            </p>
            <p>
              <a href={`mailto:${shop.email}`} className="hover:text-white hover:underline">
                {shop.email}
              </a>
            </p>
            <p>Respondemos em até 24h.</p>
            <ul>
              {describeWeeklyHours(shop.weeklyHours).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </address>
        </div>
        <div>
          <h2 className="mb-3 font-semibold text-white">WhatsApp</h2>
          <p className="text-sm">{formatPhone(shop.whatsapp)}</p>
        </div>
      </div>
      <div className="border-t border-slate-800 px-4 py-4 text-center text-xs text-slate-400">
        <p>
          {shop.legalName} — CNPJ {shop.cnpj}
        </p>
        <p>© 2024–{shop.currentYear} {shop.name}. Todos os direitos reservados.</p>
      </div>
    </footer>
  );
}
