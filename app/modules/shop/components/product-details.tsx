import { ChevronRight, MessageCircle, ShieldCheck } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { PART_ORIGIN_LABELS } from "~/modules/inventory/labels";
import { shopListHref } from "../catalogue-address";
import type { ShopProduct } from "../queries.server";
import { AvailabilityBadge } from "./availability-badge";
import { ProductPhoto } from "./product-photo";

/** Up to 640 CSS px wide beside the details on a desktop, the screen's width on a phone. */
const PHOTO_SIZES = "(min-width: 1024px) 560px, (min-width: 640px) 80vw, 100vw";

/**
 * A product's page: photo, name, price, availability, the part's origin (CDC
 * art. 21), "Comprar pelo WhatsApp" and the description. Static: kept as the
 * server drew it.
 */
export function ProductDetails({ product, whatsappHref }: { product: ShopProduct; whatsappHref: string }) {
  const paragraphs = product.description
    .split(/\n\s*\n/)
    .map((text) => text.trim())
    .filter(Boolean);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label="Você está em" className="mb-6 text-sm">
        <ol className="flex flex-wrap items-center gap-1 text-slate-700">
          <li>
            <a href="/loja" className="font-medium text-brand-700 hover:underline">
              Loja
            </a>
          </li>
          {product.category ? (
            <li className="flex items-center gap-1">
              <ChevronRight aria-hidden="true" className="size-4 text-slate-500" />
              <a href={shopListHref({ category: product.category })} className="font-medium text-brand-700 hover:underline">
                {product.category}
              </a>
            </li>
          ) : null}
        </ol>
      </nav>
      <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        <ProductPhoto
          photo={product.photo}
          kind={product.kind}
          category={product.category}
          alt={product.name}
          sizes={PHOTO_SIZES}
          isPriority
          className="rounded-2xl border border-slate-200"
        />
        <div className="space-y-5">
          <header className="space-y-2">
            {product.brand ? (
              <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{product.brand}</p>
            ) : null}
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{product.name}</h1>
          </header>
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-3xl font-bold text-slate-900">{product.priceText}</p>
            <AvailabilityBadge availability={product.availability} className="text-sm" />
          </div>
          {product.partOrigin ? (
            <p className="flex items-start gap-2 rounded-lg bg-slate-50 p-3 text-slate-800">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <span>
                <strong className="font-semibold">Peça {PART_ORIGIN_LABELS[product.partOrigin].toLowerCase()}</strong>
                <span className="block text-sm text-slate-700">Instalação com garantia na nossa assistência.</span>
              </span>
            </p>
          ) : null}
          <a
            href={whatsappHref}
            data-conversao="whatsapp_produto"
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass({ variant: "accent", size: "wrap" }, "w-full text-base font-semibold sm:w-auto")}
          >
            <MessageCircle aria-hidden="true" className="size-5" />
            Comprar pelo WhatsApp
          </a>
          <p className="text-sm text-slate-700">
            {product.availability === "to-order"
              ? "Sob encomenda: fale com a gente e combinamos o prazo."
              : "Combine a compra pelo WhatsApp e retire na loja."}
          </p>
          {paragraphs.length > 0 ? (
            <section aria-labelledby="descricao" className="space-y-3 border-t border-slate-200 pt-5">
              <h2 id="descricao" className="text-lg font-semibold text-slate-900">
                Descrição
              </h2>
              {paragraphs.map((text, index) => (
                <p key={index} className="whitespace-pre-line text-slate-800">
                  {text}
                </p>
              ))}
            </section>
          ) : null}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t border-slate-200 pt-5 text-sm">
            {product.brand ? (
              <>
                <dt className="text-slate-600">Marca</dt>
                <dd className="text-slate-900">{product.brand}</dd>
              </>
            ) : null}
            {product.category ? (
              <>
                <dt className="text-slate-600">Categoria</dt>
                <dd className="text-slate-900">{product.category}</dd>
              </>
            ) : null}
            <dt className="text-slate-600">Código</dt>
            <dd className="text-slate-900">{product.sku}</dd>
          </dl>
        </div>
      </div>
    </div>
  );
}
