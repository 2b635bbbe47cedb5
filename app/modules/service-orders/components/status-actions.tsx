import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
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

/** Only the moves the state machine allows from the current status; the server checks them again. */
export function StatusActions({ moves, error }: { moves: readonly ServiceOrderStatus[]; error?: string }) {
  if (moves.length === 0) return <p className="text-sm text-slate-600">Nenhuma mudança de status disponível.</p>;
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="status" />
      {error ? <Alert tone="destructive">{error}</Alert> : null}
      <Field label="Observação (opcional)" name="note" maxLength={500} hint="Aparece na linha do tempo da OS." />
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
