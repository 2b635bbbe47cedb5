import { data } from "react-router";
import { PrintFrame } from "~/components/print/print-frame";
import { parseIdParam } from "~/lib/route-params";
import { currentUser } from "~/modules/accounts/session.server";
import { accountPaymentReceiptPath } from "~/modules/credit/account-plans.server";
import { printAccountCreditPaymentReceipt } from "~/modules/credit/payment-print.server";
import { PRINT_KINDS } from "~/modules/print-templates/kinds";
import { paperFromSearch, paperLinksOf } from "~/modules/print-templates/papers";
import type { PageHandle } from "./layout";
import type { Route } from "./+types/account-payment-receipt-print";

/** Shown bare by the signed-in layout: no frame on paper. */
export const handle: PageHandle = { isPrintPage: true };

const TITLE = PRINT_KINDS["credit-payment-receipt"].title;

export const meta = () => [{ title: `${TITLE} (2ª via) — Balcão` }, { name: "robots", content: "noindex" }];

/** The customer's 2ª via of a payment receipt of their own crediário; another customer's plan or payment is a 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const planId = parseIdParam(params.planId);
  const paymentId = parseIdParam(params.paymentId);
  const paper = paperFromSearch(new URL(request.url).searchParams.get("papel"));
  const printed = await printAccountCreditPaymentReceipt(currentUser(context).id, planId, paymentId, paper);
  if (!printed) throw data({ reason: "not-found" }, { status: 404 });
  return {
    html: printed.html,
    paper,
    paperLinks: paperLinksOf(accountPaymentReceiptPath(planId, paymentId)),
    reprintedAt: new Date().toISOString(),
  };
}

export default function AccountPaymentReceiptPrint({ loaderData }: Route.ComponentProps) {
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
