import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findImports } from "../../tests/support/import-boundaries";
import { pageCacheKey, showsCatalogue } from "./page-cache.server";

/**
 * A sale drops only the cached pages that show the catalogue (showsCatalogue:
 * /loja, its products, the sitemap). That is right only while no other public
 * page reads the catalogue's tables: here, every public route and the app
 * shell are followed through their imports (type-only ones aside), and no file
 * they reach outside the catalogue's own routes may name `products` or
 * `productUnits` from the inventory schema, or the shop's queries.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

/** The public routes (app/routes.ts's _site layout and the files at the top), by path, and the page they answer. */
const PUBLIC_ROUTES: Record<string, string> = {
  "app/routes/_site/layout.tsx": "/",
  "app/root.tsx": "/",
  "app/routes/_site/home.tsx": "/",
  "app/routes/_site/story.tsx": "/historia",
  "app/routes/_site/contact.tsx": "/contato",
  "app/routes/_site/faq.tsx": "/perguntas",
  "app/routes/_site/blog.tsx": "/blog",
  "app/routes/_site/blog-post.tsx": "/blog/1",
  "app/routes/_site/augmented-reality.tsx": "/realidade-aumentada",
  "app/routes/_site/privacy.tsx": "/privacidade",
  "app/routes/_site/service-order-tracking.tsx": "/consultar",
  "app/routes/_site/loyalty-rules.tsx": "/programa-de-fidelidade",
  "app/routes/_site/not-found.tsx": "/qualquer",
  "app/routes/robots.ts": "/robots.txt",
  "app/routes/blog-rss.ts": "/blog/rss.xml",
  "app/routes/_site/shop.tsx": "/loja",
  "app/routes/_site/shop-product.tsx": "/loja/capa",
  "app/routes/sitemap.ts": "/sitemap.xml",
};

/**
 * Routes that reach the catalogue's tables only for an answer never cached:
 * /consultar shows an order (with its parts) only for a lookup, whose query
 * parameters make pageCacheKey refuse it; its cached page is the empty form.
 */
const READS_ONLY_UNCACHED: Record<string, string> = {
  "app/routes/_site/service-order-tracking.tsx": "/consultar?codigo=ABC123&numero=1&digitos=1234",
};

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith("~/")
    ? path.join("app", specifier.slice(2))
    : specifier.startsWith(".")
      ? path.join(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.(ts|tsx)$/.test(candidate) && fs.existsSync(path.join(ROOT, candidate))) return candidate;
  }
  return null;
}

/** Every app file `entry` reaches through imports that are not type-only. */
function reached(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(path.join(ROOT, file), "utf8");
    for (const { specifier, isTypeOnly } of findImports(text)) {
      const target = isTypeOnly ? null : resolve(file, specifier);
      if (target && !target.endsWith(".test.ts") && !/\+types/.test(target)) queue.push(target);
    }
  }
  return seen;
}

const READS_CATALOGUE = [
  /import\s*\{[^}]*\b(products|productUnits)\b[^}]*\}\s*from\s*["'][^"']*schema\/inventory["']/,
  /from\s*["']~\/modules\/shop\/queries\.server["']/,
  /\bfrom\s+(products|product_units)\b/,
];

describe("the public pages that show the catalogue", () => {
  it("are exactly those a catalogue change drops from the page cache", () => {
    for (const [file, page] of Object.entries(PUBLIC_ROUTES)) {
      const uncached = READS_ONLY_UNCACHED[file];
      if (uncached) {
        expect(pageCacheKey("GET", new URL(`http://loja.test${uncached}`), false), file).toBeNull();
        continue;
      }
      const readers = [...reached(file)].filter((each) =>
        READS_CATALOGUE.some((pattern) => pattern.test(fs.readFileSync(path.join(ROOT, each), "utf8"))),
      );
      expect({ file, readsCatalogue: readers.length > 0 }, readers.join(", ")).toEqual({
        file,
        readsCatalogue: showsCatalogue(page),
      });
    }
  });

  it("lists every public route of app/routes.ts", () => {
    const routes = fs.readFileSync(path.join(ROOT, "app/routes.ts"), "utf8");
    const site = routes.slice(
      routes.indexOf('layout("routes/_site/layout.tsx"'),
      routes.indexOf('layout("routes/_account/layout.tsx"'),
    );
    const files = [...site.matchAll(/"(routes\/_site\/[^"]+)"/g)].map((match) => `app/${match[1]}`);
    for (const file of files) expect(Object.keys(PUBLIC_ROUTES), file).toContain(file);
  });
});
