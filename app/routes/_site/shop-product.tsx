import { data } from "react-router";
import { useRootData } from "~/components/layout/root-data";
import { StructuredData } from "~/components/structured-data";
import { staticSection } from "~/components/ui/static-section";
import { pageMeta, siteOrigin } from "~/lib/seo";
import { whatsappLink } from "~/lib/whatsapp";
import { shopProductMessage } from "~/lib/whatsapp-messages";
import { productStructuredData } from "~/modules/shop/structured-data";
import { AVAILABILITY_LABELS } from "~/modules/shop/availability";
import { shopProductHref } from "~/modules/shop/catalogue-address";
import { findShopProduct } from "~/modules/shop/queries.server";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import type { Route } from "./+types/shop-product";

// The page has nothing to react: its HTML stays as the server drew it and its code is never downloaded.
const StaticProductDetails = staticSection(() =>
  import("~/modules/shop/components/product-details").then((module) => module.ProductDetails),
);

const DESCRIPTION_LENGTH = 155;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { product, shopName } = loaderData;
  const summary = `${product.name} por ${product.priceText}. ${AVAILABILITY_LABELS[product.availability]}. Compre pelo WhatsApp.`;
  const description = product.description.replace(/\s+/g, " ").trim();
  return pageMeta({
    title: `${product.name} — Loja — ${shopName}`,
    description:
      description.length === 0
        ? summary
        : description.length > DESCRIPTION_LENGTH
          ? `${description.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`
          : description,
    path: shopProductHref(product.slug),
    origin: siteOrigin(matches),
    image: product.photo?.shareUrl,
  });
}

export async function loader({ params }: Route.LoaderArgs) {
  const [product, shop] = await Promise.all([findShopProduct(params.slug), getShopSettings()]);
  if (!product) throw data(null, { status: 404 });
  return {
    shopName: shop.name,
    product,
    whatsappHref: whatsappLink(shop.whatsapp, shopProductMessage(product.name, product.priceText, product.availability)),
  };
}

export default function ShopProduct({ loaderData }: Route.ComponentProps) {
  const { product, whatsappHref } = loaderData;
  const origin = useRootData()?.origin ?? "";
  return (
    <main id="conteudo">
      <StructuredData data={productStructuredData(product, origin)} />
      <StaticProductDetails product={product} whatsappHref={whatsappHref} />
    </main>
  );
}
