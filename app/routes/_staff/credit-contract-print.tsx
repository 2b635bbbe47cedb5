import { data } from "react-router";
import { PrintFrame } from "~/components/print/print-frame";
import { parseIdParam } from "~/lib/route-params";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { printCreditContract } from "~/modules/credit/contract.server";
import { PRINT_KINDS } from "~/modules/print-templates/kinds";
import { paperFromSearch, paperLinksOf } from "~/modules/print-templates/papers";
import { reprintedAtOf } from "~/modules/print-templates/reprint";
import type { PageHandle } from "../_account/layout";
import type { Route } from "./+types/credit-contract-print";

/** Shown bare by the signed-in layout: no staff shell on paper. */
export const handle: PageHandle = { isPrintPage: true };

const TITLE = PRINT_KINDS["credit-contract"].title;

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${TITLE} nº ${loaderData.planId} — Balcão` : "Impressão — Balcão";
  return [{ title }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const planId = parseIdParam(params.id);
  const paper = paperFromSearch(new URL(request.url).searchParams.get("papel"));
  const printed = await printCreditContract(actor, planId, paper);
  if (!printed) throw data({ reason: "not-found" }, { status: 404 });
  const base = `/cdc/${planId}/contrato`;
  const paperLinks = paperLinksOf(base);
  return {
    planId,
    html: printed.html,
    issuedAt: printed.issuedAt,
    paper,
    paperLinks,
    reprintedAt: reprintedAtOf(printed.issuedAt),
  };
}

export default function CreditContractPrint({ loaderData }: Route.ComponentProps) {
  const { html, paper, paperLinks, issuedAt, reprintedAt } = loaderData;
  return (
    <PrintFrame title={TITLE} paper={paper} paperLinks={paperLinks} html={html} issuedAt={issuedAt} reprintedAt={reprintedAt} />
  );
}
