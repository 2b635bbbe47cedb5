import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { describeRouteError } from "./route-error";

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
