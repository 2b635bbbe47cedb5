import type { DatedClosure, DayHours } from "~/db/schema/shop-settings";

/** The shop as schema.org LocalBusiness data, on every public page (BRIEF §5). */
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
  /** Holidays ahead: search engines show the shop as closed on them. */
  closures: readonly DatedClosure[];
  /** The logo from the settings page (a path on this site); the site's icon when there is none. */
  logo: { src: string } | null;
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
    image: shop.logo ? new URL(shop.logo.src, origin).href : `${origin}/favicon.svg`,
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
    // A closed day is an entry without hours (schema.org's "closed on these dates").
    specialOpeningHoursSpecification: shop.closures.length
      ? shop.closures.map((closure) => ({
          "@type": "OpeningHoursSpecification",
          validFrom: closure.date,
          validThrough: closure.date,
        }))
      : undefined,
    sameAs: Object.values(shop.socialLinks).filter((link): link is string => Boolean(link)),
  };
}
