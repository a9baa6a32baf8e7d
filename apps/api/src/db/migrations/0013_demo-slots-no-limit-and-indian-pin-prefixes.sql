-- Slots kept with a capacity no shop can fill (the old demo's 1,000,000, the largest allowed)
-- mean no limit: say so with null, which shoppers see as "No limit" rather than "10,00,000 left".
UPDATE "slot_templates" SET "capacity" = NULL WHERE "capacity" >= 1000000;--> statement-breakpoint
-- Indian PIN codes start with 1 to 8: the prefixes 0 and 9 (the old demo's "All India" zone)
-- matched no PIN code the shop accepts now. A zone keeps them only if they are all it has.
UPDATE "delivery_zones"
SET "pin_prefixes" = ARRAY(SELECT p FROM unnest("pin_prefixes") AS p WHERE p ~ '^[1-8]')
WHERE EXISTS (SELECT 1 FROM unnest("pin_prefixes") AS p WHERE p !~ '^[1-8]')
  AND EXISTS (SELECT 1 FROM unnest("pin_prefixes") AS p WHERE p ~ '^[1-8]');
