/**
 * The shop's own identity and notices (`GET /api/shop`, `PUT /api/admin/shop`; the contract's
 * "The shop's own identity and notices"): who sells, under which licences, whom to complain to,
 * and the policies a shopper reads before buying. Kept in the database, edited by the admin,
 * written into every page the server sends (the `mandi-shop` slot) so no screen waits for it.
 */
import { z } from 'zod';
import { schemaMessage } from '../server-messages.js';

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
  /** The home page's line about the shop (English; `taglineHi` in Hindi), written by the owner. */
  tagline: z.string(),
  taglineHi: z.string(),
  /**
   * True while the shop still shows the spec's demo identity (the header's external interview link,
   * the "learning project" texts): a demo-seeded database until the first PUT; false with SEED=none.
   */
  demo: z.boolean(),
  /** `HH:MM`: changes to a date's standing orders close then, the evening before (contract part 4). */
  subscriptionCutoff: z.string(),
});
export type Shop = z.infer<typeof shopSchema>;

export const shopAnswerSchema = z.object({ success: z.literal(true), shop: shopSchema });

/**
 * What every page carries of the shop (its `mandi-shop` slot): the profile without the policies
 * (five long texts in two languages, most of the profile's bytes), which only their pages ask for.
 */
export type ShopIdentity = Omit<Shop, 'policies' | 'policiesHi'>;
export type ShopAnswer = z.infer<typeof shopAnswerSchema>;

/** The longest shop name, legal name and address the admin may save. */
export const SHOP_NAME_MAX_LENGTH = 100;
export const SHOP_ADDRESS_MAX_LENGTH = 300;
/** The longest About text (each language). */
export const ABOUT_MAX_LENGTH = 5_000;
/** The longest home-page line (each language): a sentence or two. */
export const TAGLINE_MAX_LENGTH = 200;

/** A UPI virtual payment address: `name@bank` (the same rule as SHOP_UPI_ID). */
export const UPI_ID_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;

/** Text that may be left out: empty (after trimming) means null. */
const optionalText = (inner: z.ZodType<string, string>) =>
  z
    .string()
    .trim()
    .nullable()
    .transform((value) => (value ? value : null))
    .pipe(inner.nullable());

const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

const tenDigits = (message: string) => z.string().regex(/^\d{10}$/, message);
const emailText = z
  .string()
  .max(254, schemaMessage('emailTooLong'))
  .pipe(z.email({ error: schemaMessage('emailInvalid') }))
  .transform((email) => email.toLowerCase());

const policyText = z.string().max(POLICY_MAX_LENGTH, schemaMessage('policyMax', { max: POLICY_MAX_LENGTH }));
const policiesUpdateSchema = z.strictObject(
  Object.fromEntries(POLICY_KEYS.map((key) => [key, policyText.optional()])) as Record<
    PolicyKey,
    z.ZodOptional<typeof policyText>
  >,
  { error: schemaMessage('shopFieldsUnknown') },
);
const aboutText = z.string().max(ABOUT_MAX_LENGTH, schemaMessage('aboutMax', { max: ABOUT_MAX_LENGTH }));
const taglineText = z
  .string()
  .trim()
  .max(TAGLINE_MAX_LENGTH, schemaMessage('taglineMax', { max: TAGLINE_MAX_LENGTH }));

/**
 * `PUT /api/admin/shop`: any subset of the profile's fields (a policy or the grievance officer's
 * fields may be sent alone too); a field left out keeps its value, an empty optional field becomes
 * null, an unknown field is refused. The GSTIN's state code and check character are checked by the
 * server against the state saved with it (`gstinProblemOf` in the kernel does the same in the form).
 */
export const shopUpdateBodySchema = z
  .strictObject(
    {
      name: requiredText(SHOP_NAME_MAX_LENGTH, schemaMessage('shopNameLength', { max: SHOP_NAME_MAX_LENGTH })),
      legalName: requiredText(
        SHOP_NAME_MAX_LENGTH,
        schemaMessage('shopLegalNameLength', { max: SHOP_NAME_MAX_LENGTH }),
      ),
      address: requiredText(
        SHOP_ADDRESS_MAX_LENGTH,
        schemaMessage('shopAddressLength', { max: SHOP_ADDRESS_MAX_LENGTH }),
      ),
      /** Any capitalisation, `&` for `and`: saved as the canonical name. */
      state: z.string({ error: schemaMessage('shopStateUnknown') }).trim(),
      phone: optionalText(tenDigits(schemaMessage('shopPhoneDigits'))),
      email: optionalText(emailText),
      fssaiNumber: optionalText(z.string().regex(/^\d{14}$/, schemaMessage('fssaiDigits'))),
      gstin: optionalText(z.string().toUpperCase().pipe(z.string().min(1))),
      upiId: optionalText(z.string().regex(UPI_ID_PATTERN, schemaMessage('upiIdInvalid'))),
      grievanceOfficer: z
        .strictObject(
          {
            name: optionalText(
              z.string().max(SHOP_NAME_MAX_LENGTH, schemaMessage('grievanceNameMax', { max: SHOP_NAME_MAX_LENGTH })),
            ),
            email: optionalText(emailText),
            phone: optionalText(tenDigits(schemaMessage('grievancePhoneDigits'))),
          },
          { error: schemaMessage('shopFieldsUnknown') },
        )
        .partial(),
      policies: policiesUpdateSchema,
      policiesHi: policiesUpdateSchema,
      about: aboutText,
      aboutHi: aboutText,
      tagline: taglineText,
      taglineHi: taglineText,
      subscriptionCutoff: z
        .string({ error: schemaMessage('subscriptionCutoffClock') })
        .trim()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, schemaMessage('subscriptionCutoffClock')),
    },
    { error: schemaMessage('shopFieldsUnknown') },
  )
  .partial()
  // A save that names no field would change nothing but `demo`: bad input, refused (nothing saved).
  .refine(
    (update) =>
      Object.values(update).some((value) =>
        value !== null && typeof value === 'object'
          ? Object.values(value).some((inner) => inner !== undefined)
          : value !== undefined,
      ),
    { error: schemaMessage('shopNothingToSave') },
  );
export type ShopUpdateBody = z.input<typeof shopUpdateBodySchema>;
export type ShopUpdate = z.output<typeof shopUpdateBodySchema>;
