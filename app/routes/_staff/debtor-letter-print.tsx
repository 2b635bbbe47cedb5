import { data } from "react-router";
import { PrintFrame } from "~/components/print/print-frame";
import { buttonClass } from "~/components/ui/button";
import { shopToday } from "~/lib/dates";
import { parseIdParam } from "~/lib/route-params";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { printDebtReminderLetter } from "~/modules/debtors/letter.server";
import { PRINT_KINDS } from "~/modules/print-templates/kinds";
import { paperFromSearch, paperLinksOf, papersOf } from "~/modules/print-templates/papers";
import type { PageHandle } from "../_account/layout";
import type { Route } from "./+types/debtor-letter-print";

/** Shown bare by the signed-in layout: no staff shell on paper. */
export const handle: PageHandle = { isPrintPage: true };

const KIND = "debt-reminder-letter";
const TITLE = PRINT_KINDS[KIND].title;

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${TITLE} · ${loaderData.customerName} — Balcão` : "Impressão — Balcão";
  return [{ title }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const customerId = parseIdParam(params.customerId);
  const paper = paperFromSearch(new URL(request.url).searchParams.get("papel"), KIND);
  const print = await printDebtReminderLetter(actor, customerId, paper, shopToday());
  if (print.status === "not-found") throw data({ reason: "not-found" }, { status: 404 });
  const base = `/devedores/${customerId}/carta`;
  const paperLinks = paperLinksOf(base, papersOf(KIND));
  const page = { customerId, customerName: print.customerName, paper, paperLinks };
  if (print.status !== "ready") return data({ ...page, html: null }, { status: 409 });
  return { ...page, html: print.html };
}

export default function DebtReminderLetterPrint({ loaderData }: Route.ComponentProps) {
  const { customerId, customerName, paper, paperLinks, html } = loaderData;
  if (html === null) {
    return (
      <main id="conteudo" className="mx-auto max-w-xl space-y-4 px-6 py-16 text-center">
        <h1 className="text-2xl font-bold break-words text-slate-900">{customerName} não deve nada à loja</h1>
        <p className="text-slate-700">Não há carta de cobrança a imprimir: nenhum valor está em aberto em nome deste cliente.</p>
        <p>
          <a href={`/devedores/${customerId}`} className={buttonClass()}>
            Voltar ao cliente
          </a>
        </p>
      </main>
    );
  }
  return <PrintFrame title={TITLE} paper={paper} paperLinks={paperLinks} html={html} />;
}
