import { isRouteErrorResponse } from "react-router";
import { formatFileSize } from "~/lib/uploads/file-size";
import { MAX_IMAGE_BYTES } from "~/lib/uploads/image-purposes";
import { deferredComponent } from "~/components/ui/static-section";

const PAGES: Record<number, { title: string; text: string }> = {
  403: {
    title: "Área restrita à equipe",
    text: "Esta página é usada pela equipe da loja. Se você é cliente, acompanhe seus consertos em Minha conta.",
  },
  404: {
    title: "Página não encontrada",
    text: "O endereço que você abriu não existe ou mudou de lugar.",
  },
  // A form the server refused for its size before reading it (the browser checks a file first, so rarely seen).
  413: {
    title: "Envio grande demais",
    text: `O envio passou do limite do site (imagens de até ${formatFileSize(MAX_IMAGE_BYTES)}): nada foi salvo. Volte, escolha um arquivo menor e envie de novo.`,
  },
  500: {
    title: "Algo deu errado",
    text: "Tivemos um problema ao abrir esta página. Tente de novo em instantes.",
  },
};

/** A print page whose document could not be filled now (print-templates/render.server.ts's forPrintPage). */
const PRINT_UNAVAILABLE_PAGE = {
  title: "Documento não preenchido agora",
  text: "O documento não pôde ser preenchido para impressão agora: nada foi alterado. Tente imprimir de novo em instantes; se continuar, confira o modelo em Modelos de impressão.",
};

const OWNER_ONLY_PAGE = {
  title: "Área restrita ao proprietário",
  text: "Esta página é usada só pelo proprietário da loja. Peça a ele se precisar de acesso.",
};

/** Staff the owner has not granted "Financeiro" (requireFinanceMiddleware). */
const FINANCE_ONLY_PAGE = {
  title: "Área restrita ao financeiro",
  text: "O financeiro (contas, lançamentos, resultado do mês e salários) é aberto ao proprietário e a quem ele liberar como “Financeiro” na página Equipe. Peça a ele se precisar de acesso.",
};

const PAGES_BY_REASON: Record<string, { title: string; text: string }> = {
  "owner-only": OWNER_ONLY_PAGE,
  "finance-only": FINANCE_ONLY_PAGE,
  "print-unavailable": PRINT_UNAVAILABLE_PAGE,
};

/** What a thrown response or error means to the person who hit it. */
export function describeRouteError(error: unknown) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const reason = isRouteErrorResponse(error) ? (error.data as { reason?: string } | null)?.reason : undefined;
  const page = reason ? (PAGES_BY_REASON[reason] ?? null) : null;
  return { status, ...(page ?? PAGES[status] ?? PAGES[500]!) };
}

/** The error page's document title: the route that failed never renders its own meta. */
export function errorPageMeta(error: unknown) {
  return [{ title: `${describeRouteError(error).title} — Balcão` }, { name: "robots", content: "noindex" }];
}

/** The error page; most visits never see one, so its code loads only when a page fails (the server draws it meanwhile). */
export const ErrorPage = deferredComponent(() => import("./error-page").then((module) => module.ErrorPage));
