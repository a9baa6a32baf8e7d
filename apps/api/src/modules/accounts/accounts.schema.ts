/** The accounts module's tables (db/schema.ts gathers every module's). Money in paise, weights in grams. */
import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';

export const roleEnum = pgEnum('role', ['Admin', 'User']);
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull().default('User'),
    /** The interface language the user chose ('en' or 'hi', decision 0011): their mails are written in it. */
    language: text('language', { enum: ['en', 'hi'] })
      .notNull()
      .default('en'),
    /**
     * When the person behind the address followed the link mailed to it (or a reset link, decision
     * 0055). Until then the address gets the confirmation and reset mails only: an account cannot
     * send the shop's order, complaint or goodbye mails to somebody else's inbox.
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_language_known', sql`${t.language} in ('en', 'hi')`),
    /** The admin users search is `lower(...) like '%text%'` on the full name or the email: trigram indexes serve it. */
    index('users_name_trgm_idx').using('gin', sql`lower(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
  ],
);
/**
 * A shopper's saved addresses (accounts module, decision 0025): the checkout's shipping fields with a
 * label. `last_used_at` is set when an order placed to the same address commits; checkout offers the
 * most recent first. The rows go with the user (cascade).
 */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    pinCode: text('pin_code').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('saved_addresses_user_idx').on(t.userId)],
);
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);
/** Mailed links that confirm a user's address (decision 0055): stored hashed, single use, a week long. */
export const emailConfirmationTokens = pgTable(
  'email_confirmation_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('email_confirmation_tokens_user_idx').on(t.userId)],
);
