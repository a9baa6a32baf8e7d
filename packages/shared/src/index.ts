/** Browser-safe exports (no zod); validation schemas live in '@mandi/shared/schemas'. */
export * from './checkout-rules.js';
export * from './constants.js';
export * from './format.js';
export * from './messages.js';
export * from './search.js';
export * from './server-messages.js';
