import type { HindiTexts, Translation } from '../i18n';
import type { storefrontTexts } from './storefront.texts';

const texts = {
  everyPinCode: 'हर पिन कोड पर मुफ़्त डिलीवरी, कोई न्यूनतम ऑर्डर नहीं।',
  feeFree: 'मुफ़्त डिलीवरी',
  feeOne: 'डिलीवरी {fee}',
  feeRange: 'डिलीवरी {min} से {max}, इलाके के हिसाब से',
  freeAbove: '{amount} से मुफ़्त',
  noMinimum: 'कोई न्यूनतम ऑर्डर नहीं',
  minimumOne: 'न्यूनतम ऑर्डर {amount}',
  minimumRange: 'न्यूनतम ऑर्डर {min} से {max}, इलाके के हिसाब से',
  checkPinCode: 'चेकआउट पर अपना पिन कोड जाँचें।',
  payCash: 'ऑर्डर पहुँचने पर नकद भुगतान करें।',
  payCashOrUpi: 'ऑर्डर पहुँचने पर नकद या UPI से भुगतान करें।',
  heroEyebrow: 'वज़न से बिक्री · ग्राम तक का बिल',
  weighedTitle: 'ग्राम तक तौल',
  weighedText: 'ऑर्डर पैक करते समय हर चीज़ तौली जाती है: आप उतना ही देते हैं जितना पैक हुआ, और बिल यही बताता है।',
  deliveryTitle: 'डिलीवरी',
  payTitle: 'डिलीवरी पर भुगतान',
  registerLead: '{shop} से ऑर्डर करने के लिए अपना खाता बनाएँ।',
  newToShop: '{shop} पर नए हैं?',
} satisfies Translation<typeof storefrontTexts>;

export const hi: readonly HindiTexts[] = [{ namespace: 'storefront', texts }];
