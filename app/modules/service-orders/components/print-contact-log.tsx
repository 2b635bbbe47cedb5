import { cx } from "~/lib/class-names";
import { formatDate, formatDateTime } from "~/lib/dates";
import { formatPhone } from "~/lib/phone";
import { formatTrackingCode } from "../tracking-code";
import { PrintShopHeader, PrintSignature, type Paper, type PrintShop } from "./print-page";

export type PrintableContactLog = {
  orderNumber: number;
  trackingCode: string;
  statusLabel: string;
  waitingSince: string;
  createdAt: string;
  deliveredAt: string | null;
  device: string;
  customer: { name: string; phone: string; email: string };
  attempts: { id: number; attemptedAt: string; channelLabel: string; note: string; actorLabel: string }[];
  printedAt: string;
};

/**
 * The log of attempts to reach a customer whose device waits for pickup, as
 * the shop files it: Brazilian law does not let it dispose of an abandoned
 * device, and this page is its evidence that the customer was told.
 */
export function PrintContactLog({ log, shop, paper }: { log: PrintableContactLog; shop: PrintShop; paper: Paper }) {
  const isA4 = paper === "a4";
  return (
    <article>
      <PrintShopHeader shop={shop} paper={paper} />
      <h1 className={cx("mt-2 font-bold", isA4 ? "text-lg" : "text-[13px]")}>
        Registro de contatos para retirada · OS nº {log.orderNumber}
      </h1>
      <div className="mt-1 space-y-0.5">
        <p>Código de acompanhamento: {formatTrackingCode(log.trackingCode)}</p>
        <p>Aparelho: {log.device}</p>
        <p>Entrada na loja: {formatDate(log.createdAt)}</p>
        <p>
          Situação:{" "}
          {log.deliveredAt
            ? `entregue em ${formatDateTime(log.deliveredAt)}`
            : `${log.statusLabel} desde ${formatDate(log.waitingSince)}`}
        </p>
        <p>
          Cliente: {log.customer.name}
          {log.customer.phone ? ` · ${formatPhone(log.customer.phone)}` : ""}
          {log.customer.email ? ` · ${log.customer.email}` : ""}
        </p>
      </div>

      {log.attempts.length === 0 ? (
        <p className="mt-3">Nenhuma tentativa de contato registrada.</p>
      ) : (
        <table className="mt-3 w-full border-collapse text-left">
          <caption className="sr-only">Tentativas de contato, da mais antiga para a mais recente</caption>
          <thead>
            <tr className="border-b border-slate-900">
              <th scope="col" className="py-0.5 pr-2 font-semibold">
                Data e hora
              </th>
              <th scope="col" className="px-1 py-0.5 font-semibold">
                Meio
              </th>
              <th scope="col" className="px-1 py-0.5 font-semibold">
                Observação
              </th>
              {isA4 ? (
                <th scope="col" className="py-0.5 pl-1 font-semibold">
                  Registrado por
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {log.attempts.map((attempt) => (
              <tr key={attempt.id} className="border-b border-slate-200 align-top">
                <td className="py-0.5 pr-2 whitespace-nowrap">{formatDateTime(attempt.attemptedAt)}</td>
                <td className="px-1 py-0.5">{attempt.channelLabel}</td>
                <td className="px-1 py-0.5">{attempt.note || "—"}</td>
                {isA4 ? <td className="py-0.5 pl-1">{attempt.actorLabel}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <p className="mt-3">
        {log.attempts.length === 0
          ? ""
          : log.attempts.length === 1
            ? "1 tentativa registrada. "
            : `${log.attempts.length} tentativas registradas. `}
        Emitido em {formatDateTime(log.printedAt)}.
      </p>
      <PrintSignature label="Responsável pela loja" detail={shop.name} />
    </article>
  );
}
