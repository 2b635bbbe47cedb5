import { MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { whatsappLink } from "~/lib/whatsapp";
import { GENERAL_GREETING } from "~/lib/whatsapp-messages";

/** The home page's closing call: WhatsApp, or the contact page. */
export function ContactCallSection({ whatsapp, address }: { whatsapp: string; address: string }) {
  return (
    <section aria-labelledby="contato-titulo" className="bg-slate-900 px-4 py-16 text-white">
      <div className="mx-auto max-w-3xl space-y-6 text-center">
        <h2 id="contato-titulo" className="text-3xl font-bold">
          Ficou com alguma dúvida?
        </h2>
        <p className="text-slate-200">Fale com a gente pelo WhatsApp ou venha nos visitar: {address}.</p>
        <div className="flex flex-wrap justify-center gap-4">
          <a
            href={whatsappLink(whatsapp, GENERAL_GREETING)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass({ variant: "accent" })}
          >
            <MessageCircle aria-hidden="true" className="h-5 w-5" />
            Chamar no WhatsApp
          </a>
          <Link to="/contato" className={buttonClass({ variant: "outline" })}>
            Página de contato
          </Link>
        </div>
      </div>
    </section>
  );
}
