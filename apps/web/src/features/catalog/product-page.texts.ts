import { defineTexts } from '../../lib/i18n';

/** The product page's texts (its rate line is written by product-units.ts). */
export const productPageTexts = defineTexts('productPage', {
  pageTitle: '{name}, {rate} | {shop}',
  breadcrumbs: 'Breadcrumbs',
  home: 'Home',
  products: 'Products',
  inStock: 'In stock',
  outOfStockNote: 'Out of stock just now. Please look again tomorrow.',
  chooseQuantity: 'Choose a quantity',
  inCart: '{quantity} in your cart',
  added: 'Added to your cart.',
  viewCart: 'Go to checkout',
  everyDay: 'Every day',
  everyDayOf: 'Every day: a standing order of {name}',
  promiseFresh: 'Picked fresh, sold the same week',
  promiseDelivery: 'Free delivery to your door',
  promiseCash: 'Cash on delivery: check it, then pay',
  reviewsTitle: 'What our shoppers say',
  reviewsNote: 'Reviews of the shop by people who bought from us.',
  allReviews: 'Read all reviews',
  writeReview: 'Write a review',
  noReviews: 'No reviews yet.',
  missingTitle: 'Product not found',
  missingNote: 'We could not find this product. It may have been taken off the shelf.',
  browseProducts: 'Browse all products',
  loadFailed: 'This product could not be loaded.',
});
