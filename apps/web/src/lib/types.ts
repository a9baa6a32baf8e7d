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
  /** Other names shoppers search by ("aloo", "आलू"); older answers may leave it out. */
  aliases?: string[];
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
  quantity: number;
  rate: number;
}

export interface Order {
  _id: string;
  orderItems: OrderItem[];
  total: number;
  status: OrderStatus;
  orderDate: string;
  createdAt: string;
  shippingInfo: { address: string; city: string; mobileNumber: string; pinCode: string };
  userId: string | null;
  user: { _id: string | null; firstName: string; lastName: string };
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
