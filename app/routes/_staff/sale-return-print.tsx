import { data } from "react-router";
import { PrintFrame } from "~/components/print/print-frame";
import { parseIdParam } from "~/lib/route-params";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { printSaleReturnSlip } from "~/modules/cash-register/return-slip.server";
import { PRINT_KINDS } from "~/modules/print-templates/kinds";
import { paperFromSearch, paperLinksOf } from "~/modules/print-templates/papers";
import { reprintedAtOf } from "~/modules/print-templates/reprint";
import type { PageHandle } from "../_account/layout";
import type { Route } from "./+types/sale-return-print";

/** Shown bare by the signed-in layout: no staff shell on paper. */
export const handle: PageHandle = { isPrintPage: true };

const TITLE = PRINT_KINDS["sale-return-slip"].title;

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${TITLE} nº ${loaderData.returnId} · ${loaderData.code} — Balcão` : "Impressão — Balcão";
  return [{ title }, { name: "robots", content: "noindex" }];
}

/** A return's slip (/cash-register/vendas/12/devolucoes/3/print), as issued with the return. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const saleId = parseIdParam(params.id);
  const returnId = parseIdParam(params.returnId);
  const paper = paperFromSearch(new URL(request.url).searchParams.get("papel"));
  const printed = await printSaleReturnSlip(actor, saleId, returnId, paper);
  if (!printed) throw data({ reason: "not-found" }, { status: 404 });
  const paperLinks = paperLinksOf(`/cash-register/vendas/${saleId}/devolucoes/${returnId}/print`);
  return {
    returnId,
    code: printed.code,
    html: printed.html,
    issuedAt: printed.issuedAt,
    paper,
    paperLinks,
    reprintedAt: reprintedAtOf(printed.issuedAt),
  };
}

export default function SaleReturnPrint({ loaderData }: Route.ComponentProps) {
  const { html, paper, paperLinks, issuedAt, reprintedAt } = loaderData;
  return (
    <PrintFrame title={TITLE} paper={paper} paperLinks={paperLinks} html={html} issuedAt={issuedAt} reprintedAt={reprintedAt} />
  );
}
