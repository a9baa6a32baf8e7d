-- Written by hand: the planner takes pg_trgm's word similarity operators (`<%`, `%>`) for as cheap
-- as an equality (cost 1), so for a word many products hold ("fresh") it scanned every product and
-- computed the similarity of each (40-60 ms at 10,000 products) instead of reading the trigram
-- index (4 ms). Their real cost is a hundred times that. A database user that does not own the
-- extension's functions (pg_trgm created by another role) keeps the default: slower, never wrong.
DO $$
BEGIN
  ALTER FUNCTION word_similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'word similarity left at its default cost: this user does not own pg_trgm''s functions';
END
$$;
