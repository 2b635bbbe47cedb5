import type { MetaDescriptor } from "react-router";

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

/** JSON for a <script> element: `<` escaped so no string in the data can close the element. */
export function jsonForScript(data: unknown) {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
