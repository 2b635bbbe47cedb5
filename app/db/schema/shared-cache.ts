import { pgSequence } from "drizzle-orm/pg-core";

/**
 * Moves on every change another instance must see at once (public content,
 * the shop settings): each server on the same PostgreSQL reads its value every
 * few seconds and drops its in-memory caches when it moved
 * (lib/shared-cache.server.ts, decision "several instances"). A sequence, not
 * a row: `nextval` takes no lock and is never rolled back, so a busy register
 * never waits on it.
 */
export const sharedCacheVersion = pgSequence("shared_cache_version");

/**
 * Moves on every change of the shop's catalogue alone (a sale, a stock
 * movement, a product): the other instances drop only the pages that show
 * the catalogue (/loja, its products, the sitemap), not the whole site.
 */
export const sharedCatalogueVersion = pgSequence("shared_catalogue_version");
