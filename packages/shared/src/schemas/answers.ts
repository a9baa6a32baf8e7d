/**
 * The types of the API's answers (and of the bodies the browser sends), inferred from the schemas
 * the routes declare, so the browser reads exactly what the server is checked to send. Type-only:
 * importing them brings no zod into the browser's bundle.
 */
import type { z } from 'zod';
import type {
  loggedUserAnswerSchema,
  loginAnswerSchema,
  loginSchema,
  newPasswordSchema,
  registerAnswerSchema,
  roleChangeAnswerSchema,
  usersAnswerSchema,
} from './accounts.js';
import type { upiAnswerSchema } from './billing.js';
import type {
  categoriesAnswerSchema,
  deletedCategoryAnswerSchema,
  newCategoryAnswerSchema,
  newProductAnswerSchema,
  productAnswerSchema,
  productsAnswerSchema,
  recentProductsAnswerSchema,
} from './catalogue.js';
import type {
  counterCatalogueAnswerSchema,
  counterDeviceAnswerSchema,
  counterDevicesAnswerSchema,
  counterSaleAnswerSchema,
} from './counter.js';
import type {
  myOrdersAnswerSchema,
  orderAnswerSchema,
  orderStatusAnswerSchema,
  placeOrderAnswerSchema,
} from './orders.js';
import type { reviewsAnswerSchema } from './reviews.js';

export type Login = z.infer<typeof loginSchema>;
export type NewPassword = z.infer<typeof newPasswordSchema>;
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
export type LoggedUserAnswer = z.infer<typeof loggedUserAnswerSchema>;
export type UsersAnswer = z.infer<typeof usersAnswerSchema>;
export type RoleChangeAnswer = z.infer<typeof roleChangeAnswerSchema>;

export type UpiAnswer = z.infer<typeof upiAnswerSchema>;

export type CategoriesAnswer = z.infer<typeof categoriesAnswerSchema>;
export type NewCategoryAnswer = z.infer<typeof newCategoryAnswerSchema>;
export type DeletedCategoryAnswer = z.infer<typeof deletedCategoryAnswerSchema>;
export type ProductsAnswer = z.infer<typeof productsAnswerSchema>;
export type RecentProductsAnswer = z.infer<typeof recentProductsAnswerSchema>;
export type ProductAnswer = z.infer<typeof productAnswerSchema>;
export type NewProductAnswer = z.infer<typeof newProductAnswerSchema>;

export type PlaceOrderAnswer = z.infer<typeof placeOrderAnswerSchema>;
export type MyOrdersAnswer = z.infer<typeof myOrdersAnswerSchema>;
export type OrderAnswer = z.infer<typeof orderAnswerSchema>;
export type OrderStatusAnswer = z.infer<typeof orderStatusAnswerSchema>;

export type ReviewsAnswer = z.infer<typeof reviewsAnswerSchema>;

export type CounterDevicesAnswer = z.infer<typeof counterDevicesAnswerSchema>;
export type CounterDeviceAnswer = z.infer<typeof counterDeviceAnswerSchema>;
export type CounterCatalogueAnswer = z.infer<typeof counterCatalogueAnswerSchema>;
export type CounterSaleAnswer = z.infer<typeof counterSaleAnswerSchema>;
