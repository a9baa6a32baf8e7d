import { defineTexts } from '../i18n';

/** What a real shop's storefront says of itself (decision 0056): only what its settings make true. */
export const storefrontTexts = defineTexts('storefront', {
  everyPinCode: 'Free delivery to every PIN code, with no minimum order.',
  feeFree: 'Free delivery',
  feeOne: 'Delivery {fee}',
  feeRange: 'Delivery {min} to {max}, by area',
  freeAbove: 'free from {amount}',
  noMinimum: 'no minimum order',
  minimumOne: 'minimum order {amount}',
  minimumRange: 'minimum order {min} to {max}, by area',
  checkPinCode: 'Check your PIN code at checkout.',
  payCash: 'Pay in cash when your order reaches you.',
  payCashOrUpi: 'Pay in cash or by UPI when your order reaches you.',
  heroEyebrow: 'Sold by weight · Billed to the gram',
  weighedTitle: 'Weighed to the gram',
  weighedText: 'Every line is weighed when your order is packed: you pay for what is packed, and the bill says so.',
  deliveryTitle: 'Delivery',
  payTitle: 'Pay on delivery',
  registerLead: 'Create your account to order from {shop}.',
  newToShop: 'New to {shop}?',
});
