-- Trigram indexes make "contains" searches (customer name, device model) fast on 100 000 rows.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
