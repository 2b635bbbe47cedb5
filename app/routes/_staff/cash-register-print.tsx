import { data } from "react-router";
import { PrintFrame } from "~/components/print/print-frame";
import { buttonClass } from "~/components/ui/button";
import { parseIdParam } from "~/lib/route-params";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { printClosingReport } from "~/modules/cash-register/print-documents.server";
import { PRINT_KINDS } from "~/modules/print-templates/kinds";
import { paperFromSearch, paperLinksOf } from "~/modules/print-templates/papers";
import { reprintedAtOf } from "~/modules/print-templates/reprint";
import type { PageHandle } from "../_account/layout";
import type { Route } from "./+types/cash-register-print";

/** Shown bare by the signed-in layout: no staff shell on paper. */
export const handle: PageHandle = { isPrintPage: true };

const TITLE = PRINT_KINDS["cash-register-closing"].title;

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `${TITLE} nº ${loaderData.registerId} — Balcão` : "Impressão — Balcão" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const registerId = parseIdParam(params.id);
  const paper = paperFromSearch(new URL(request.url).searchParams.get("papel"));
  const base = `/cash-register/${registerId}/print`;
  const paperLinks = paperLinksOf(base);
  const print = await printClosingReport(actorOf(currentUser(context)), String(registerId), paper);
  if (print.status === "not-found") throw data({ reason: "not-found" }, { status: 404 });
  if (print.status !== "ready") return data({ registerId, paper, paperLinks, html: null, reprintedAt: null }, { status: 409 });
  return { registerId, paper, paperLinks, html: print.html, reprintedAt: reprintedAtOf(print.actAt) };
}

export default function CashRegisterPrint({ loaderData }: Route.ComponentProps) {
  const { registerId, paper, paperLinks, html, reprintedAt } = loaderData;
  if (html === null) {
    return (
      <main id="conteudo" className="mx-auto max-w-xl space-y-4 px-6 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">O caixa nº {registerId} ainda está aberto</h1>
        <p className="text-slate-700">O relatório de fechamento fica disponível depois que o caixa é fechado.</p>
        <p>
          <a href="/cash-register" className={buttonClass()}>
            Ir para o caixa
          </a>
        </p>
      </main>
    );
  }
  return <PrintFrame title={TITLE} paper={paper} paperLinks={paperLinks} html={html} reprintedAt={reprintedAt} />;
}
