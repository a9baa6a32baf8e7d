import type { HindiTexts, Translation } from '../../lib/i18n';
import type { weighingTexts } from './weighing.texts';

const texts = {
  linesToWeigh: 'तौलने का सामान',
  estimateOrderedWeights: 'अनुमान (ऑर्डर किया वज़न)',
  backToTheOrder: 'ऑर्डर पर वापस जाएँ',
  saveWeights: 'वज़न सेव करें',
  backWithoutSaving: 'बिना सेव किए वापस जाएँ',
  packedWeightKg: 'पैक हुआ वज़न (किलो)',
  notAvailable: 'उपलब्ध नहीं',
  packOrder: 'ऑर्डर पैक करें',
  newTotalSoFar: 'अब तक का नया कुल',
  newTotal: 'नया कुल',
  notAvailableNotCharged: 'उपलब्ध नहीं: पैसे नहीं लगेंगे',
  notWeighedYet: 'अभी तौला नहीं गया',
  chooseADate: 'तारीख चुनें',
  nothingToPackForThis: 'इस तारीख को पैक करने के लिए कुछ नहीं',
  enough: 'काफ़ी है',
  date: 'तारीख',
  print: 'प्रिंट करें',
  kilogramsToBuyAndPack: 'इस तारीख के तैयार हो रहे ऑर्डरों के लिए खरीदने और पैक करने के किलो, हर सामान का जोड़।',
  product: 'सामान',
  kgToPack: 'पैक करने के किलो',
  orders: 'ऑर्डर',
  inStock: 'स्टॉक में',
  shortfall: 'कमी',
  pickList: 'पिक लिस्ट',
  gramsAreWholeNumbers: 'ग्राम पूरी संख्या में होते हैं',
  typeAWeightSuchAs: 'वज़न ऐसे लिखें: 1.04, 1.04 kg या 960 g',
  weighToTheGramAt: 'ग्राम तक तौलें: किलो में ज़्यादा से ज़्यादा 3 दशमलव',
  packedWeightOfNameKg: '{name} का पैक हुआ वज़न (किलो)',
  notAvailableName: 'उपलब्ध नहीं: {name}',
} satisfies Translation<typeof weighingTexts>;

export const hi: readonly HindiTexts[] = [{ namespace: 'weighing', texts }];
