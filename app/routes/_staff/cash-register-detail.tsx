import { Printer } from "lucide-react";
import { data, redirect } from "react-router";
import { Alert } from "~/components/ui/alert";
import { BackLink } from "~/components/ui/back-link";
import { FlashAlert } from "~/components/ui/flash-alert";
import { formatDateTime } from "~/lib/dates";
import { flashOf } from "~/lib/flash.server";
import { formatCents } from "~/lib/money";
import { ClosingSummary } from "~/modules/cash-register/components/closing-summary";
import { EntryList } from "~/modules/cash-register/components/entry-list";
import { getCashRegister } from "~/modules/cash-register/queries.server";
import { DOCUMENT_PAPERS, PAPER_SHORT_LABELS } from "~/modules/print-templates/papers";
import { Panel } from "~/components/ui/panel";
import type { Route } from "./+types/cash-register-detail";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `Caixa nº ${loaderData.register.id} — Balcão` : "Caixa — Balcão" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const detail = await getCashRegister(params.id);
  if (!detail) throw data(null, { status: 404 });
  // The open register lives on the register's own page, with its forms.
  if (detail.register.isOpen) throw redirect("/cash-register");
  return { ...detail, flash: flashOf(context) };
}

export default function CashRegisterDetailPage({ loaderData }: Route.ComponentProps) {
  const { register, entries } = loaderData;
  return (
    <div className="max-w-5xl space-y-6">
      <BackLink to="/cash-register/historico">Caixas fechados</BackLink>
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Caixa nº {register.id}</h1>
        <p className="text-sm text-slate-700">
          Aberto por {register.openedByName} em {formatDateTime(register.openedAt)} com {formatCents(register.openingFloatCents)}{" "}
          de fundo de troco; fechado por {register.closedByName} em {register.closedAt ? formatDateTime(register.closedAt) : "—"}.
        </p>
      </header>
      <FlashAlert flash={loaderData.flash} />
      <Alert tone="info">Caixa fechado: os lançamentos e o fechamento não podem mais ser alterados.</Alert>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2">
        <Panel id="caixa-fechamento" title="Fechamento">
          <ClosingSummary
            closingTotals={register.closingTotals ?? {}}
            countedDenominations={register.countedDenominations}
            closingNote={register.closingNote}
          />
        </Panel>
        <Panel id="caixa-imprimir" title="Relatório de fechamento" className="self-start">
          <p className="flex flex-wrap items-center gap-3">
            <Printer aria-hidden className="size-4 text-slate-600" />
            {DOCUMENT_PAPERS.map((paper) => (
              <a
                key={paper}
                href={`/cash-register/${register.id}/print?papel=${paper}`}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-700 underline underline-offset-2"
              >
                Imprimir em {PAPER_SHORT_LABELS[paper]}
                <span className="sr-only"> (abre em nova aba)</span>
              </a>
            ))}
          </p>
        </Panel>
      </div>
      <Panel id="caixa-lancamentos" title="Lançamentos">
        {entries.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhum lançamento.</p>
        ) : (
          <EntryList entries={entries} actions={false} />
        )}
      </Panel>
    </div>
  );
}
