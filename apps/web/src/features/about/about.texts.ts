import { defineTexts } from '../../lib/i18n';

export const aboutTexts = defineTexts('about', {
  freshTitle: 'Fresh and Organic',
  freshText: 'We buy from growers we know, in small lots, so nothing waits long between the field and your kitchen.',
  weightsTitle: 'Fair weights',
  weightsText:
    'Everything is sold by the kilogram in half-kilo steps, and you only pay for what is weighed out for you.',
  deliveryTitle: 'Free delivery, cash on delivery',
  deliveryText: 'Delivery is free all over India, and you pay in cash at your door once you have seen the produce.',
  aboutUs: 'About Us',
  intro:
    'Mandi brings the bustle of an Indian vegetable market to your phone: crisp greens, ripe seasonal fruit and fresh dairy, picked out for you and weighed by the kilogram.',
  sampleTitle: 'A sample site, made only for learning',
  sampleText:
    'This shop is a sample website built only for learning purposes. No real orders are delivered, no money changes hands and the products are examples. Please do not enter real personal or payment details.',
  foundedBy: 'Founded by',
  founderLink: 'the founder on GitHub',
  newTab: ' (opens in a new tab)',
  promise: 'The Mandi promise',
  browse: 'Browse Fresh Products',
});
