import { data } from "react-router";
import { PrintFrame } from "~/components/print/print-frame";
import { buttonClass } from "~/components/ui/button";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { PRINT_KINDS } from "~/modules/print-templates/kinds";
import { paperFromSearch, paperLinksOf, papersOf } from "~/modules/print-templates/papers";
import { parseOrderNumber } from "~/modules/service-orders/order-number";
import { isOrderDocument, ORDER_DOCUMENTS, printOrderDocument } from "~/modules/service-orders/print-documents.server";
import { reprintedAtOf } from "~/modules/print-templates/reprint";
import type { PageHandle } from "../_account/layout";
import type { Route } from "./+types/service-order-print";

/** Shown bare by the signed-in layout: no staff shell on paper. */
export const handle: PageHandle = { isPrintPage: true };

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${loaderData.title} · OS nº ${loaderData.orderNumber} — Balcão` : "Impressão — Balcão";
  return [{ title }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const orderNumber = parseOrderNumber(params.id);
  const document = params.document;
  if (!orderNumber || !isOrderDocument(document)) throw data({ reason: "not-found" }, { status: 404 });
  const kind = ORDER_DOCUMENTS[document];
  const paper = paperFromSearch(new URL(request.url).searchParams.get("papel"), kind);
  const title = PRINT_KINDS[kind].title;
  const base = `/service-orders/${orderNumber}/print/${document}`;
  const paperLinks = paperLinksOf(base, papersOf(kind));

  const print = await printOrderDocument(actor, orderNumber, document, paper);
  if (print.status === "not-found") throw data({ reason: "not-found" }, { status: 404 });
  const page = { orderNumber, title, paper, paperLinks };
  if (print.status !== "ready") return data({ ...page, print: null, refusal: print.status }, { status: 409 });
  return { ...page, print: { html: print.html, issuedAt: print.issuedAt, reprintedAt: reprintedAtOf(print.actAt) }, refusal: null };
}

export default function ServiceOrderPrint({ loaderData }: Route.ComponentProps) {
  const { orderNumber, title, paper, paperLinks, print, refusal } = loaderData;
  if (!print) {
    const isUnrepaired = refusal === "no-warranty";
    return (
      <main id="conteudo" className="mx-auto max-w-xl space-y-4 px-6 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">
          {isUnrepaired ? `OS nº ${orderNumber} foi devolvida sem reparo` : `OS nº ${orderNumber} ainda não foi entregue`}
        </h1>
        <p className="text-slate-700">
          {isUnrepaired
            ? "Não há garantia a imprimir: o aparelho voltou ao cliente sem o serviço. O comprovante de entrega registra a devolução."
            : `O ${title.toLowerCase()} fica disponível depois que a entrega é registrada na ordem de serviço.`}
        </p>
        <p className="flex flex-wrap justify-center gap-3">
          <a href={`/service-orders/${orderNumber}/edit`} className={buttonClass()}>
            Abrir a OS
          </a>
          <a href={`/service-orders/${orderNumber}/print/entrada`} className={buttonClass({ variant: "outline" })}>
            Comprovante de entrada
          </a>
        </p>
      </main>
    );
  }
  return (
    <PrintFrame
      title={title}
      paper={paper}
      paperLinks={paperLinks}
      html={print.html}
      issuedAt={print.issuedAt ?? undefined}
      reprintedAt={print.reprintedAt}
    />
  );
}
