/** Catalogue: categories and products as answered, and the fields of their (multipart) writes. */
import { z } from 'zod';
import { productTaxFieldsSchema } from './billing.js';
import { idSchema, isoDateSchema } from './common.js';

export const categorySchema = z.object({
  _id: idSchema,
  categoryName: z.string(),
  categoryImage: z.string().meta({ description: 'Image address (/api/images/{id})' }),
});
export type Category = z.infer<typeof categorySchema>;

/**
 * `$numberDecimal`: the original API sent weights as MongoDB Decimal128 objects and clients read
 * `.$numberDecimal`, so each weight option is `{ "$numberDecimal": "0.5" }`, the Kg as a numeric string.
 */
export const weightOptionSchema = z.object({ $numberDecimal: z.string().meta({ description: 'Kg, e.g. "0.5"' }) });

/** A product; `rate` is rupees per Kg, `stocks` Kg, `url` the picture (the original field names). */
export const productSchema = z
  .object({
    _id: idSchema,
    name: z.string(),
    /** Other names shoppers search by ("aloo", "आलू"). */
    aliases: z.array(z.string()),
    url: z.string(),
    rate: z.number(),
    stocks: z.number(),
    kilogramOption: z.array(weightOptionSchema),
    category: categorySchema,
    createdAt: isoDateSchema,
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
  categoryImage: formField('The picture: a file part, or a data:image/...;base64 URL in JSON'),
});
export const productFormSchema = z.looseObject({
  name: formField('Product name (text)'),
  rate: formField('Rupees per Kg: a number or numeric string, at most 2 decimals'),
  stocks: formField('Kg in stock: a number or numeric string, at most 3 decimals'),
  kilogramOption: formField(
    'Weight options in Kg: a list (or repeated field) of numbers, numeric strings or { $numberDecimal }',
  ),
  category: formField('Category id'),
  image: formField('The picture: a file part, or a data:image/...;base64 URL in JSON'),
  hsnCode: formField("HSN code, 4 to 8 digits (optional: the category's default when added, unchanged when updated)"),
  gstRate: formField('GST percent, one of 0, 5, 12, 18, 40 (optional, as hsnCode)'),
});
