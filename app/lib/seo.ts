import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Balcão";

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
