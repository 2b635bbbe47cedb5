import { MessageCircle } from "lucide-react";
import { useId, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { formatPhone } from "~/lib/phone";
import { whatsappLink } from "~/lib/whatsapp";

/** The status message, editable before it opens in WhatsApp (a new tab) with the customer's number. */
export function WhatsappMessageBox({ phone, defaultMessage }: { phone: string; defaultMessage: string }) {
  const [message, setMessage] = useState(defaultMessage);
  const id = useId();
  if (!phone) return <p className="text-sm text-slate-600">O cliente não tem telefone cadastrado.</p>;
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Mensagem para {formatPhone(phone)}
      </label>
      <textarea
        id={id}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        maxLength={2000}
        className="min-h-40 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-brand-600"
      />
      <a
        href={whatsappLink(phone, message)}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass({ variant: "outline", size: "sm" })}
      >
        <MessageCircle aria-hidden className="size-4" />
        Abrir no WhatsApp<span className="sr-only"> (abre em nova aba)</span>
      </a>
    </div>
  );
}
