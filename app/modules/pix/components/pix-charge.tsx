import { useId, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { useIsHydrated } from "~/components/ui/use-is-hydrated";
import { formatCents } from "~/lib/money";
import type { PixCharge as PixChargeData } from "../pix-charge";
import { PixDiscountNotice } from "./pix-discount-notice";

const QR_SIZE = 224;

/**
 * Copies the code: the Clipboard API where the page may use it, otherwise
 * the selected text through the older command (an http:// address on the
 * shop's network has no Clipboard API). Either way the text stays selected.
 */
async function copyText(field: HTMLTextAreaElement) {
  field.focus();
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    return true;
  } catch {
    return document.execCommand("copy");
  }
}

/**
 * The PIX panel of a charge (sale, order payment, the settings' test): the
 * amount, the QR, the "copia e cola" code with a Copiar button, who receives
 * and the PIX discount when there is one. Before the scripts run, "Copiar"
 * selects the code (a label of its field) so the person copies it by hand.
 */
export function PixCharge({
  charge,
  title = "Pagar com PIX",
  headingLevel = 2,
}: {
  charge: PixChargeData;
  title?: string;
  /** The title's level in the page that shows the panel (2 under the page's h1, 3 inside a section). */
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  const id = useId();
  const fieldId = `${id}-code`;
  const isHydrated = useIsHydrated();
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const amount = formatCents(charge.amountCents);

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <div>
        <Heading id={`${id}-title`} className="text-base font-semibold text-slate-900">
          {title}
        </Heading>
        <p className="text-3xl font-bold text-slate-900 tabular-nums">{amount}</p>
      </div>
      <PixDiscountNotice discount={charge.discount} />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <img
          src={charge.qrImageSrc}
          alt={`QR code do PIX de ${amount}`}
          width={QR_SIZE}
          height={QR_SIZE}
          className="size-56 shrink-0 self-center rounded-md border border-slate-200 bg-white sm:self-start"
        />
        <div className="min-w-0 flex-1 space-y-3">
          <div className="space-y-1.5">
            <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
              PIX copia e cola
            </label>
            <textarea
              id={fieldId}
              readOnly
              rows={6}
              value={charge.copyPaste}
              onFocus={(event) => event.currentTarget.select()}
              className="field-sizing-content w-full resize-none rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900"
            />
            <div className="flex flex-wrap items-center gap-3">
              {isHydrated ? (
                <button
                  type="button"
                  className={buttonClass({ variant: "outline" })}
                  onClick={async (event) => {
                    const field = event.currentTarget.ownerDocument.getElementById(fieldId);
                    if (field instanceof HTMLTextAreaElement) setCopied((await copyText(field)) ? "yes" : "no");
                  }}
                >
                  Copiar
                </button>
              ) : (
                <label htmlFor={fieldId} className={buttonClass({ variant: "outline" }, "cursor-pointer")}>
                  Copiar
                </label>
              )}
              <output className="text-sm text-slate-700">
                {copied === "yes"
                  ? "Código copiado."
                  : copied === "no"
                    ? "Não deu para copiar: o código está selecionado, copie pelo menu."
                    : null}
              </output>
            </div>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">Recebedor</dt>
            <dd className="font-medium break-words text-slate-900">{charge.holderName}</dd>
            <dt className="text-slate-600">Cidade</dt>
            <dd className="text-slate-900">{charge.holderCity}</dd>
            <dt className="text-slate-600">Chave PIX</dt>
            <dd className="text-slate-900">
              <span className="break-all">{charge.key}</span>{" "}
              <span className="whitespace-nowrap text-slate-600">· {charge.keyTypeLabel}</span>
            </dd>
          </dl>
          <p className="text-sm text-slate-600">
            PIX por QR estático: o banco não avisa o sistema. Confira o valor no app do banco antes de dar o pagamento por
            recebido.
          </p>
        </div>
      </div>
    </section>
  );
}
