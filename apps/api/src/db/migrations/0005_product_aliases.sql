-- Written by hand (drizzle-kit does not write functions): the folding of normaliseSearchText
-- (packages/shared/src/search.ts) for the stored side. Each of name and aliases is lower-cased,
-- decomposed (NFD) and stripped of Latin accents and the Devanagari nukta; they are joined one per
-- line, so a query (which never holds a line break) cannot match across two of them. normalize()
-- is core PostgreSQL (13+, UTF-8 databases), so PGlite and a server agree without extensions.
CREATE OR REPLACE FUNCTION product_search_text(name text, aliases text[]) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
    btrim(regexp_replace(regexp_replace(normalize(lower(term), NFD), '[\u0300-\u036f\u093c]', '', 'g'), '\s+', ' ', 'g')),
    E'\n' ORDER BY position), '')
  FROM unnest(array_prepend(name, aliases)) WITH ORDINALITY AS t(term, position)
$$;--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "aliases" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (product_search_text(name, aliases)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);