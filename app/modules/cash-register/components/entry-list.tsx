import { Printer } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { cx } from "~/lib/class-names";
import { formatDate, formatDateTime } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { CANCELLABLE_KINDS, ENTRY_KIND_LABELS, METHOD_LABELS } from "../register-rules";
import type { RegisterEntryView } from "../queries.server";
import { CASH_REGISTER_LIMITS } from "../validation";
import { CardAmounts } from "./card-amounts";

type EntryForList = Pick<
  RegisterEntryView,
  | "id"
  | "registerId"
  | "kind"
  | "method"
  | "amountCents"
  | "reason"
  | "saleId"
  | "saleCode"
  | "serviceOrderId"
  | "pixPending"
  | "pixConfirmedAt"
  | "pixConfirmedByLabel"
  | "businessDate"
  | "actorName"
  | "cancelReason"
  | "cancelledByLabel"
  | "isCancelled"
  | "instalments"
  | "cardFeeCents"
> & { createdAt: Date | string };

/** Where a slip prints: suprimento and sangria carry a signature. */
export const entrySlipPath = (entryId: number, paper = "80mm") => `/cash-register/movimentos/${entryId}/print?papel=${paper}`;

function EntryOrigin({ entry }: { entry: EntryForList }) {
  if (entry.serviceOrderId) {
    return (
      <Link
        to={`/service-orders/${entry.serviceOrderId}/edit`}
        className="font-medium text-brand-700 underline underline-offset-2"
      >
        OS nº {entry.serviceOrderId}
      </Link>
    );
  }
  if (entry.saleId) {
    return (
      <Link to={`/cash-register/vendas/${entry.saleId}`} className="font-medium text-brand-700 underline underline-offset-2">
        {entry.saleCode ?? `Venda nº ${entry.saleId}`}
      </Link>
    );
  }
  return entry.reason ? <span>{entry.reason}</span> : null;
}

/**
 * The register's entries, oldest first: kind, method, amount (a sangria in
 * red, negative), who and when; a cancelled one struck through with its
 * reason. With `actions`, the open register's buttons: "PIX recebido",
 * the slip, and cancelling with a reason.
 */
export function EntryList({
  entries,
  actions,
  errors,
  failedEntryId,
  actionPath = "/cash-register",
}: {
  entries: readonly EntryForList[];
  actions: boolean;
  errors?: Record<string, string>;
  failedEntryId?: number | null;
  /** The page whose action takes "PIX recebido" and a cancellation (a day's page answers on itself). */
  actionPath?: string;
}) {
  return (
    <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white" data-testid="register-entries">
      {entries.map((entry) => {
        const isUnassigned = entry.registerId === null;
        const entryErrors = failedEntryId === entry.id ? (errors ?? {}) : {};
        return (
          <li
            key={entry.id}
            id={`lancamento-${entry.id}`}
            className="space-y-2 px-3 py-3 text-sm"
            data-entry-id={entry.id}
            data-unassigned={isUnassigned ? "true" : undefined}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <div className={cx("space-y-0.5", entry.isCancelled && "text-slate-500")}>
                <p className="font-medium text-slate-900">
                  <span className={cx(entry.isCancelled && "line-through")}>{ENTRY_KIND_LABELS[entry.kind]}</span>
                  {" · "}
                  {METHOD_LABELS[entry.method]}
                  {entry.instalments && entry.instalments > 1 ? ` em ${entry.instalments}×` : ""}
                  {isUnassigned ? (
                    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                      do dia {formatDate(entry.businessDate)}
                    </span>
                  ) : null}
                  {entry.isCancelled ? (
                    <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800">
                      cancelado
                    </span>
                  ) : null}
                  {entry.pixPending && !entry.isCancelled ? (
                    <span className="ml-2 rounded bg-sky-100 px-1.5 py-0.5 text-xs font-semibold text-sky-900">PIX pendente</span>
                  ) : null}
                </p>
                <p className="text-slate-700">
                  {formatDateTime(entry.createdAt)} · {entry.actorName}
                  {entry.kind === "order-payment" || entry.kind === "sale" || entry.reason ? " · " : ""}
                  <EntryOrigin entry={entry} />
                </p>
                <CardAmounts amountCents={entry.amountCents} feeCents={entry.cardFeeCents} />
                {entry.pixConfirmedAt ? (
                  <p className="text-slate-600">
                    PIX recebido, conferido por {entry.pixConfirmedByLabel} em {formatDateTime(entry.pixConfirmedAt)}
                  </p>
                ) : null}
                {entry.isCancelled ? (
                  <p className="text-slate-700">
                    Cancelado por {entry.cancelledByLabel}: {entry.cancelReason}
                  </p>
                ) : null}
              </div>
              <strong
                className={cx(
                  "tabular-nums",
                  entry.isCancelled ? "text-slate-500 line-through" : entry.amountCents < 0 ? "text-red-700" : "text-slate-900",
                )}
              >
                {formatCents(entry.amountCents)}
              </strong>
            </div>
            {actions ? <EntryActions entry={entry} errors={entryErrors} actionPath={actionPath} /> : <SlipLink entry={entry} />}
          </li>
        );
      })}
    </ul>
  );
}

function SlipLink({ entry }: { entry: EntryForList }) {
  if (entry.kind !== "supply" && entry.kind !== "withdrawal") return null;
  return (
    <a
      href={entrySlipPath(entry.id)}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2"
    >
      <Printer aria-hidden className="size-4" />
      Imprimir comprovante<span className="sr-only"> do lançamento {entry.id} (abre em nova aba)</span>
    </a>
  );
}

function EntryActions({
  entry,
  errors,
  actionPath,
}: {
  entry: EntryForList;
  errors: Record<string, string>;
  actionPath: string;
}) {
  const canCancel = !entry.isCancelled && CANCELLABLE_KINDS.includes(entry.kind);
  return (
    <div className="flex flex-wrap items-start gap-3">
      {entry.pixPending && !entry.isCancelled ? (
        <Form method="post" action={actionPath}>
          <input type="hidden" name="intent" value="confirm-pix" />
          <input type="hidden" name="entryId" value={entry.id} />
          <Button type="submit" size="sm" variant="outline">
            PIX recebido<span className="sr-only"> ({formatCents(entry.amountCents)})</span>
          </Button>
        </Form>
      ) : null}
      <SlipLink entry={entry} />
      {canCancel ? (
        <details className="w-full sm:w-auto" open={Object.keys(errors).length > 0}>
          <summary className="cursor-pointer text-sm font-medium text-red-800 underline underline-offset-2">
            Cancelar lançamento
          </summary>
          <Form
            method="post"
            action={actionPath}
            noValidate
            className="mt-2 space-y-2 rounded-md border border-red-200 bg-red-50 p-3"
          >
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="entryId" value={entry.id} />
            {errors.form ? <p className="text-sm text-red-700">{errors.form}</p> : null}
            <Field
              label="Motivo do cancelamento"
              name="reason"
              maxLength={CASH_REGISTER_LIMITS.reason}
              error={errors.reason}
              required
            />
            <Button type="submit" size="sm" variant="danger">
              Cancelar lançamento
            </Button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}
