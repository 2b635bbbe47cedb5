import type { MetaDescriptor } from "react-router";
import type { DayHours } from "~/modules/shop-settings/opening-hours";

export const SITE_NAME = "Balcão";

/** PUBLIC_URL as the root loader hands it to every page, read from a meta function's `matches`. */
export function siteOrigin(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { origin?: string } | undefined;
  return root?.origin ?? "";
}

/**
 * The head tags of a public page: title, description, canonical URL and Open
 * Graph. `origin` comes from the root loader (PUBLIC_URL), so canonical links
 * never depend on the Host header a client sent.
 */
export function pageMeta({
  title,
  description,
  path,
  origin,
  image,
  type = "website",
}: {
  title: string;
  description: string;
  path: string;
  origin: string;
  image?: string;
  type?: "website" | "article";
}): MetaDescriptor[] {
  const url = `${origin}${path}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
  if (image) tags.push({ property: "og:image", content: image.startsWith("http") ? image : `${origin}${image}` });
  return tags;
}

const SCHEMA_DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export type LocalBusinessShop = {
  name: string;
  legalName: string;
  cnpj: string;
  address: string;
  cep: string;
  city: string;
  state: string;
  whatsapp: string;
  email: string;
  weeklyHours: readonly DayHours[];
  socialLinks: Partial<Record<string, string>>;
};

/** Days with the same hours share one entry, as schema.org allows. */
function openingHours(weeklyHours: readonly DayHours[]) {
  const groups = new Map<string, { opens: string; closes: string; days: string[] }>();
  weeklyHours.forEach((day, index) => {
    if (!day) return;
    const key = `${day.open}-${day.close}`;
    const group = groups.get(key) ?? { opens: day.open, closes: day.close, days: [] };
    group.days.push(SCHEMA_DAYS[index]!);
    groups.set(key, group);
  });
  return [...groups.values()].map((group) => ({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: group.days,
    opens: group.opens,
    closes: group.closes,
  }));
}

/** The shop as schema.org data (an ElectronicsStore is a LocalBusiness), from its settings. */
export function localBusinessData(shop: LocalBusinessShop, origin: string) {
  const digits = shop.whatsapp.replace(/\D/g, "");
  return {
    "@context": "https://schema.org",
    "@type": "ElectronicsStore",
    "@id": `${origin}/#loja`,
    name: shop.name,
    legalName: shop.legalName,
    taxID: shop.cnpj,
    url: `${origin}/`,
    image: `${origin}/favicon.svg`,
    telephone: digits ? `+55${digits}` : undefined,
    email: shop.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: shop.address,
      addressLocality: shop.city,
      addressRegion: shop.state,
      postalCode: shop.cep,
      addressCountry: "BR",
    },
    openingHoursSpecification: openingHours(shop.weeklyHours),
    sameAs: Object.values(shop.socialLinks).filter((link): link is string => Boolean(link)),
  };
}

/** JSON for a <script> element: `<` escaped so no string in the data can close the element. */
export function jsonForScript(data: unknown) {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
