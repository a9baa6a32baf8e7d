import type { HindiTexts, Translation } from '../../lib/i18n';
import type { adminKitTexts } from './admin-kit.texts';

const texts = {
  admin: 'एडमिन',
  counter: 'काउंटर',
  dashboard: 'डैशबोर्ड',
  products: 'सामान',
  orders: 'ऑर्डर',
  pickList: 'पिक लिस्ट',
  standingOrders: 'नियमित ऑर्डर',
  users: 'उपयोगकर्ता',
  reviews: 'समीक्षाएँ',
  delivery: 'डिलीवरी',
  bills: 'बिल',
  khata: 'खाता',
  coupons: 'कूपन',
  reports: 'रिपोर्ट',
  shop: 'दुकान की सेटिंग',
  complaints: 'शिकायतें',
  rates: 'भाव',
  purchases: 'ख़रीद',
  edit: 'बदलें',
  delete: 'हटाएँ',
  editName: 'बदलें: {name}',
  deleteName2: 'हटाएँ: {name}',
  nounPages: '{noun} के पन्ने',
  nounFirstLastOfTotal: '{noun} {first}–{last}, कुल {total} में से',
  pageOfLastPage: 'पन्ना {page}, कुल {lastPage} में से',
  previous: 'पिछला',
  next: 'अगला',
  copyId: 'कॉपी करें',
  copyIdOf: '{name} की आईडी कॉपी करें',
  idCopied: 'कॉपी हो गई',
  idCopyFailed: 'कॉपी करने के लिए आईडी चुनें',
} satisfies Translation<typeof adminKitTexts>;

export const hi: readonly HindiTexts[] = [{ namespace: 'adminKit', texts }];
