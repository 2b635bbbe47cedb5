import { staticSection } from "~/components/ui/static-section";
import { formatPhone } from "~/lib/phone";
import { whatsappLink } from "~/lib/whatsapp";
import { GENERAL_GREETING } from "~/lib/whatsapp-messages";
import { QrCode } from "./qr-code";
import type { RootData } from "./root-data";

// Only the WhatsApp column's QR code is drawn by the browser; the rest stays as the server sent it (static-section.tsx).
const StaticFooterColumns = staticSection(() => import("./footer-columns").then((module) => module.FooterColumns));
const StaticFooterLegal = staticSection(() => import("./footer-columns").then((module) => module.FooterLegal));

export const FOOTER_LINK_CLASS = "underline-offset-2 hover:text-white hover:underline";

export function SiteFooter({ shop }: { shop: RootData["shop"] }) {
  const chatLink = whatsappLink(shop.whatsapp, GENERAL_GREETING);
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <StaticFooterColumns shop={shop} />
        <div>
          <h2 className="mb-3 font-semibold text-white">WhatsApp</h2>
          <p className="mb-3 text-sm">
            <a href={chatLink} target="_blank" rel="noopener noreferrer" className={FOOTER_LINK_CLASS}>
              {formatPhone(shop.whatsapp)}
            </a>
          </p>
          <QrCode value={chatLink} alt="QR code para falar no WhatsApp" />
          <p className="mt-2 text-sm">Escaneie e fale conosco</p>
        </div>
      </div>
      {/* Bottom padding keeps the last lines clear of the floating buttons on a phone. */}
      <div className="border-t border-slate-800 px-4 pt-6 pb-24 text-center text-xs text-slate-300 lg:pb-6">
        <StaticFooterLegal shop={shop} />
      </div>
    </footer>
  );
}
