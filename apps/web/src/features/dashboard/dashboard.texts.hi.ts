import type { HindiTexts, Translation } from '../../lib/i18n';
import type { dashboardTexts } from './dashboard.texts';

const texts = {
  adminDashboard: 'एडमिन डैशबोर्ड',
  products: 'सामान',
  users: 'उपयोगकर्ता',
  totalAmount: 'कुल रकम',
  productsCountHint: 'अभी सूची में',
  usersCountHint: 'अभी के खाते, ग्राहक और एडमिन',
  totalAmountHint: 'पहुँचाए गए ऑर्डर, अब तक के सभी (₹)',
  date: 'तारीख',
  amountGrowth: 'रकम में बढ़त',
  productsStock: 'सामान का स्टॉक',
  amountGrowthHint: 'कमाई गई रकम ही कुल रकम है: पहुँचाए गए ऑर्डर, अब तक के सभी।',
  productsStockHint: 'अभी का सामान; 0 या उससे कम होने पर स्टॉक ख़त्म।',
  figuresAsOf: '{time} तक के आँकड़े',
  billedPerDay: 'हर दिन दिए गए ऑर्डर (देय ₹)',
  ordersByStatus: 'स्थिति के हिसाब से ऑर्डर, अब तक के सभी',
  topProductsBySales: 'सबसे ज़्यादा बिके सामान (₹ में)',
  topProductsPeriod: '{from} से {to} तक दिए गए ऑर्डर, रद्द शामिल नहीं; पैक होने पर पैक की मात्रा, वरना ऑर्डर की।',
  lowStockNow: 'अभी कम स्टॉक',
  lowStockMarks: '{marks} से कम, हर सामान अपनी इकाई में।',
  billedPerDayAsA: 'हर दिन दिए गए ऑर्डर, तालिका में',
  amountBilledPerDay: 'हर दिन दिए गए ऑर्डरों की देय रकम',
  nothingSoldYet: 'अभी कुछ नहीं बिका',
  noProductIsLow: 'हर सामान अपनी सीमा पर या उससे ज़्यादा है',
  billed: 'देय रकम',
  lastCountDays: 'पिछले {count} दिन, {from} से {to}:',
  theAmountDueOfThe: '(हर दिन दिए गए ऑर्डरों की देय रकम, पैक होने पर फ़ाइनल बिल; रद्द ऑर्डर शामिल नहीं)',
  initialAmount: 'शुरुआती रकम',
  amountEarned: 'कमाई',
  outOfStock2: 'स्टॉक खत्म',
  instock: 'स्टॉक में',
  amountGrowthFrom0To: 'रकम में बढ़त: ₹0 से ₹{amount}',
  productsStockOutOutOf: 'सामान का स्टॉक: {out} खत्म, {in} स्टॉक में',
} satisfies Translation<typeof dashboardTexts>;

export const hi: readonly HindiTexts[] = [{ namespace: 'dashboard', texts }];
