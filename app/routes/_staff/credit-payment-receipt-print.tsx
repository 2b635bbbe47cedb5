import { data } from "react-router";
import { PrintFrame } from "~/components/print/print-frame";
import { parseIdParam } from "~/lib/route-params";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { printCreditPaymentReceipt } from "~/modules/credit/payment-print.server";
import { PRINT_KINDS } from "~/modules/print-templates/kinds";
import { paperFromSearch, paperLinksOf } from "~/modules/print-templates/papers";
import { reprintedAtOf } from "~/modules/print-templates/reprint";
import type { PageHandle } from "../_account/layout";
import type { Route } from "./+types/credit-payment-receipt-print";

/** Shown bare by the signed-in layout: no staff shell on paper. */
export const handle: PageHandle = { isPrintPage: true };

const TITLE = PRINT_KINDS["credit-payment-receipt"].title;

export const meta = () => [{ title: `${TITLE} — Balcão` }, { name: "robots", content: "noindex" }];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const planId = parseIdParam(params.id);
  const paymentId = parseIdParam(params.paymentId);
  const paper = paperFromSearch(new URL(request.url).searchParams.get("papel"));
  const printed = await printCreditPaymentReceipt(actorOf(currentUser(context)), String(planId), String(paymentId), paper);
  if (!printed) throw data({ reason: "not-found" }, { status: 404 });
  const base = `/cdc/${planId}/pagamentos/${paymentId}/recibo`;
  const paperLinks = paperLinksOf(base);
  return { html: printed.html, paper, paperLinks, reprintedAt: reprintedAtOf(printed.actAt) };
}

export default function CreditPaymentReceiptPrint({ loaderData }: Route.ComponentProps) {
  return (
    <PrintFrame
      title={TITLE}
      paper={loaderData.paper}
      paperLinks={loaderData.paperLinks}
      html={loaderData.html}
      reprintedAt={loaderData.reprintedAt}
    />
  );
}
