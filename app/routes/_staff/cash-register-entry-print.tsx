import { data } from "react-router";
import { PrintFrame } from "~/components/print/print-frame";
import { parseIdParam } from "~/lib/route-params";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { printEntrySlip } from "~/modules/cash-register/print-documents.server";
import { PRINT_KINDS } from "~/modules/print-templates/kinds";
import { paperFromSearch, paperLinksOf } from "~/modules/print-templates/papers";
import { reprintedAtOf } from "~/modules/print-templates/reprint";
import type { PageHandle } from "../_account/layout";
import type { Route } from "./+types/cash-register-entry-print";

/** Shown bare by the signed-in layout: no staff shell on paper. */
export const handle: PageHandle = { isPrintPage: true };

const TITLE = PRINT_KINDS["cash-movement-slip"].title;

export const meta = () => [{ title: `${TITLE} — Balcão` }, { name: "robots", content: "noindex" }];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const entryId = parseIdParam(params.entryId);
  const paper = paperFromSearch(new URL(request.url).searchParams.get("papel"));
  const base = `/cash-register/movimentos/${entryId}/print`;
  const paperLinks = paperLinksOf(base);
  const print = await printEntrySlip(actorOf(currentUser(context)), String(entryId), paper);
  // Only a suprimento or a sangria has a slip: another entry's address is as unknown as a missing one.
  if (print.status !== "ready") throw data({ reason: "not-found" }, { status: 404 });
  return { paper, paperLinks, html: print.html, reprintedAt: reprintedAtOf(print.actAt) };
}

export default function CashRegisterEntryPrint({ loaderData }: Route.ComponentProps) {
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
