import type { HindiTexts, Translation } from '../../lib/i18n';
import type { productPageTexts } from './product-page.texts';

const texts = {
  pageTitle: '{name}, {rate} | {shop}',
  breadcrumbs: 'आप यहाँ हैं',
  home: 'होम',
  products: 'सामान',
  inStock: 'स्टॉक में है',
  outOfStockNote: 'अभी स्टॉक में नहीं है। कृपया कल फिर देखें।',
  chooseQuantity: 'मात्रा चुनें',
  inCart: 'आपकी कार्ट में {quantity}',
  added: 'आपकी कार्ट में डाल दिया।',
  everyDay: 'हर दिन',
  everyDayOf: 'हर दिन: {name} का नियमित ऑर्डर',
  viewCart: 'चेकआउट पर जाएँ',
  promiseFresh: 'ताज़ा तोड़ा गया, उसी हफ़्ते बेचा गया',
  promiseDelivery: 'घर तक मुफ़्त डिलीवरी',
  promiseCash: 'कैश ऑन डिलीवरी: पहले देखें, फिर पैसे दें',
  reviewsTitle: 'हमारे ग्राहक क्या कहते हैं',
  reviewsNote: 'हमसे खरीदने वालों की दुकान के बारे में राय।',
  allReviews: 'सभी रिव्यू पढ़ें',
  writeReview: 'रिव्यू लिखें',
  noReviews: 'अभी कोई रिव्यू नहीं।',
  missingTitle: 'सामान नहीं मिला',
  missingNote: 'यह सामान हमें नहीं मिला। हो सकता है यह अब न बिकता हो।',
  browseProducts: 'सारा सामान देखें',
  loadFailed: 'यह सामान खुल नहीं सका।',
} satisfies Translation<typeof productPageTexts>;

export const hi: readonly HindiTexts[] = [{ namespace: 'productPage', texts }];
