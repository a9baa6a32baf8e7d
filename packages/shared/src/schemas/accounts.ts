/** Accounts: register, log in, passwords, roles, and the public user shape. */
import { z } from 'zod';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from '../constants.js';
import { schemaMessage } from '../server-messages.js';
import { idSchema } from './common.js';

const personName = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(NAME_MAX_LENGTH, tooLong);

export const emailSchema = z
  .string({ error: schemaMessage('emailRequired') })
  .trim()
  .min(1, schemaMessage('emailRequired'))
  .max(254, schemaMessage('emailTooLong'))
  .pipe(z.email({ error: schemaMessage('emailInvalid') }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: schemaMessage('passwordRequired') })
  .min(PASSWORD_MIN_LENGTH, schemaMessage('passwordMin', { min: PASSWORD_MIN_LENGTH }))
  .max(PASSWORD_MAX_LENGTH, schemaMessage('passwordMax', { max: PASSWORD_MAX_LENGTH }));

export const registerSchema = z
  .object({
    firstName: personName(schemaMessage('firstNameRequired'), schemaMessage('firstNameMax', { max: NAME_MAX_LENGTH })),
    lastName: personName(schemaMessage('lastNameRequired'), schemaMessage('lastNameMax', { max: NAME_MAX_LENGTH })),
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: schemaMessage('confirmRequired') }),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: schemaMessage('passwordsDiffer'),
    path: ['confirmPassword'],
  });
export type Register = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: z
    .string({ error: schemaMessage('credentialsRequired') })
    .trim()
    .min(1)
    .max(254),
  password: z
    .string({ error: schemaMessage('credentialsRequired') })
    .min(1)
    .max(PASSWORD_MAX_LENGTH),
});

export const newPasswordSchema = z
  .object({
    password: passwordSchema,
    confirm_password: z.string({ error: schemaMessage('confirmRequired') }),
  })
  .refine((body) => body.password === body.confirm_password, {
    message: schemaMessage('passwordsDiffer'),
    path: ['confirm_password'],
  });

/**
 * `PUT /api/user/changePassword`: the new password twice, and the current one. The spec's client
 * sends no current password, so it stays optional: the server asks for it only when the login is
 * older than a few minutes (docs/security.md), and checks it whenever it is sent.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: schemaMessage('currentPasswordWrong') })
      .max(PASSWORD_MAX_LENGTH, schemaMessage('currentPasswordWrong'))
      .optional()
      .meta({ description: 'The current password; needed when the login is older than 10 minutes' }),
    password: passwordSchema,
    confirm_password: z.string({ error: schemaMessage('confirmRequired') }),
  })
  .refine((body) => body.password === body.confirm_password, {
    message: schemaMessage('passwordsDiffer'),
    path: ['confirm_password'],
  });
export type ChangePassword = z.infer<typeof changePasswordSchema>;

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
