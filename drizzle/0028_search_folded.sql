DROP INDEX "customers_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_shop_search_idx";--> statement-breakpoint
CREATE INDEX "customers_name_folded_trgm_idx" ON "customers" USING gin (lower(translate("name", 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ', 'aaaaaaeeeeiiiiooooouuuucnyyAAAAAAEEEEIIIIOOOOOUUUUCNY')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_folded_trgm_idx" ON "products" USING gin (lower(translate("name", 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ', 'aaaaaaeeeeiiiiooooouuuucnyyAAAAAAEEEEIIIIOOOOOUUUUCNY')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_shop_folded_search_idx" ON "products" USING gin (lower(translate(("name" || ' ' || "brand"), 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ', 'aaaaaaeeeeiiiiooooouuuucnyyAAAAAAEEEEIIIIOOOOOUUUUCNY')) gin_trgm_ops) WHERE "products"."shown_in_shop" and "products"."archived_at" is null;