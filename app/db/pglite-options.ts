import type { PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * Extensions the migrations create (drizzle/0002_search_extensions.sql).
 * PostgreSQL ships them in contrib; PGlite must be given them when it opens.
 */
export const PGLITE_OPTIONS = { extensions: { pg_trgm } } satisfies PGliteOptions;
