import type { HindiTexts, Translation } from '../../lib/i18n';
import type { deliveryShopTexts } from './delivery-shop.texts';

const texts = {
  notDelivered: 'माफ़ कीजिए, हम अभी {pin} पर डिलीवरी नहीं करते',
  freeDelivery: 'मुफ़्त डिलीवरी',
  deliveryFee: 'डिलीवरी {fee}',
  freeAbove: '{amount} से ऊपर मुफ़्त',
  weDeliver: 'हम {pin} पर डिलीवरी करते हैं: {zone}, {terms}',
  checkingPin: 'पिन कोड जाँचा जा रहा है…',
  full: 'भर गया',
  closed: 'बंद',
  noLimit: 'कोई सीमा नहीं',
  left: '{count} बचे',
  deliverySlot: 'डिलीवरी का समय',
  deliveryDay: 'डिलीवरी का दिन',
  noDelivery: '{date} को डिलीवरी नहीं है।',
  slotsOn: '{date} के स्लॉट',
  delivery: 'डिलीवरी:',
} satisfies Translation<typeof deliveryShopTexts>;

export const hi: readonly HindiTexts[] = [{ namespace: 'deliveryShop', texts }];
