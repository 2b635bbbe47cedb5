import { AVAILABILITY_SCHEMA, PART_ORIGIN_CONDITION } from "./availability";
import { shopProductHref } from "./catalogue-address";
import type { ShopProduct } from "./queries.server";

/** schema.org Product with its Offer (price in BRL, availability), as search engines read a product page. */
export function productStructuredData(product: ShopProduct, origin: string): Record<string, unknown> {
  const url = `${origin}${shopProductHref(product.slug)}`;
  const images = product.photo
    ? [product.photo.shareUrl, product.photo.src]
        .map((path) => `${origin}${path}`)
        .filter((image, index, all) => all.indexOf(image) === index)
    : [];
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    sku: product.sku,
    url,
    ...(product.gtin13 ? { gtin13: product.gtin13 } : {}),
    ...(product.description ? { description: product.description } : {}),
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand } } : {}),
    ...(product.category ? { category: product.category } : {}),
    ...(images.length > 0 ? { image: images } : {}),
    offers: {
      "@type": "Offer",
      url,
      price: (product.priceCents / 100).toFixed(2),
      priceCurrency: "BRL",
      availability: AVAILABILITY_SCHEMA[product.availability],
      itemCondition: product.partOrigin ? PART_ORIGIN_CONDITION[product.partOrigin] : "https://schema.org/NewCondition",
    },
  };
}
