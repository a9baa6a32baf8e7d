/** The API's shapes as the browser reads them (docs/product.md#compatibility-names). */
import type { OrderStatus, Role } from '@mandi/shared';

export interface User {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
}

export interface Category {
  _id: string;
  categoryName: string;
  categoryImage: string;
}

export interface Product {
  _id: string;
  name: string;
  url: string;
  rate: number;
  stocks: number;
  kilogramOption: { $numberDecimal: string }[];
  category: Category;
  createdAt: string;
}

export interface OrderItem {
  _id: string;
  productId: string | null;
  name: string;
  image: string;
  /** The ordered weight, kg. */
  quantity: number;
  /** Rupees per kg. */
  rate: number;
  /** The weighed kg as a decimal string ("1.04", "0" when not available); null or absent until packed. */
  packedQuantity?: string | null;
  /** Rupees: rate × packed weight once packed, rate × ordered weight before. */
  amount?: number;
}

/** One change of an order (single-order read only): who, when, and from what to what. */
export interface OrderHistoryEntry {
  at: string;
  /** A person's name, or null for the system. */
  by: string | null;
  kind: string;
  changes: Record<string, unknown>;
}

export interface Order {
  _id: string;
  orderItems: OrderItem[];
  /** The amount due, rupees: the estimate until packed, then the final bill. */
  total: number;
  /** The total when placed, rupees; never changes. Absent from older answers. */
  estimatedTotal?: number;
  /** When the order was weighed and packed (ISO), null before. */
  packedAt?: string | null;
  status: OrderStatus;
  orderDate: string;
  createdAt: string;
  shippingInfo: { address: string; city: string; mobileNumber: string; pinCode: string };
  userId: string | null;
  user: { _id: string | null; firstName: string; lastName: string };
  history?: OrderHistoryEntry[];
}

export interface Review {
  _id: string;
  user: { _id: string; firstName: string; lastName: string };
  comment: string;
  ratings: number;
  createdAt: string;
}

export const weightOptionsOf = (product: Pick<Product, 'kilogramOption'>): number[] =>
  product.kilogramOption.map((option) => Number(option.$numberDecimal));
