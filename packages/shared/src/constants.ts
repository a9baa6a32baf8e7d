/** Business constants of the shop (docs/product.md#limits, docs/product.md#money-and-weights), shared by the server and the browser. */

export const DEFAULT_QUANTITY_KG = 0.5;

/** Price ranges offered by the products filter, rupees per kg. */
export const PRICE_RANGES = ['0-20', '20-40', '40-60', '60-80', '80-100', '100-120'] as const;
export const DEFAULT_PRICE_RANGE = '0-10000';

export const ORDER_STATUSES = ['Processing', 'Shipped', 'Delivered', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The only status each status may move forward to; Delivered and Cancelled are final. */
export const NEXT_ORDER_STATUS: Record<OrderStatus, OrderStatus | null> = {
  Processing: 'Shipped',
  Shipped: 'Delivered',
  Delivered: null,
  Cancelled: null,
};

/** Statuses an admin may cancel from; the shopper may cancel only while Processing. */
export const ADMIN_CANCELLABLE_STATUSES: readonly OrderStatus[] = ['Processing', 'Shipped'];

/** The GST slabs a product can carry, percent; prices include the tax. */
export const GST_RATES = [0, 5, 12, 18, 40] as const;
export type GstRate = (typeof GST_RATES)[number];

/** How the shop pays back a paid order it cancels (decision 0032): cash, UPI (with its UTR) or a credit to the khata. */
export const REFUND_METHODS = ['Cash', 'UPI', 'Khata'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const ROLES = ['Admin', 'User'] as const;
export type Role = (typeof ROLES)[number];

/** Orders per page of the admin orders table (and of the admin list when only `?page=` is given). */
export const ADMIN_ORDERS_PAGE_SIZE = 50;

/** Rows per page of the admin products and users tables (10,000 products, 20,000 users at scale). */
export const ADMIN_PRODUCTS_PAGE_SIZE = 50;
export const ADMIN_USERS_PAGE_SIZE = 50;
/** Khatas per page of the admin's Khata screen (500 at scale; the whole list was 263 KB). */
export const ADMIN_KHATAS_PAGE_SIZE = 50;
/** Rows a page of the rate board screen shows (10,000 products at scale are 2 MB in one answer). */
export const RATE_BOARD_PAGE_SIZE = 100;
/** The largest page the admin product and user lists serve. */
export const ADMIN_LIST_MAX_PAGE_SIZE = 500;
/** The longest search text of the admin tables. */
export const ADMIN_SEARCH_MAX_LENGTH = 100;
/** Columns the admin products table sorts by (`createdAt`: newest first is its default order). */
export const ADMIN_PRODUCT_SORTS = ['name', 'rate', 'category', 'stock', 'createdAt'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];
/** Columns the admin users table sorts by (`createdAt`: oldest first is its default order). */
export const ADMIN_USER_SORTS = ['firstName', 'lastName', 'email', 'role', 'createdAt'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const MOBILE_NUMBER_LENGTH = 10;
export const RATING_MAX = 5;

export const MESSAGE_DISPLAY_MS = 5000;
export const SLIDER_AUTOPLAY_MS = 5000;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const COMMENT_MAX_LENGTH = 1000;
export const SHIPPING_FIELD_MAX_LENGTH = 200;

/** Saved addresses (decision 0025): how many one shopper may keep, and the length of a label ("Home"). */
export const MAX_SAVED_ADDRESSES = 10;
export const ADDRESS_LABEL_MAX_LENGTH = 40;
/** Named lists (decision 0042): how many one shopper may keep, their products each and the name's length. */
export const MAX_SHOPPING_LISTS = 20;
export const MAX_SHOPPING_LIST_ITEMS = 100;
export const SHOPPING_LIST_NAME_MAX_LENGTH = 40;
/** "Your usual" (decision 0042): the shopper's last orders it reads, Cancelled ones left out. */
export const USUAL_ORDERS = 5;
export const NAME_MAX_LENGTH = 60;
export const PRODUCT_NAME_MAX_LENGTH = 80;

/** Local-storage key of the browser cart (docs/product.md#cart). */
export const CART_STORAGE_KEY = 'user-cart';

/** Widths (px) the image route can serve a picture at (`/api/images/{id}?w=`), so pages ask for the size they show. */
export const IMAGE_WIDTHS = [64, 128, 192, 288, 400] as const;

/** How a shopper pays for an order at checkout: cash on delivery (or UPI then), or on their khata (api-contract-shop "Khata"). */
export const CHECKOUT_PAYMENT_METHODS = ['COD', 'Khata'] as const;
export type CheckoutPaymentMethod = (typeof CHECKOUT_PAYMENT_METHODS)[number];

/**
 * What the shopper wants when a cart line's product is short (decision 0043): a similar item of
 * the same unit at no higher rate, a call first (then any rate), or nothing (the default).
 */
export const SUBSTITUTION_CHOICES = ['similar', 'call', 'skip'] as const;
export type SubstitutionChoice = (typeof SUBSTITUTION_CHOICES)[number];

/** What a khata entry is: a packed bill, a repack's difference, a cancel's (or refund's) credit, a payment. */
/** `payout`: an advance paid back to the shopper, in cash or by UPI (decision 0055). */
export const KHATA_ENTRY_KINDS = ['bill', 'adjustment', 'reversal', 'payment', 'payout'] as const;
export type KhataEntryKind = (typeof KHATA_ENTRY_KINDS)[number];

/** How a khata payment is made. */
export const KHATA_PAYMENT_METHODS = ['Cash', 'UPI'] as const;
export type KhataPaymentMethod = (typeof KHATA_PAYMENT_METHODS)[number];

/** Why stock is written off (api-contract-shop "Buying at the mandi, stock cost and wastage"). */
export const WASTAGE_REASONS = ['rotten', 'damaged', 'dried', 'own-use', 'other'] as const;
export type WastageReason = (typeof WASTAGE_REASONS)[number];
