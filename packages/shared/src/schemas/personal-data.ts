/**
 * The shopper's personal data (India's DPDP Act, decision 0031): the download of everything the shop
 * keeps about them, and the deletion of their account, confirmed with their password.
 */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.js';
import { schemaMessage } from '../server-messages.js';

/** `DELETE /api/user/me`: the account's password, as a last check that its owner is asking. */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: schemaMessage('passwordRequired') })
    .min(1, schemaMessage('passwordRequired'))
    .max(PASSWORD_MAX_LENGTH, schemaMessage('deletePasswordWrong'))
    .meta({ description: "The account's password" }),
});

/** The file `GET /api/user/me/data` sends is named after the shop date it was made on. */
export const myDataFileName = (shopDate: string) => `mandi-my-data-${shopDate}.json`;
