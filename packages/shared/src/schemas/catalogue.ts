/** Catalogue: categories and products as answered, and the fields of their (multipart) writes. */
import { z } from 'zod';
import { UNITS } from '../kernel/units.js';
import { productTaxFieldsSchema } from './billing.js';
import { idSchema, isoDateSchema } from './common.js';

export const categorySchema = z.object({
  _id: idSchema,
  categoryName: z.string(),
  /** Additive, so the spec's own client reads the category as before; optional for older answers. */
  categoryNameHi: z
    .string()
    .optional()
    .meta({ description: 'The name in Hindi ("सब्ज़ियाँ"); empty when none was given (show categoryName)' }),
  categoryImage: z.string().meta({
    description:
      'Image address: the stored picture (/api/images/{id}), or the placeholder drawn from the name when it has none (/api/images/placeholder/v1.svg?name=…)',
  }),
});
export type Category = z.infer<typeof categorySchema>;

/**
 * `$numberDecimal`: the original API sent weights as MongoDB Decimal128 objects and clients read
 * `.$numberDecimal`, so each weight option is `{ "$numberDecimal": "0.5" }`, the Kg as a numeric string.
 */
export const weightOptionSchema = z.object({ $numberDecimal: z.string().meta({ description: 'Kg, e.g. "0.5"' }) });

/**
 * What a product is sold in (kernel units.ts, decision 0022); absent means kg, so every addition
 * stays optional for the spec's own client and older answers.
 */
export const unitSchema = z
  .enum(UNITS)
  .meta({ description: "What the rate is per and quantities are in; 'kg' when absent" });

/**
 * A product; `rate` is rupees per unit, `stocks` and `kilogramOption` are in the unit (kg when
 * `unit` is absent), `url` the picture (the original field names).
 */
export const productSchema = z
  .object({
    _id: idSchema,
    name: z.string(),
    /** Other names shoppers search by ("aloo", "आलू"). */
    aliases: z.array(z.string()),
    url: z
      .string()
      .meta({ description: 'The picture: stored (/api/images/{id}) or the placeholder drawn from the name' }),
    rate: z.number(),
    stocks: z.number(),
    kilogramOption: z
      .array(weightOptionSchema)
      .meta({ description: "The quantities a shopper may pick, in the product's unit" }),
    category: categorySchema,
    createdAt: isoDateSchema,
    unit: unitSchema.optional(),
  })
  .extend(productTaxFieldsSchema.shape);
export type Product = z.infer<typeof productSchema>;

/** `Categories`: the original API's name for the list. */
export const categoriesAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  Categories: z.array(categorySchema),
});
export const recentProductsAnswerSchema = z.object({ success: z.literal(true), products: z.array(productSchema) });
/** `productsDocCount`: the original API's name for the number of matching products (all pages). */
export const productsAnswerSchema = z.object({
  success: z.literal(true),
  products: z.array(productSchema),
  productsDocCount: z.number().int(),
});
export const productAnswerSchema = z.object({ success: z.literal(true), product: productSchema });
/**
 * A product as the admin's table and product read show it: with `costRate`, the moving-average
 * cost per unit of the stock on hand (₹, null before the first purchase; decision 0035). Never in
 * the public catalogue: it would show shoppers the shop's margin.
 */
export const adminProductSchema = productSchema.extend({
  /** The product's number in a scale's barcode (1-99999), or null (contract part 4). */
  plu: z.number().int().nullable(),
  costRate: z
    .number()
    .nullable()
    .meta({ description: '₹ per unit the stock on hand cost (moving average); null until the first purchase' }),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
export const adminProductsAnswerSchema = z.object({
  success: z.literal(true),
  products: z.array(adminProductSchema),
  productsDocCount: z.number().int(),
});
export type AdminProductsAnswer = z.infer<typeof adminProductsAnswerSchema>;
export const adminProductAnswerSchema = z.object({ success: z.literal(true), product: adminProductSchema });
/** `newCategory`, `DeletedCategory`, `newProduct`: the original API's names. */
export const newCategoryAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  newCategory: categorySchema,
});
export const deletedCategoryAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  DeletedCategory: categorySchema,
});
export const newProductAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  newProduct: productSchema,
});

/**
 * Upload forms are multipart (or JSON with the image as a data URL). The server reads and checks
 * their parts itself, reporting every problem at once, so these schemas document the fields and
 * let anything through (`z.looseObject`, values of any type): the service gives the messages.
 */
const formField = (description: string) => z.unknown().optional().meta({ description });
export const categoryFormSchema = z.looseObject({
  categoryName: formField('Category name (text)'),
  categoryNameHi: formField(
    'The name in Hindi (text, at most as long as categoryName may be; optional: none when added, unchanged when updated without it, emptied by an empty text)',
  ),
  categoryImage: formField(
    'The picture: a file part, or a data:image/...;base64 URL in JSON. Required to add while the shop is the demo; a real shop may leave it out (the placeholder is shown)',
  ),
});
export const productFormSchema = z.looseObject({
  name: formField('Product name (text)'),
  rate: formField('Rupees per unit: a number or numeric string, at most 2 decimals'),
  stocks: formField('In stock, in the unit: a number or numeric string, at most 3 decimals'),
  unit: formField('kg, litre, piece, dozen, bunch or pack (text; optional: kg when added, unchanged when updated)'),
  kilogramOption: formField(
    'Quantities to pick, in the unit: a list (or repeated field) of numbers, numeric strings or { $numberDecimal }; kg/litre multiples of 0.05 from 0.05 to 25, counted units whole 1 to 50; at most 12, no repeats',
  ),
  category: formField('Category id'),
  image: formField(
    'The picture: a file part, or a data:image/...;base64 URL in JSON. Required to add while the shop is the demo; a real shop may leave it out (the placeholder is shown)',
  ),
  hsnCode: formField("HSN code, 4 to 8 digits (optional: the category's default when added, unchanged when updated)"),
  gstRate: formField('GST percent, one of 0, 5, 12, 18, 40 (optional, as hsnCode)'),
  plu: formField(
    "PLU, the product's number in a scale's barcode: 1 to 99999, unique in the shop (409 when taken); empty for none; unchanged when left out",
  ),
});
