/**
 * Buy again (issue 30, decision 0042): "Your usual" from the shopper's last orders, "Order again"
 * on a past order, and the shopper's named lists. Every item is priced at today's rate from the
 * catalogue and says whether it can be bought now; it carries what the browser cart keeps of a
 * product (picture, stock, quantities offered), so one tap fills the cart.
 */
import { z } from 'zod';
import { SHOPPING_LIST_NAME_MAX_LENGTH } from '../constants.js';
import { UNITS } from '../kernel/units.js';
import { schemaMessage } from '../server-messages.js';
import { idSchema, isoDateSchema, numericSchema } from './common.js';

export const buyAgainItemSchema = z.object({
  productId: idSchema,
  name: z.string().meta({ description: "The product's name today" }),
  unit: z.enum(UNITS).meta({ description: "The product's unit today: kg, litre, piece, dozen, bunch or pack" }),
  quantity: z.number().meta({ description: 'In the unit: the usual, ordered or listed quantity' }),
  rate: z.number().meta({ description: "Today's rupees per unit, from the catalogue" }),
  available: z.boolean().meta({
    description: 'Whether it can be bought now: the quantity is one the product offers and is in stock',
  }),
  image: z.string().meta({ description: "The product's image URL" }),
  stocks: z.number().meta({ description: 'In stock, in the unit' }),
  kilogramOption: z.array(z.number()).meta({ description: 'The quantities the product offers, in the unit' }),
});
export type BuyAgainItem = z.infer<typeof buyAgainItemSchema>;

/** `GET /api/user/my/usual` and `GET /api/user/my/order/{id}/again`. */
export const buyAgainItemsAnswerSchema = z.object({
  success: z.literal(true),
  items: z.array(buyAgainItemSchema),
});
export type BuyAgainItemsAnswer = z.infer<typeof buyAgainItemsAnswerSchema>;

/**
 * `GET /api/user/my/order/{id}/again`: the order's products as they can be bought today, at the
 * quantities ordered, and the names (as sold) of its lines whose product the shop no longer sells.
 */
export const orderAgainAnswerSchema = buyAgainItemsAnswerSchema.extend({
  missing: z.array(z.string()).meta({ description: 'Names of the lines whose product is no longer sold' }),
});
export type OrderAgainAnswer = z.infer<typeof orderAgainAnswerSchema>;

const listNameMessage = schemaMessage('listNameLength', { max: SHOPPING_LIST_NAME_MAX_LENGTH });
const listNameSchema = z
  .string({ error: listNameMessage })
  .trim()
  .min(1, listNameMessage)
  .max(SHOPPING_LIST_NAME_MAX_LENGTH, listNameMessage);

export const shoppingListLineSchema = z.object({
  productId: idSchema,
  quantity: numericSchema.meta({ description: 'In the product’s unit, one of the quantities it offers' }),
});
export type ShoppingListLine = z.input<typeof shoppingListLineSchema>;

/** `POST /api/user/my/lists`: a name and, optionally, the products (each once); nothing else. */
export const shoppingListCreateSchema = z.strictObject(
  {
    name: listNameSchema,
    items: z.array(shoppingListLineSchema).optional(),
  },
  { error: schemaMessage('listFieldsUnknown') },
);

/** `PUT /api/user/my/lists/{id}`: a new name, a new set of products, or both. */
export const shoppingListUpdateSchema = z.strictObject(
  {
    name: listNameSchema.optional(),
    items: z.array(shoppingListLineSchema).optional(),
  },
  { error: schemaMessage('listFieldsUnknown') },
);

export const shoppingListSummarySchema = z.object({
  _id: idSchema,
  name: z.string(),
  itemCount: z.number(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type ShoppingListSummary = z.infer<typeof shoppingListSummarySchema>;

export const shoppingListSchema = shoppingListSummarySchema.extend({ items: z.array(buyAgainItemSchema) });
export type ShoppingList = z.infer<typeof shoppingListSchema>;

/** The shopper's lists, the last changed first. */
export const shoppingListsAnswerSchema = z.object({
  success: z.literal(true),
  lists: z.array(shoppingListSummarySchema),
});
export type ShoppingListsAnswer = z.infer<typeof shoppingListsAnswerSchema>;

/** One list with today's rates. */
export const shoppingListAnswerSchema = z.object({
  success: z.literal(true),
  list: shoppingListSchema,
});
export type ShoppingListAnswer = z.infer<typeof shoppingListAnswerSchema>;

/** A list made or changed, with the answer's message ("List saved", "List updated"). */
export const shoppingListSavedAnswerSchema = shoppingListAnswerSchema.extend({ message: z.string() });
export type ShoppingListSavedAnswer = z.infer<typeof shoppingListSavedAnswerSchema>;
