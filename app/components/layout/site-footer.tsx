import { Link } from "react-router";
import { formatPhone } from "~/lib/phone";
import { whatsappLink } from "~/lib/whatsapp";
import { GENERAL_GREETING } from "~/lib/whatsapp-messages";
import { describeWeeklyHours } from "~/modules/shop-settings/opening-hours";
import { QrCode } from "./qr-code";
import type { RootData } from "./root-data";
import { SITE_NAVIGATION } from "./site-navigation";
import { SocialLinksList } from "./social-icons";

/** Spec "Shared layout": the footer's three services, in this order. */
const FOOTER_SERVICES = ["Conserto de celulares", "Gráfica rápida", "Serviços expressos"];

const LINK_CLASS = "underline-offset-2 hover:text-white hover:underline";

export function SiteFooter({ shop }: { shop: RootData["shop"] }) {
  const chatLink = whatsappLink(shop.whatsapp, GENERAL_GREETING);
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <nav aria-label="Rodapé">
          <h2 className="mb-3 font-semibold text-white">Navegação</h2>
          <ul className="space-y-2 text-sm">
            {SITE_NAVIGATION.filter((entry) => entry.to !== "/consultar").map((entry) => (
              <li key={entry.to}>
                <Link to={entry.to} className={LINK_CLASS}>
                  {entry.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 font-semibold text-white">Serviços</h2>
          <ul className="space-y-2 text-sm">
            {FOOTER_SERVICES.map((service) => (
              <li key={service}>{service}</li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="mb-3 font-semibold text-white">Contato</h2>
          <address className="space-y-2 text-sm not-italic">
            <p>
              {shop.address}, {shop.city} – {shop.state}
            </p>
            <p>
              <a href={`mailto:${shop.email}`} className={LINK_CLASS}>
                {shop.email}
              </a>
            </p>
            <p>Respondemos em até 24h.</p>
            <ul aria-label="Horário de atendimento">
              {describeWeeklyHours(shop.weeklyHours).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </address>
        </div>
        <div>
          <h2 className="mb-3 font-semibold text-white">WhatsApp</h2>
          <p className="mb-3 text-sm">
            <a href={chatLink} target="_blank" rel="noopener noreferrer" className={LINK_CLASS}>
              {formatPhone(shop.whatsapp)}
            </a>
          </p>
          <QrCode value={chatLink} alt="QR code para falar no WhatsApp" />
          <p className="mt-2 text-sm">Escaneie e fale conosco</p>
        </div>
      </div>
      {/* Bottom padding keeps the last lines clear of the floating buttons on a phone. */}
      <div className="border-t border-slate-800 px-4 pt-6 pb-24 text-center text-xs text-slate-300 lg:pb-6">
        <SocialLinksList links={shop.socialLinks} className="mb-4 flex justify-center gap-3" />
        <p>
          {shop.legalName} — CNPJ {shop.cnpj}
        </p>
        <p className="mt-1">
          © 2024–{shop.currentYear} {shop.name}. Todos os direitos reservados.
        </p>
      </div>
    </footer>
  );
}
