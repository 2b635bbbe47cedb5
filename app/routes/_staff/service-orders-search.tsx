import { SearchBox } from "~/components/ui/search-box";
import { Search } from "lucide-react";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { EmptyState } from "~/components/ui/empty-state";
import { ServiceOrderRows } from "~/modules/service-orders/components/service-order-rows";
import { SEARCH_RESULT_LIMIT } from "~/modules/service-orders/list-limits";
import { searchServiceOrders } from "~/modules/service-orders/queries.server";
import type { Route } from "./+types/service-orders-search";
import { searchTextOf } from "~/lib/text-input";

const MAX_QUERY_LENGTH = 100;

export const meta = () => staffAreaMeta("serviceOrderSearch");

export async function loader({ request }: Route.LoaderArgs) {
  const query = searchTextOf(new URL(request.url).searchParams.get("q"), MAX_QUERY_LENGTH);
  return { query, results: query ? await searchServiceOrders(query) : [] };
}

export default function ServiceOrdersSearch({ loaderData }: Route.ComponentProps) {
  const { query, results } = loaderData;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Buscar ordem de serviço</h1>
      <SearchBox
        label="Buscar"
        name="q"
        query={query}
        maxLength={MAX_QUERY_LENGTH}
        hint="Número da OS, código de acompanhamento, nome do cliente, telefone (inteiro ou os 4 últimos dígitos), CPF/CNPJ, IMEI/série (o começo ou o fim) ou modelo."
        focusOnLoad={!query}
      />

      {!query ? null : results.length === 0 ? (
        <EmptyState icon={<Search aria-hidden className="size-10" />} title="Nenhuma ordem de serviço encontrada">
          <p>
            Confira o que foi digitado: o número da OS, o código do comprovante, parte do nome ou do modelo (3 letras ou mais), o
            telefone com DDD ou os últimos dígitos (4 ou mais), o CPF/CNPJ ou o começo ou o fim do IMEI/série (4 caracteres ou
            mais).
          </p>
        </EmptyState>
      ) : (
        <section aria-labelledby="busca-resultado" className="space-y-2">
          <h2 id="busca-resultado" className="text-sm font-normal text-slate-600">
            {results.length === 1 ? "1 ordem de serviço encontrada" : `${results.length} ordens de serviço encontradas`} para “
            {query}”
            {results.length >= SEARCH_RESULT_LIMIT
              ? ` (as ${SEARCH_RESULT_LIMIT} mais recentes: refine a busca para ver outras)`
              : ""}
            .
          </h2>
          <ServiceOrderRows rows={results} label={`Resultados para ${query}`} />
        </section>
      )}
    </div>
  );
}
