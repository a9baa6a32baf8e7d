/** The shop module's tables (db/schema.ts gathers every module's). Money in paise, weights in grams. */
import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The shop's own identity and notices (decision 0028): one row (id 1), filled from the SHOP_*
 * settings on first start, then edited by the admin. Policies are JSON objects of plain texts by
 * policy key (returns, refunds, delivery, privacy, terms).
 */
export const shopProfile = pgTable(
  'shop_profile',
  {
    id: smallint('id').primaryKey().default(1),
    name: text('name').notNull(),
    legalName: text('legal_name').notNull(),
    address: text('address').notNull(),
    state: text('state').notNull(),
    phone: text('phone'),
    email: text('email'),
    fssaiNumber: text('fssai_number'),
    gstin: text('gstin'),
    upiId: text('upi_id'),
    grievanceName: text('grievance_name'),
    grievanceEmail: text('grievance_email'),
    grievancePhone: text('grievance_phone'),
    policies: jsonb('policies').$type<Record<string, string>>().notNull(),
    policiesHi: jsonb('policies_hi').$type<Record<string, string>>().notNull(),
    about: text('about').notNull(),
    aboutHi: text('about_hi').notNull(),
    /**
     * The home page's line under the shop's name (decision 0056); like the About and the policies it
     * may hold `{shop}`, read as the shop's name as it is now, so a rename carries into the texts.
     */
    tagline: text('tagline').notNull().default('Fruit, vegetables and dairy, weighed and billed to the gram.'),
    taglineHi: text('tagline_hi').notNull().default('फल, सब्ज़ियाँ और डेयरी, तौलकर ग्राम तक का बिल।'),
    /** True while the shop shows the spec's demo identity: a demo-seeded database until the first save. */
    demo: boolean('demo').notNull(),
    /** Changes to a date's standing orders close at this time (`HH:MM`, shop time) the evening before (decision 0064). */
    subscriptionCutoff: text('subscription_cutoff').notNull().default('21:00'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shop_profile_one_row', sql`${t.id} = 1`),
    check('shop_profile_subscription_cutoff', sql`${t.subscriptionCutoff} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);
