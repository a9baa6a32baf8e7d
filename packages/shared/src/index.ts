/**
 * Browser-safe exports (no zod); validation schemas live in '@mandi/shared/schemas'. The server's
 * messages are '@mandi/shared/server-messages', apart so only the Hindi chunk of the web app carries them.
 */
export * from './checkout-rules.js';
export * from './constants.js';
export * from './format.js';
export * from './messages.js';
export * from './pictures.js';
export * from './search.js';
