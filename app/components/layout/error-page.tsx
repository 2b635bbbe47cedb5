import { isRouteErrorResponse, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

const PAGES: Record<number, { title: string; text: string }> = {
  403: {
    title: "Área restrita à equipe",
    text: "Esta página é usada pela equipe da loja. Se você é cliente, acompanhe seus consertos em Minha conta.",
  },
  404: {
    title: "Página não encontrada",
    text: "O endereço que você abriu não existe ou mudou de lugar.",
  },
  500: {
    title: "Algo deu errado",
    text: "Tivemos um problema ao abrir esta página. Tente de novo em instantes.",
  },
};

const OWNER_ONLY_PAGE = {
  title: "Área restrita ao proprietário",
  text: "Esta página é usada só pelo proprietário da loja. Peça a ele se precisar de acesso.",
};

/** What a thrown response or error means to the person who hit it. */
function describeRouteError(error: unknown) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const isOwnerOnly = isRouteErrorResponse(error) && (error.data as { reason?: string } | null)?.reason === "owner-only";
  return { status, ...(isOwnerOnly ? OWNER_ONLY_PAGE : (PAGES[status] ?? PAGES[500]!)) };
}

/** The error page's document title: the route that failed never renders its own meta. */
export function errorPageMeta(error: unknown) {
  return [{ title: `${describeRouteError(error).title} — Balcão` }, { name: "robots", content: "noindex" }];
}

export function ErrorPage({ error }: { error: unknown }) {
  const { status, ...page } = describeRouteError(error);
  return (
    <main id="conteudo" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-20 text-center">
      <p className="text-5xl font-bold text-brand-700">{status}</p>
      <h1 className="text-2xl font-bold text-slate-900">{page.title}</h1>
      <p className="text-slate-700">{page.text}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass()}>
          Voltar ao início
        </Link>
        {status === 403 ? (
          <Link to="/dashboard" className={buttonClass({ variant: "outline" })}>
            Minha conta
          </Link>
        ) : null}
      </div>
    </main>
  );
}
