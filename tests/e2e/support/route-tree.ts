import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";

/**
 * Every route of app/routes.ts with who may open it, decided by the layout it
 * sits under, so a spec that walks the tree checks a new route the day it is added.
 */
export type Audience = "public" | "signed-in" | "staff" | "finance" | "owner" | "resource";
export type RouteCase = { pattern: string; path: string; file: string; audience: Audience };

const AUDIENCE_OF_LAYOUT: Record<string, Audience> = {
  "routes/_site/layout.tsx": "public",
  "routes/_account/layout.tsx": "signed-in",
  "routes/_staff/layout.tsx": "staff",
  /** The owner, and staff the owner granted "Financeiro" (the shared staff user has no grant). */
  "routes/_finance/layout.tsx": "finance",
  "routes/_owner/layout.tsx": "owner",
};
/** better-auth's endpoints (JSON) and uploaded files (images): not pages. */
export const NOT_PAGES = new Set(["/api/auth/*", "/arquivos/:file"]);
/** Files for search engines and feed readers, outside every layout: the same for everyone, no HTML. */
const PUBLIC_RESOURCES = new Set(["/sitemap.xml", "/robots.txt", "/blog/rss.xml"]);
const SPLAT_PATH = `/rota-inexistente-${crypto.randomUUID().slice(0, 8)}/sub`;

function joinPaths(parent: string, child: string | undefined) {
  if (!child) return parent || "/";
  return `${parent.replace(/\/$/, "")}/${child}`;
}

function samplePath(pattern: string) {
  return pattern.replace(/:[A-Za-z]+\??/g, "1").replace(/\/\*$/, SPLAT_PATH);
}

function collectRoutes(entries: RouteConfigEntry[], parentPath = "", audience?: Audience): RouteCase[] {
  return entries.flatMap((entry) => {
    const pattern = joinPaths(parentPath, entry.path);
    const own = AUDIENCE_OF_LAYOUT[entry.file] ?? audience;
    if (entry.children?.length) return collectRoutes(entry.children, entry.path ? pattern : parentPath, own);
    if (PUBLIC_RESOURCES.has(pattern) || NOT_PAGES.has(pattern))
      return [{ pattern, path: pattern, file: entry.file, audience: "resource" as const }];
    if (!own) throw new Error(`${entry.file} não está sob nenhum layout conhecido: diga aqui quem pode abri-la.`);
    return [{ pattern, path: samplePath(pattern), file: entry.file, audience: own }];
  });
}

/** Every route, better-auth's endpoints and uploaded files included. */
export const EVERY_ROUTE = collectRoutes(routes);
/** The pages and resources of the tree (better-auth and uploaded files left out: see NOT_PAGES). */
export const ROUTES = EVERY_ROUTE.filter((route) => !NOT_PAGES.has(route.pattern));
