import { data } from "react-router";
import { PrintFrame } from "~/components/print/print-frame";
import { parseIdParam } from "~/lib/route-params";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { printSaleReceipt } from "~/modules/cash-register/sale-print.server";
import { PRINT_KINDS } from "~/modules/print-templates/kinds";
import { paperFromSearch, paperLinksOf } from "~/modules/print-templates/papers";
import { reprintedAtOf } from "~/modules/print-templates/reprint";
import type { PageHandle } from "../_account/layout";
import type { Route } from "./+types/sale-print";

/** Shown bare by the signed-in layout: no staff shell on paper. */
export const handle: PageHandle = { isPrintPage: true };

/** The documents a sale prints, by the name in its address (/cash-register/vendas/12/print/recibo). */
const SALE_DOCUMENTS = ["recibo"] as const;

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${PRINT_KINDS["sale-receipt"].title} · ${loaderData.code} — Balcão` : "Impressão — Balcão";
  return [{ title }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const saleId = parseIdParam(params.id);
  if (!SALE_DOCUMENTS.some((document) => document === params.document)) {
    throw data({ reason: "not-found" }, { status: 404 });
  }
  const paper = paperFromSearch(new URL(request.url).searchParams.get("papel"));
  const printed = await printSaleReceipt(actor, saleId, paper);
  if (!printed) throw data({ reason: "not-found" }, { status: 404 });
  const base = `/cash-register/vendas/${saleId}/print/${params.document}`;
  const paperLinks = paperLinksOf(base);
  return { html: printed.html, code: printed.code, paper, paperLinks, reprintedAt: reprintedAtOf(printed.actAt) };
}

export default function SalePrint({ loaderData }: Route.ComponentProps) {
  const { html, paper, paperLinks, reprintedAt } = loaderData;
  return (
    <PrintFrame
      title={PRINT_KINDS["sale-receipt"].title}
      paper={paper}
      paperLinks={paperLinks}
      html={html}
      reprintedAt={reprintedAt}
    />
  );
}
