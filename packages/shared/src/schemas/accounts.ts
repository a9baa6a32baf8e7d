/** Accounts: register, log in, passwords, roles, and the public user shape. */
import { z } from 'zod';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from '../constants.js';
import { idSchema } from './common.js';

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

export const resetEmailSchema = z.object({ email: emailSchema });

/** The interface language a user chose (decision 0011); their mails are written in it. */
export const languageSchema = z.object({
  language: z.enum(['en', 'hi'], { error: 'language must be en or hi' }),
});
export const languageAnswerSchema = z.object({ success: z.literal(true), language: z.enum(['en', 'hi']) });

/** `UserRole`: the original API's request field for the role change. */
export const roleChangeSchema = z.object({
  UserRole: z.enum(ROLES, { error: `UserRole must be one of: ${ROLES.join(', ')}` }),
});

/** The public view of a user: never a password hash or token. */
export const userSchema = z.object({
  _id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type User = z.infer<typeof userSchema>;

export const loggedUserAnswerSchema = z.object({ success: z.literal(true), user: userSchema });
/** No session: 401 with `user: null` and an empty message (what the original clients expect). */
export const noLoggedUserAnswerSchema = z.object({
  success: z.literal(false),
  user: z.null(),
  message: z.literal(''),
});

/** `NewUser`: the original API's name for the created account. */
export const registerAnswerSchema = z.object({ success: z.literal(true), message: z.string(), NewUser: userSchema });
export const loginAnswerSchema = z.object({ success: z.literal(true), message: z.string(), user: userSchema });

/** `AllUsers` and `userDocCount`: the original API's names for the admin user list. */
export const usersAnswerSchema = z.object({
  success: z.literal(true),
  AllUsers: z.array(userSchema),
  userDocCount: z.number().int(),
});

/** `isUserExit`: the original (misspelt) name of the updated user in the role change answer. */
export const roleChangeAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  isUserExit: userSchema,
});
