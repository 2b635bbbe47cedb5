import type { ReactNode } from "react";
import { formatDate } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { formatPhone } from "~/lib/phone";
import { describedWithOrigin } from "../part-origin";
import { CONDITION_CHECKLIST, deviceTypeLabel, LINE_KINDS, UNLOCK_KINDS } from "../validation";

export type ServiceOrderSummaryView = {
  customer: { name: string; phone: string };
  deviceType: string;
  brand: string;
  model: string;
  imeiOrSerial: string;
  color: string;
  accessories: string;
  conditionChecklist: readonly string[];
  conditionNotes: string;
  unlockKind: string | null;
  reportedDefect: string;
  diagnosis: string;
  technicianName: string | null;
  lines: readonly {
    id: number;
    kind: string;
    description: string;
    quantity: number;
    unitPriceCents: number;
    partOrigin?: string | null;
    expectedArrivalDate?: string | null;
    supplierName?: string | null;
  }[];
  linesTotalCents: number;
  discountCents: number;
  promisedDate: string | null;
  warrantyDays: number;
  notes: string;
};

const labelOf = (labels: Record<string, string>, key: string) => labels[key] ?? key;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-6">
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      {children}
    </div>
  );
}

/** One label and its value; an empty value reads "—" rather than leaving a hole. */
function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2 lg:col-span-3" : undefined}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="whitespace-pre-line text-slate-900">{children || "—"}</dd>
    </div>
  );
}

/**
 * A delivered or cancelled order is history (the server refuses to edit it):
 * its data is shown as text, with no control that looks as if it could
 * change anything. The unlock code itself is never part of it.
 */
export function ServiceOrderSummary({ order, title }: { order: ServiceOrderSummaryView; title: string }) {
  const ticked = order.conditionChecklist.map((key) => labelOf(CONDITION_CHECKLIST, key));
  return (
    <section aria-label={title} className="space-y-4">
      <Section title="Cliente e aparelho">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
          <Item label="Cliente">
            {order.customer.name}
            {order.customer.phone ? ` · ${formatPhone(order.customer.phone)}` : ""}
          </Item>
          <Item label="Tipo">{deviceTypeLabel(order.deviceType)}</Item>
          <Item label="Marca">{order.brand}</Item>
          <Item label="Modelo">{order.model}</Item>
          <Item label="IMEI ou número de série">
            <span className="font-mono">{order.imeiOrSerial}</span>
          </Item>
          <Item label="Cor">{order.color}</Item>
          <Item label="Acessórios deixados">{order.accessories}</Item>
          <Item label="Bloqueio">
            {order.unlockKind ? labelOf(UNLOCK_KINDS, order.unlockKind) : "Sem bloqueio / não informado"}
          </Item>
          <Item label="Checklist de entrada" wide>
            {ticked.join(", ")}
          </Item>
          <Item label="Observações sobre o estado" wide>
            {order.conditionNotes}
          </Item>
        </dl>
      </Section>

      <Section title="Defeito e diagnóstico">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
          <Item label="Defeito relatado pelo cliente" wide>
            {order.reportedDefect}
          </Item>
          <Item label="Diagnóstico" wide>
            {order.diagnosis}
          </Item>
          <Item label="Técnico">{order.technicianName ?? "Sem técnico definido"}</Item>
        </dl>
      </Section>

      <Section title="Orçamento">
        {order.lines.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhuma linha no orçamento.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Tipo
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Descrição
                  </th>
                  <th scope="col" className="py-1 pr-3 text-right font-medium">
                    Qtd.
                  </th>
                  <th scope="col" className="py-1 pr-3 text-right font-medium">
                    Preço unitário
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Subtotal
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 text-slate-900">
                {order.lines.map((line) => (
                  <tr key={line.id}>
                    <td className="py-1.5 pr-3">{labelOf(LINE_KINDS, line.kind)}</td>
                    <td className="py-1.5 pr-3">
                      {describedWithOrigin(line.description, line.partOrigin)}
                      {line.expectedArrivalDate ? (
                        <span className="block text-xs text-slate-600">
                          Previsão de chegada: {formatDate(line.expectedArrivalDate)}
                        </span>
                      ) : null}
                      {line.supplierName ? (
                        <span className="block text-xs text-slate-600">Fornecedor: {line.supplierName}</span>
                      ) : null}
                    </td>
                    <td className="py-1.5 pr-3 text-right">{line.quantity}</td>
                    <td className="py-1.5 pr-3 text-right whitespace-nowrap">{formatCents(line.unitPriceCents)}</td>
                    <td className="py-1.5 text-right whitespace-nowrap">{formatCents(line.quantity * line.unitPriceCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <dl className="grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1 rounded-md bg-slate-100 p-3 text-sm">
          <dt className="text-slate-700">Total das linhas</dt>
          <dd className="text-right text-slate-900">{formatCents(order.linesTotalCents)}</dd>
          <dt className="text-slate-700">Desconto</dt>
          <dd className="text-right text-slate-900">− {formatCents(order.discountCents)}</dd>
          <dt className="font-semibold text-slate-900">Total a pagar</dt>
          <dd className="text-right font-semibold text-slate-900">{formatCents(order.linesTotalCents - order.discountCents)}</dd>
        </dl>
      </Section>

      <Section title="Prazo, garantia e observações">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
          <Item label="Data prometida">{order.promisedDate ? formatDate(order.promisedDate) : ""}</Item>
          <Item label="Garantia">{`${order.warrantyDays} dias`}</Item>
          <Item label="Observações internas" wide>
            {order.notes}
          </Item>
        </dl>
      </Section>
    </section>
  );
}
