import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/lib/dates";
import { formatPhone } from "~/lib/phone";
import type { CustomerChangeRequest } from "../account-profile.server";

const FIELD_LABELS = { name: "Nome", phone: "Telefone" } as const;

const shown = (request: CustomerChangeRequest, value: string) => (request.field === "phone" ? formatPhone(value) : value);

/**
 * The changes of name or phone the customer asked for on their account
 * ("Meu perfil"): the record keeps its value (and /consultar the phone it
 * matches on) until the staff apply one, with one click, or discard it.
 */
export function CustomerChangeRequests({ requests, isSubmitting }: { requests: CustomerChangeRequest[]; isSubmitting: boolean }) {
  if (requests.length === 0) return null;
  return (
    <section
      aria-labelledby="pedidos-do-cliente"
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="pedidos-do-cliente" className="text-lg font-semibold">
        Alterações pedidas pelo cliente
      </h2>
      <ul className="divide-y divide-amber-200">
        {requests.map((request) => (
          <li key={request.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="min-w-0">
              <p className="font-medium break-words">
                {FIELD_LABELS[request.field]}: {shown(request, request.currentValue) || "—"} →{" "}
                <strong>{shown(request, request.value)}</strong>
              </p>
              <p className="text-sm break-words">
                Pedido por {request.accountEmail} em {formatDateTime(request.requestedAt)}
              </p>
            </div>
            <div className="flex gap-2">
              <Form method="post">
                <input type="hidden" name="intent" value="apply-change" />
                <input type="hidden" name="requestId" value={request.id} />
                <Button type="submit" size="sm" disabled={isSubmitting}>
                  Aplicar<span className="sr-only"> {FIELD_LABELS[request.field].toLowerCase()} pedido</span>
                </Button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="dismiss-change" />
                <input type="hidden" name="requestId" value={request.id} />
                <Button type="submit" size="sm" variant="outline" disabled={isSubmitting}>
                  Descartar<span className="sr-only"> {FIELD_LABELS[request.field].toLowerCase()} pedido</span>
                </Button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
