/**
 * The API's shapes as the browser reads them (docs/product.md#compatibility-names): the types the
 * shared response schemas infer, so the server and the browser cannot disagree. Type-only
 * imports: zod itself never reaches the browser bundle.
 */
import type {
  Category as CategoryShape,
  OrderItem as OrderItemShape,
  Order as OrderShape,
  Product as ProductShape,
  Review as ReviewShape,
  User as UserShape,
} from '@mandi/shared/schemas';

export type User = UserShape;
export type Category = CategoryShape;
export type Product = ProductShape;
export type OrderItem = OrderItemShape;
export type Order = OrderShape;
export type Review = ReviewShape;
export type OrderHistoryEntry = NonNullable<Order['history']>[number];
export type OrderDeliverySlot = NonNullable<Order['deliverySlot']>;

export const weightOptionsOf = (product: Pick<Product, 'kilogramOption'>): number[] =>
  product.kilogramOption.map((option) => Number(option.$numberDecimal));
