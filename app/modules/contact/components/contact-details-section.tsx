import { Clock, Mail, MapPin, MessageCircle } from "lucide-react";
import { formatPhone } from "~/lib/phone";
import { whatsappLink } from "~/lib/whatsapp";

export type ContactDetails = {
  name: string;
  fullAddress: string;
  mapUrl: string;
  email: string;
  whatsapp: string;
  hours: string[];
};

/** /contato's 'Onde estamos': address and map link, WhatsApp, e-mail and hours. */
export function ContactDetailsSection({ shop }: { shop: ContactDetails }) {
  return (
    <section aria-labelledby="onde-estamos" className="space-y-6">
      <h2 id="onde-estamos" className="text-2xl font-bold text-slate-900">
        Onde estamos
      </h2>
      <address className="space-y-5 not-italic">
        <div className="flex gap-3">
          <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <div>
            <p className="font-medium text-slate-900">Endereço</p>
            <p className="text-slate-700">{shop.fullAddress}</p>
            <a
              href={shop.mapUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              Ver no mapa<span className="sr-only"> (abre em nova aba)</span>
            </a>
          </div>
        </div>
        <div className="flex gap-3">
          <MessageCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <div>
            <p className="font-medium text-slate-900">WhatsApp</p>
            <a
              href={whatsappLink(shop.whatsapp, `Olá! Vim pelo site da ${shop.name} e gostaria de mais informações.`)}
              target="_blank"
              rel="noopener noreferrer"
              className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              {formatPhone(shop.whatsapp)}
              <span className="sr-only"> (abre o WhatsApp em nova aba)</span>
            </a>
          </div>
        </div>
        <div className="flex gap-3">
          <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <div>
            <p className="font-medium text-slate-900">E-mail</p>
            <a href={`mailto:${shop.email}`} className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
              {shop.email}
            </a>
            <p className="text-sm text-slate-600">Respondemos em até 24h.</p>
          </div>
        </div>
        <div className="flex gap-3">
          <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <div>
            <p className="font-medium text-slate-900">Horário de atendimento</p>
            <ul className="text-slate-700">
              {shop.hours.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        </div>
      </address>
    </section>
  );
}
