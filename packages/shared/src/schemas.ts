/**
 * Validation rules shared by the server (authoritative) and the browser (early feedback).
 * Schemas end in `Schema`; the inferred type takes the bare name.
 */
import { z } from 'zod';
import {
  COMMENT_MAX_LENGTH,
  MOBILE_NUMBER_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PIN_CODE_LENGTH,
  RATING_MAX,
  SHIPPING_FIELD_MAX_LENGTH,
} from './constants.js';
import { MESSAGES } from './messages.js';

/** A number sent as a JSON number or as a numeric string ("1.5"); anything else is refused. */
export const numericSchema = z.union([
  z.number().finite(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, 'must be a number')
    .transform(Number),
]);

const digitsSchema = (length: number, message: string) =>
  z.union([z.string(), z.number()]).transform((value, ctx) => {
    const text = String(value).trim();
    if (!new RegExp(`^\\d{${length}}$`).test(text)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return text;
  });

const requiredText = (max: number) =>
  z
    .string({ error: MESSAGES.allFieldsRequired })
    .trim()
    .min(1, MESSAGES.allFieldsRequired)
    .max(max, `must be at most ${max} characters`);

export const shippingInfoSchema = z.object({
  address: requiredText(SHIPPING_FIELD_MAX_LENGTH),
  city: requiredText(SHIPPING_FIELD_MAX_LENGTH),
  mobileNumber: digitsSchema(MOBILE_NUMBER_LENGTH, MESSAGES.mobileLength),
  pinCode: digitsSchema(PIN_CODE_LENGTH, MESSAGES.pinLength),
});
export type ShippingInfo = z.infer<typeof shippingInfoSchema>;

const personName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters`);

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Email is not valid' }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const registerSchema = z
  .object({
    firstName: personName('First name'),
    lastName: personName('Last name'),
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: 'Confirm password is required' }),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: 'Password and confirm password do not match',
    path: ['confirmPassword'],
  });
export type Register = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: z.string({ error: 'Email and password are required' }).trim().min(1).max(254),
  password: z.string({ error: 'Email and password are required' }).min(1).max(PASSWORD_MAX_LENGTH),
});

export const newPasswordSchema = z
  .object({
    password: passwordSchema,
    confirm_password: z.string({ error: 'Confirm password is required' }),
  })
  .refine((body) => body.password === body.confirm_password, {
    message: 'Password and confirm password do not match',
    path: ['confirm_password'],
  });

export const reviewSchema = z.object({
  comment: z
    .string({ error: 'Comment is required' })
    .trim()
    .min(1, 'Comment is required')
    .max(COMMENT_MAX_LENGTH, `Comment must be at most ${COMMENT_MAX_LENGTH} characters`),
  ratings: numericSchema.pipe(
    z
      .number()
      .int('Rating must be a whole number from 1 to 5')
      .min(1, 'Rating must be a whole number from 1 to 5')
      .max(RATING_MAX, 'Rating must be a whole number from 1 to 5'),
  ),
});
export * from './search-schemas.js';
