import { data } from "react-router";
import { PrintFrame } from "~/components/print/print-frame";
import { parseIdParam } from "~/lib/route-params";
import { currentUser } from "~/modules/accounts/session.server";
import { accountDocumentPath, printAccountDocument } from "~/modules/print-templates/account-documents.server";
import { paperLinksOf } from "~/modules/print-templates/papers";
import type { PageHandle } from "./layout";
import type { Route } from "./+types/account-document-print";

/** Shown bare by the signed-in layout: no frame on paper. */
export const handle: PageHandle = { isPrintPage: true };

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${loaderData.title} · ${loaderData.about} (2ª via) — Balcão` : "Impressão — Balcão";
  return [{ title }, { name: "robots", content: "noindex" }];
}

/**
 * The customer's 2ª via of a document issued to them: the stored HTML as
 * signed, headed "2ª via" by the frame. Another customer's id (or a staff
 * account, which sees no records of its own here) is a 404 with no data.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const documentId = parseIdParam(params.id);
  const user = currentUser(context);
  const printed = await printAccountDocument(user.id, documentId, new URL(request.url).searchParams.get("papel"));
  if (!printed) throw data({ reason: "not-found" }, { status: 404 });
  return {
    title: printed.title,
    about: printed.about,
    html: printed.html,
    issuedAt: printed.issuedAt,
    paper: printed.paper,
    paperLinks: paperLinksOf(accountDocumentPath(documentId), printed.papers),
    // A copy the customer opens from their area is never the one signed at the counter.
    reprintedAt: new Date().toISOString(),
  };
}

export default function AccountDocumentPrint({ loaderData }: Route.ComponentProps) {
  const { title, html, paper, paperLinks, issuedAt, reprintedAt } = loaderData;
  return (
    <PrintFrame title={title} paper={paper} paperLinks={paperLinks} html={html} issuedAt={issuedAt} reprintedAt={reprintedAt} />
  );
}
