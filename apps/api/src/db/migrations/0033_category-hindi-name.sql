ALTER TABLE "categories" ADD COLUMN "name_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A database still showing the demo gets the demo categories' Hindi names, as a new demo seed
-- does (seed-data.ts); a real shop's categories are its own and stay without one until it names them.
UPDATE "categories" AS c
SET "name_hi" = n."name_hi"
FROM (VALUES
  ('Fruits', 'फल'),
  ('Vegetables', 'सब्ज़ियाँ'),
  ('Leafy Greens', 'पत्तेदार साग'),
  ('Roots & Bulbs', 'कंद-मूल'),
  ('Exotic Fruits', 'विदेशी फल'),
  ('Dairy', 'दूध-दही'),
  ('Nuts & Staples', 'मेवे और राशन')
) AS n("name", "name_hi")
WHERE c."name" = n."name" AND c."name_hi" = ''
  AND EXISTS (SELECT 1 FROM "shop_profile" WHERE "demo");
