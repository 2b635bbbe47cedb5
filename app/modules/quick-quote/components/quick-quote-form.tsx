import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { reportConversion } from "~/lib/traffic-beacon";
import { whatsappLink } from "~/lib/whatsapp";
import { GENERAL_GREETING, quickQuoteMessage } from "~/lib/whatsapp-messages";
import { HUMAN_CHECK, validateQuickQuote, type QuickQuoteErrors } from "../validation";

const FIELD_NAMES = ["device", "issue", "name", "email", "whatsapp", "cep", "check"] as const;

/**
 * Spec §3/§5/§7: nothing goes to our server; a valid form opens WhatsApp in a
 * new tab with the quote text, addressed to the shop's one number.
 */
export function QuickQuoteForm({ shopWhatsapp }: { shopWhatsapp: string }) {
  const [errors, setErrors] = useState<QuickQuoteErrors>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input = Object.fromEntries(FIELD_NAMES.map((name) => [name, String(data.get(name) ?? "")])) as Record<
      (typeof FIELD_NAMES)[number],
      string
    >;
    const result = validateQuickQuote(input, shopWhatsapp);
    if (result.errors) {
      setErrors(result.errors);
      const firstInvalid = result.errors.whatsapp ? "whatsapp" : "check";
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setErrors({});
    reportConversion("orcamento_rapido", "whatsapp");
    window.open(whatsappLink(shopWhatsapp, quickQuoteMessage(result.quote)), "_blank", "noopener");
  }

  const clearError = (name: keyof QuickQuoteErrors) => () => {
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  return (
    <form onSubmit={submit} aria-label="Orçamento rápido" className="grid gap-4 sm:grid-cols-2">
      <Field label="Aparelho (modelo)" name="device" placeholder="Ex.: Samsung Galaxy A54" autoComplete="off" />
      <Field label="Problema ou acessório desejado" name="issue" placeholder="Ex.: tela quebrada, capinha" autoComplete="off" />
      <Field label="Nome" name="name" autoComplete="name" />
      <Field label="E-mail" name="email" type="email" autoComplete="email" />
      <Field
        label="WhatsApp"
        name="whatsapp"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="(11) 91234-5678"
        error={errors.whatsapp}
        onChange={clearError("whatsapp")}
      />
      <Field label="CEP (opcional)" name="cep" inputMode="numeric" autoComplete="postal-code" placeholder="00000-000" />
      <Field
        label={HUMAN_CHECK.question}
        name="check"
        inputMode="numeric"
        autoComplete="off"
        error={errors.check}
        onChange={clearError("check")}
      />
      <div className="flex items-end">
        <Button type="submit" className="w-full">
          Solicitar Orçamento pelo WhatsApp
        </Button>
      </div>
      <noscript>
        <p className="text-sm text-slate-700 sm:col-span-2">
          Sem JavaScript, o formulário não consegue abrir o WhatsApp.{" "}
          <a className="font-semibold text-brand-700 underline" href={whatsappLink(shopWhatsapp, GENERAL_GREETING)}>
            Fale conosco diretamente pelo WhatsApp
          </a>
          .
        </p>
      </noscript>
    </form>
  );
}
