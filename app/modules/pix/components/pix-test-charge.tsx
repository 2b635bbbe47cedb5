import { Alert } from "~/components/ui/alert";
import type { PixChargeResult } from "../pix-charge";
import { PixCharge } from "./pix-charge";

/**
 * "Testar PIX" under the settings' PIX key: a R$ 1,00 charge to the saved
 * key, to pay from the owner's own bank app before the first sale. A native
 * <details>, so it opens before (or without) the scripts.
 */
export function PixTestCharge({ result }: { result: PixChargeResult }) {
  return (
    <details className="group rounded-md border border-slate-200 bg-slate-50 p-3">
      <summary className="cursor-pointer font-medium text-brand-800">Testar PIX</summary>
      <div className="mt-3 space-y-3">
        {result.status === "ready" ? (
          <>
            <p className="text-sm text-slate-700">
              Leia o QR com o app do seu banco (ou cole o código) e confira se o nome de quem recebe é o da loja. Pagar este R$
              1,00 é opcional e prova que o dinheiro cai na conta certa. O teste usa a chave salva: salve antes de testar uma
              chave nova.
            </p>
            <PixCharge charge={result.charge} title="Cobrança de teste" />
          </>
        ) : (
          <Alert>{result.message}</Alert>
        )}
      </div>
    </details>
  );
}
