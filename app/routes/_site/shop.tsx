import { redirect } from "react-router";
import { PageIntro } from "~/components/layout/page-intro";
import { staticSection } from "~/components/ui/static-section";
import { pageMeta, siteOrigin } from "~/lib/seo";
import { readShopListQuery, shopListHref } from "~/modules/shop/catalogue-address";
import { isSearchable, listShopCategories, listShopProducts } from "~/modules/shop/queries.server";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import type { Route } from "./+types/shop";

// Nothing in the catalogue reacts (links and a GET form): the browser keeps the server's HTML and loads none of its code.
const StaticCatalogue = staticSection(() =>
  import("~/modules/shop/components/shop-catalogue").then((module) => module.ShopCatalogue),
);

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { query, shopName } = loaderData;
  const subject = query.search ? `Busca “${query.search}”` : query.category;
  const pageSuffix = query.page > 1 ? `, página ${query.page}` : "";
  return pageMeta({
    title: `${subject ? `${subject} — ` : ""}Loja${pageSuffix} — ${shopName}`,
    description: query.category
      ? `${query.category} na loja da ${shopName}: preços, disponibilidade e compra pelo WhatsApp.`
      : `Celulares, acessórios, peças e serviços da ${shopName}: preços, disponibilidade e compra pelo WhatsApp.`,
    path: shopListHref(query),
    origin: siteOrigin(matches),
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  const query = readShopListQuery(new URL(request.url).searchParams);
  if (!query) throw redirect("/loja");
  const [categories, page, shop] = await Promise.all([listShopCategories(), listShopProducts(query), getShopSettings()]);
  // An unknown category (an old link, a typo) is not a page of its own: the whole shop, with the search kept.
  if (query.category && !categories.includes(query.category)) throw redirect(shopListHref({ search: query.search }));
  // Past the last page: the first one.
  if (query.page > 1 && page.products.length === 0) throw redirect(shopListHref({ ...query, page: 1 }));
  return {
    shopName: shop.name,
    categories,
    query,
    ...page,
    isSearchTooShort: Boolean(query.search && !isSearchable(query.search)),
  };
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { categories, query, products, hasNextPage, isSearchCapped, isSearchTooShort } = loaderData;
  return (
    <main id="conteudo">
      <PageIntro title="Loja">
        <p>Celulares, acessórios, peças com garantia e serviços de gráfica. Viu algo que gostou? Compre pelo WhatsApp.</p>
      </PageIntro>
      <StaticCatalogue
        categories={categories}
        query={query}
        products={products}
        hasNextPage={hasNextPage}
        isSearchCapped={isSearchCapped}
        isSearchTooShort={isSearchTooShort}
      />
    </main>
  );
}
