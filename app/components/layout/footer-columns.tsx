import { Link } from "react-router";
import { formatPhone } from "~/lib/phone";
import { documentKind, DOCUMENT_LABELS } from "~/modules/customers/document";
import { describeClosure, describeWeeklyHours } from "~/modules/shop-settings/opening-hours";
import type { RootData } from "./root-data";
import { SITE_NAVIGATION } from "./site-navigation";
import { FOOTER_LINK_CLASS } from "./site-footer";
import { SocialLinksList } from "./social-icons";

/** The footer's Navegação, Serviços and Contato columns. */
export function FooterColumns({ shop }: { shop: RootData["shop"] }) {
  return (
    <>
      <nav aria-label="Rodapé">
        <h2 className="mb-3 font-semibold text-white">Navegação</h2>
        <ul className="space-y-2 text-sm">
          {SITE_NAVIGATION.filter((entry) => entry.to !== "/consultar").map((entry) => (
            <li key={entry.to}>
              <Link to={entry.to} className={FOOTER_LINK_CLASS}>
                {entry.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {shop.services.length > 0 ? (
        <div>
          <h2 className="mb-3 font-semibold text-white">Serviços</h2>
          <ul className="space-y-2 text-sm">
            {shop.services.map((service, index) => (
              <li key={index} className="break-words">
                {service}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <h2 className="mb-3 font-semibold text-white">Contato</h2>
        <address className="space-y-2 text-sm not-italic">
          <p>
            {shop.address}, {shop.city} – {shop.state}
          </p>
          <p>
            <a href={`mailto:${shop.email}`} className={FOOTER_LINK_CLASS}>
              {shop.email}
            </a>
          </p>
          {shop.phones.length > 0 ? (
            <ul aria-label="Telefones">
              {shop.phones.map((phone) => (
                <li key={phone}>
                  <a href={`tel:+55${phone}`} className={FOOTER_LINK_CLASS}>
                    {formatPhone(phone)}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <p>Respondemos em até 24h.</p>
          <ul aria-label="Horário de atendimento">
            {describeWeeklyHours(shop.weeklyHours).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {shop.closures.length > 0 ? (
            <ul aria-label="Feriados e fechamentos">
              {shop.closures.map((closure) => (
                <li key={closure.date}>{describeClosure(closure)}</li>
              ))}
            </ul>
          ) : null}
        </address>
      </div>
    </>
  );
}

/** Under the columns: the social profiles, legal name, CNPJ and copyright. */
export function FooterLegal({ shop }: { shop: RootData["shop"] }) {
  return (
    <>
      <SocialLinksList links={shop.socialLinks} className="mb-4 flex justify-center gap-3" />
      {shop.isDemonstration ? (
        <p className="mb-2 text-sm font-semibold text-amber-300">Site de demonstração: a loja e os dados são fictícios.</p>
      ) : null}
      <p>
        {shop.legalName} — {DOCUMENT_LABELS[documentKind(shop.cnpj) ?? "cnpj"]} {shop.cnpj}
      </p>
      <p className="mt-1">
        © 2024–{shop.currentYear} {shop.name}. Todos os direitos reservados.
      </p>
    </>
  );
}
