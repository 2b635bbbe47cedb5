import { data } from "react-router";
import { PrintFrame } from "~/components/print/print-frame";
import { parseIdParam } from "~/lib/route-params";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { PRINT_KINDS } from "~/modules/print-templates/kinds";
import { paperFromSearch, paperLinksOf } from "~/modules/print-templates/papers";
import { printWarrantyTerm } from "~/modules/warranties/mutations.server";
import type { PageHandle } from "../_account/layout";
import type { Route } from "./+types/warranty-print";

/** Shown bare by the signed-in layout: no staff shell on paper. */
export const handle: PageHandle = { isPrintPage: true };

const TITLE = PRINT_KINDS["warranty-term"].title;

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${TITLE} nº ${loaderData.warrantyId} — Balcão` : "Impressão — Balcão";
  return [{ title }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const warrantyId = parseIdParam(params.id);
  const paper = paperFromSearch(new URL(request.url).searchParams.get("papel"), "warranty-term");
  const printed = await printWarrantyTerm(actor, warrantyId, paper);
  if (!printed) throw data({ reason: "not-found" }, { status: 404 });
  return {
    warrantyId,
    html: printed.html,
    issuedAt: printed.issuedAt,
    paper,
    paperLinks: paperLinksOf(`/warranty-contract/${warrantyId}/imprimir`),
  };
}

export default function WarrantyPrint({ loaderData }: Route.ComponentProps) {
  const { html, paper, paperLinks, issuedAt } = loaderData;
  return <PrintFrame title={TITLE} paper={paper} paperLinks={paperLinks} html={html} issuedAt={issuedAt} />;
}
