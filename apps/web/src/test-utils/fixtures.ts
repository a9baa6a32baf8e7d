/** Sample records for the web tests. */
import type { Shop } from '@mandi/shared/schemas';
import type { Order, Product, User } from '../lib/types';

export const shopper: User = {
  _id: 'u-1',
  firstName: 'Asha',
  lastName: 'Patel',
  email: 'asha@example.com',
  role: 'User',
};

/** A product for cart and checkout tests: id, name, rate in rupees, stock in kg and the kilogram options. */
export function product(id: string, name: string, rate: number, stocks = 20, options = ['0.5', '1', '2']): Product {
  return {
    _id: id,
    name,
    aliases: [],
    url: `/img/${id}`,
    rate,
    stocks,
    kilogramOption: options.map((value) => ({ $numberDecimal: value })),
    category: { _id: 'c-1', categoryName: 'Fruits', categoryImage: '' },
    createdAt: '2026-01-01T00:00:00.000Z',
    hsnCode: '0709',
    gstRate: 0,
  };
}

/** An order line as the API answers it, not packed yet: id, name, kilograms and rate in rupees. */
export function orderLine(id: string, name: string, quantity: number, rate: number): Order['orderItems'][number] {
  return {
    _id: `i-${id}`,
    productId: `p-${id}`,
    name,
    image: `/api/images/${id}`,
    quantity,
    rate,
    packedQuantity: null,
    amount: quantity * rate,
  };
}

/** Meera Nair's order as the API answers it: Processing, not packed, unpaid, its totals the sum of its lines. */
export function order(overrides: Partial<Order> = {}): Order {
  const orderItems = overrides.orderItems ?? [orderLine('1', 'Shimla Apple', 1.5, 179)];
  const subtotal = orderItems.reduce((sum, line) => sum + line.amount, 0);
  return {
    _id: 'o-1',
    orderNumber: 1042,
    orderItems,
    subtotal,
    shippingCharge: 0,
    total: subtotal,
    estimatedTotal: subtotal,
    packedAt: null,
    deliverySlot: null,
    status: 'Processing',
    orderDate: '2026-03-05T10:00:00.000Z',
    createdAt: '2026-03-05T10:00:00.000Z',
    shippingInfo: { address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' },
    invoiceNumber: null,
    payment: null,
    userId: 'u-1',
    user: { _id: 'u-1', firstName: 'Meera', lastName: 'Nair' },
    ...overrides,
  };
}

const policies = (language: string) => ({
  returns: `${language} returns: check your produce at the door.\n\nReport a problem within 24 hours.`,
  refunds: `${language} refunds: to the way you paid, within 7 days.`,
  delivery: `${language} delivery: in the slot you choose.`,
  privacy: `${language} privacy: we keep what we need to deliver.`,
  terms: `${language} terms: prices per kg, the final bill after packing.`,
});

/** The shop's profile as GET /api/shop answers it: the demo shop unless `demo: false` is given. */
export function shopProfile(overrides: Partial<Shop> = {}): Shop {
  return {
    name: 'Mandi',
    legalName: 'Mandi Fresh Produce',
    address: '12 Market Road, Shivajinagar, Pune 411005',
    state: 'Maharashtra',
    phone: '9822012345',
    email: 'hello@mandi.example',
    fssaiNumber: null,
    gstin: null,
    upiId: null,
    grievanceOfficer: { name: 'Asha Kulkarni', email: 'grievance@mandi.example', phone: '9822054321' },
    policies: policies('English'),
    policiesHi: policies('हिंदी'),
    about: 'We are a family shop in Pune.\n\nWe weigh every order by hand.',
    aboutHi: 'हम पुणे की एक पारिवारिक दुकान हैं।\n\nहम हर ऑर्डर हाथ से तौलते हैं।',
    tagline: 'Fruit, vegetables and dairy, weighed and billed to the gram.',
    taglineHi: 'फल, सब्ज़ियाँ और डेयरी, तौलकर ग्राम तक का बिल।',
    demo: true,
    subscriptionCutoff: '21:00',
    ...overrides,
  };
}
