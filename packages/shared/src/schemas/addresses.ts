/**
 * Saved addresses, the account's address book (decision 0025): the checkout's shipping fields,
 * checked by the very same schema with the same messages, and a label such as "Home".
 */
import { z } from 'zod';
import { ADDRESS_LABEL_MAX_LENGTH } from '../constants.js';
import { schemaMessage } from '../server-messages.js';
import { idSchema, isoDateSchema } from './common.js';
import { shippingInfoSchema } from './orders.js';

/** `POST /api/user/my/addresses` and `PUT /api/user/my/addresses/{id}`: the whole address each time. */
export const savedAddressBodySchema = shippingInfoSchema.extend({
  label: z
    .string({ error: schemaMessage('addressLabelRequired') })
    .trim()
    .min(1, schemaMessage('addressLabelRequired'))
    .max(ADDRESS_LABEL_MAX_LENGTH, schemaMessage('addressLabelMax', { max: ADDRESS_LABEL_MAX_LENGTH })),
});
export type SavedAddressBody = z.input<typeof savedAddressBodySchema>;

export const savedAddressSchema = z.object({
  _id: idSchema,
  label: z.string(),
  address: z.string(),
  city: z.string(),
  mobileNumber: z.string(),
  pinCode: z.string(),
  lastUsedAt: isoDateSchema
    .nullable()
    .meta({ description: 'When an order to this address was last placed, or null if never' }),
  createdAt: isoDateSchema,
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** The shopper's addresses, the last used first (then the newest). */
export const savedAddressesAnswerSchema = z.object({
  success: z.literal(true),
  addresses: z.array(savedAddressSchema),
});
export type SavedAddressesAnswer = z.infer<typeof savedAddressesAnswerSchema>;

/** A saved or changed address, with the answer's message ("Address saved", "Address updated"). */
export const savedAddressAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  address: savedAddressSchema,
});
export type SavedAddressAnswer = z.infer<typeof savedAddressAnswerSchema>;
