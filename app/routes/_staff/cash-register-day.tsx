import { data } from "react-router";
import { Alert } from "~/components/ui/alert";
import { BackLink } from "~/components/ui/back-link";
import { FlashAlert } from "~/components/ui/flash-alert";
import { Pager } from "~/components/ui/pager";
import { Panel } from "~/components/ui/panel";
import { formatDate, isIsoDate } from "~/lib/dates";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText, readId } from "~/lib/forms";
import { formatCents } from "~/lib/money";
import { PAGE_PARAM, redirectToOwnPageAddress, requestedPage } from "~/lib/route-params";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { EntryList } from "~/modules/cash-register/components/entry-list";
import { MethodTotals } from "~/modules/cash-register/components/method-totals";
import { CashRegisterNotFoundError } from "~/modules/cash-register/errors";
import { cancelRegisterEntry, confirmPixEntry } from "~/modules/cash-register/entries.server";
import { getUnassignedDay } from "~/modules/cash-register/queries.server";
import type { Route } from "./+types/cash-register-day";

const dayHref = (day: string, page: number) =>
  page === 1 ? `/cash-register/dias/${day}` : `/cash-register/dias/${day}?${PAGE_PARAM}=${page}`;

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `Sem caixa em ${formatDate(loaderData.day)} — Balcão` : "Dia sem caixa — Balcão" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isIsoDate(params.day)) throw data(null, { status: 404 });
  const day = await getUnassignedDay(params.day, requestedPage(request));
  redirectToOwnPageAddress(request, { page: day.page, isEmpty: day.entries.length === 0 }, (page) => dayHref(params.day, page));
  return { ...day, flash: flashOf(context) };
}

type ActionResult = { intent: string; errors: FieldErrors; entryId?: number | null };

/** "PIX recebido" and a cancellation from a day's page, answered on the same page. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (!isIsoDate(params.day)) throw data(null, { status: 404 });
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ intent: "" });
  const intent = formText(form, "intent");
  const entryId = readId(formText(form, "entryId"));
  const actor = actorOf(currentUser(context));
  const back = (message: string, tone: "success" | "info") =>
    redirectWithFlash(new URL(request.url).pathname + new URL(request.url).search, { message, tone });
  try {
    if (intent === "confirm-pix") {
      const confirmed = await confirmPixEntry(actor, entryId);
      return back(
        confirmed.wasConfirmed ? "Este PIX já estava confirmado." : "PIX recebido registrado.",
        confirmed.wasConfirmed ? "info" : "success",
      );
    }
    if (intent === "cancel") {
      const cancelled = await cancelRegisterEntry(actor, entryId, { reason: formText(form, "reason") });
      return back(
        cancelled.wasCancelled ? "Este lançamento já estava cancelado." : "Lançamento cancelado.",
        cancelled.wasCancelled ? "info" : "success",
      );
    }
    return formProblem({ intent });
  } catch (error) {
    if (error instanceof CashRegisterNotFoundError) {
      return data({ intent, entryId, errors: { form: "Lançamento não encontrado: recarregue a página." } }, { status: 404 });
    }
    return formRefusal(error, { intent, entryId });
  }
}

/** One day's PIX and cards taken with no register open: its totals per method and its entries, a page at a time. */
export default function CashRegisterDay({ loaderData, actionData }: Route.ComponentProps) {
  const { day, entries, entryCount, totals, page, hasNextPage } = loaderData;
  const result: ActionResult | undefined = actionData;
  return (
    <div className="max-w-5xl space-y-6">
      <BackLink to="/cash-register/dias">Dias sem caixa</BackLink>
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Sem caixa em {formatDate(day)}</h1>
        <p className="text-sm text-slate-700">
          {entryCount === 1 ? "1 lançamento" : `${entryCount} lançamentos`} feitos com o caixa fechado. Confira os totais com o
          extrato do banco e o relatório da maquininha.
        </p>
      </header>
      <FlashAlert flash={result ? null : loaderData.flash} />
      {result?.errors.form ? <Alert tone="destructive">{result.errors.form}</Alert> : null}
      {entryCount === 0 ? (
        <p className="text-slate-700">Nenhum lançamento sem caixa neste dia.</p>
      ) : (
        <>
          <Panel id="dia-totais" title="Totais do dia">
            <MethodTotals
              methods={totals.methods.filter((method) => method !== "cash")}
              expected={totals.expected}
              openingFloatCents={null}
            />
            {totals.pendingPixCount > 0 ? (
              <p className="text-sm text-amber-800">
                {totals.pendingPixCount === 1 ? "1 PIX" : `${totals.pendingPixCount} PIX`} a conferir no banco (
                {formatCents(totals.pendingPixCents)}).
              </p>
            ) : null}
          </Panel>
          <Panel id="dia-lancamentos" title="Lançamentos">
            <EntryList
              entries={entries}
              actions
              errors={result?.errors ?? {}}
              failedEntryId={result?.entryId ?? null}
              actionPath={dayHref(day, page)}
            />
          </Panel>
        </>
      )}
      <Pager label="Páginas de lançamentos do dia" page={page} hasNextPage={hasNextPage} hrefFor={(next) => dayHref(day, next)} />
    </div>
  );
}
