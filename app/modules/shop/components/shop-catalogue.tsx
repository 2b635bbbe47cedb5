import { PackageSearch, Search } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Pager } from "~/components/ui/pager";
import { cx } from "~/lib/class-names";
import { SHOP_PARAMS, SHOP_SEARCH_MAX_LENGTH, shopListHref, shopProductHref, type ShopListQuery } from "../catalogue-address";
import type { ShopProductCard } from "../queries.server";
import { AvailabilityBadge } from "./availability-badge";
import { ProductPhoto } from "./product-photo";

/** Drawn at 2 columns on a phone, 3 on a tablet, 4 from 1024 px (max-w-6xl). */
const CARD_IMAGE_SIZES = "(min-width: 1024px) 270px, (min-width: 640px) 30vw, 45vw";
/** The cards of the first row at the widest layout: their photos are in the first screen. */
const FIRST_ROW = 4;

/**
 * The /loja list: search, category links, the cards and the pager. Plain
 * links and a GET form, so all of it works before (and without) JavaScript;
 * the page keeps this HTML as the server drew it (a static section).
 */
export function ShopCatalogue({
  categories,
  query,
  products,
  hasNextPage,
  isSearchCapped,
  isSearchTooShort,
}: {
  categories: string[];
  query: ShopListQuery;
  products: ShopProductCard[];
  hasNextPage: boolean;
  isSearchCapped: boolean;
  isSearchTooShort: boolean;
}) {
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <search aria-label="Buscar na loja">
        <form method="get" action="/loja" className="flex gap-2">
          {query.category ? <input type="hidden" name={SHOP_PARAMS.category} value={query.category} /> : null}
          <label htmlFor="busca-loja" className="sr-only">
            Buscar por nome ou marca
          </label>
          <input
            id="busca-loja"
            type="search"
            name={SHOP_PARAMS.search}
            defaultValue={query.search ?? ""}
            maxLength={SHOP_SEARCH_MAX_LENGTH}
            placeholder="Nome ou marca"
            autoComplete="off"
            className="h-11 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 text-slate-900 placeholder:text-slate-500"
          />
          <button type="submit" className={buttonClass()}>
            <Search aria-hidden="true" className="size-4" />
            Buscar
          </button>
        </form>
      </search>

      {categories.length > 0 ? (
        <nav aria-label="Categorias">
          {/* One scrolling row on a phone (the list would otherwise push the products down), wrapped from 640 px. */}
          <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
            <li>
              <CategoryLink href={shopListHref({ search: query.search })} isCurrent={query.category === null}>
                Todas
              </CategoryLink>
            </li>
            {categories.map((category) => (
              <li key={category}>
                <CategoryLink href={shopListHref({ category, search: query.search })} isCurrent={query.category === category}>
                  {category}
                </CategoryLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {query.search ? (
        <p className="text-slate-700">
          {isSearchTooShort
            ? "Digite pelo menos 3 letras de um nome ou marca para buscar."
            : `${products.length === 0 ? "Nada encontrado" : "Resultados"} para “${query.search}”${query.category ? ` em ${query.category}` : ""}.`}
          {isSearchCapped ? " Muitos produtos combinam: acrescente uma palavra para achar o seu." : ""}{" "}
          <a href={shopListHref({ category: query.category })} className="font-medium text-brand-700 underline">
            Limpar busca
          </a>
        </p>
      ) : null}

      {products.length === 0 ? (
        <EmptyState icon={<PackageSearch aria-hidden="true" className="size-10" />} title="Nenhum produto por aqui">
          {query.search || query.category
            ? "Tente outra palavra ou outra categoria, ou fale com a gente pelo WhatsApp: encomendamos para você."
            : "Em breve nossos produtos aparecem aqui. Enquanto isso, fale com a gente pelo WhatsApp."}
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4">
          {products.map((product, index) => (
            <li key={product.id}>
              <ProductCard product={product} isAboveTheFold={index < FIRST_ROW} />
            </li>
          ))}
        </ul>
      )}

      <Pager
        label="Páginas da loja"
        page={query.page}
        hasNextPage={hasNextPage}
        hrefFor={(page) => shopListHref({ ...query, page })}
        previousLabel="Anteriores"
        nextLabel="Mais produtos"
      />
    </div>
  );
}

function CategoryLink({ href, isCurrent, children }: { href: string; isCurrent: boolean; children: string }) {
  return (
    <a
      href={href}
      aria-current={isCurrent ? "page" : undefined}
      className={cx(
        "inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap",
        isCurrent
          ? "border-brand-700 bg-brand-700 text-white"
          : "border-slate-300 bg-white text-slate-800 hover:border-brand-700 hover:text-brand-700",
      )}
    >
      {children}
    </a>
  );
}

/** One product: the whole card is its link's target area, the name is the link's text. */
function ProductCard({ product, isAboveTheFold }: { product: ShopProductCard; isAboveTheFold: boolean }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <ProductPhoto
        photo={product.photo}
        kind={product.kind}
        category={product.category}
        alt=""
        sizes={CARD_IMAGE_SIZES}
        isAboveTheFold={isAboveTheFold}
      />
      <div className="flex flex-1 flex-col gap-1.5 p-3 sm:p-4">
        <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{product.brand || product.category}</p>
        <h2 className="text-sm leading-snug font-semibold text-slate-900 sm:text-base">
          <a href={shopProductHref(product.slug)} className="after:absolute after:inset-0 group-hover:text-brand-700">
            {product.name}
          </a>
        </h2>
        <div className="mt-auto space-y-2 pt-2">
          <p className="text-lg font-bold text-slate-900">{product.priceText}</p>
          <AvailabilityBadge availability={product.availability} />
        </div>
      </div>
    </article>
  );
}
