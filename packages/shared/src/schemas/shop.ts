/**
 * The shop's own identity and notices (`GET /api/shop`, `PUT /api/admin/shop`; the contract's
 * "The shop's own identity and notices"): who sells, under which licences, whom to complain to,
 * and the policies a shopper reads before buying. Kept in the database, edited by the admin,
 * written into every page the server sends (the `mandi-shop` slot) so no screen waits for it.
 */
import { z } from 'zod';

/** The policies a shopper can read, each on its own page `/policies/{key}`. */
export const POLICY_KEYS = ['returns', 'refunds', 'delivery', 'privacy', 'terms'] as const;
export type PolicyKey = (typeof POLICY_KEYS)[number];

/** The longest policy text the admin may save (plain text, paragraphs split by blank lines). */
export const POLICY_MAX_LENGTH = 20_000;

const policiesSchema = z.object(
  Object.fromEntries(POLICY_KEYS.map((key) => [key, z.string()])) as Record<PolicyKey, z.ZodString>,
);

export const grievanceOfficerSchema = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type GrievanceOfficer = z.infer<typeof grievanceOfficerSchema>;

export const shopSchema = z.object({
  /** The name shoppers know the shop by (the header, the footer, mails), e.g. "Mandi". */
  name: z.string(),
  /** The seller's registered name, printed on bills (SHOP_LEGAL_NAME fills it on first start). */
  legalName: z.string(),
  address: z.string(),
  /** The Indian state or union territory the shop is in (place of supply on bills). */
  state: z.string(),
  /** 10 digits, or null when not given. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** The 14-digit FSSAI licence or registration number, printed on every bill; null until given. */
  fssaiNumber: z.string().nullable(),
  /** Null: not registered for GST (every bill a Bill of Supply). */
  gstin: z.string().nullable(),
  /** Null: the shop takes no UPI payments (no link or QR). */
  upiId: z.string().nullable(),
  grievanceOfficer: grievanceOfficerSchema,
  /** Plain text in English; `policiesHi` holds the Hindi texts. */
  policies: policiesSchema,
  policiesHi: policiesSchema,
  /** The About page's text when the shop is not the demo (English; `aboutHi` in Hindi). */
  about: z.string(),
  aboutHi: z.string(),
  /**
   * True while the shop still shows the spec's demo identity (the header's external interview link,
   * the "learning project" texts): a demo-seeded database until the first PUT; false with SEED=none.
   */
  demo: z.boolean(),
});
export type Shop = z.infer<typeof shopSchema>;

export const shopAnswerSchema = z.object({ success: z.literal(true), shop: shopSchema });
export type ShopAnswer = z.infer<typeof shopAnswerSchema>;
