-- "Avaliação verificada" belongs only to a review imported from a review
-- service's export (issue 21; CDC art. 37). Until now every review carried it
-- by default: a review typed by the staff loses it (nothing verified it), and
-- so does a demo review (fictional people). An imported one keeps it: it came
-- from the service's export, and the staff can now take it off on its page.
UPDATE "reviews" SET "is_verified" = false WHERE "source" <> 'import' AND "is_verified";
