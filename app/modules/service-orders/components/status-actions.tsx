import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, FieldMessage } from "~/components/ui/field";
import { useId } from "react";
import { partOriginLabel } from "../part-origin";
import { STATUS_LABELS, type ServiceOrderStatus } from "../status";

/** What a move is called on its button, where the status name alone would read oddly. */
const MOVE_LABELS: Partial<Record<ServiceOrderStatus, string>> = {
  diagnosing: "Iniciar diagnóstico",
  awaiting_approval: "Enviar orçamento para aprovação",
  approved: "Registrar aprovação do orçamento",
  declined: "Registrar recusa do orçamento",
  awaiting_part: "Aguardar peça",
  repairing: "Iniciar reparo",
  ready: "Marcar como pronto",
  cancelled: "Cancelar OS",
  not_repairable: "Marcar sem reparo",
};

/**
 * Only the moves the state machine allows from the current status; the
 * server checks them again. When the quote has parts that are not new
 * original, approving asks staff to confirm the customer's consent (CDC art. 21).
 */
export function StatusActions({
  moves,
  error,
  partsNeedingConsent = [],
  consentError,
}: {
  moves: readonly ServiceOrderStatus[];
  error?: string;
  partsNeedingConsent?: readonly { description: string; partOrigin: string | null }[];
  consentError?: string;
}) {
  const consentId = useId();
  if (moves.length === 0) return <p className="text-sm text-slate-600">Nenhuma mudança de status disponível.</p>;
  const asksConsent = moves.includes("approved") && partsNeedingConsent.length > 0;
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="status" />
      {error ? <Alert tone="destructive">{error}</Alert> : null}
      <Field label="Observação (opcional)" name="note" maxLength={500} hint="Aparece na linha do tempo da OS." />
      {asksConsent ? (
        <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800">
          <p>O orçamento usa peça que não é nova original:</p>
          <ul className="list-disc pl-5">
            {partsNeedingConsent.map((part, index) => (
              <li key={index}>
                {part.description} — <strong>{partOriginLabel(part.partOrigin)}</strong>
              </li>
            ))}
          </ul>
          <label className="flex items-start gap-3 font-medium text-slate-900">
            <input
              type="checkbox"
              name="partsConsent"
              className="mt-0.5 size-5 shrink-0 accent-brand-700"
              aria-describedby={consentError ? `${consentId}-error` : `${consentId}-hint`}
              aria-invalid={consentError ? true : undefined}
            />
            <span>O cliente foi informado da origem dessas peças e concordou</span>
          </label>
          <FieldMessage id={consentId} error={consentError} hint="Necessário para registrar a aprovação (CDC art. 21)." />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {moves.map((status) => (
          <Button
            key={status}
            type="submit"
            name="to"
            value={status}
            size="sm"
            variant={status === "cancelled" || status === "not_repairable" || status === "declined" ? "outline" : "primary"}
          >
            {MOVE_LABELS[status] ?? STATUS_LABELS[status]}
          </Button>
        ))}
      </div>
    </Form>
  );
}
