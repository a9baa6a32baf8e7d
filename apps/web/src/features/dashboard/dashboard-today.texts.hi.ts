import type { HindiTexts, Translation } from '../../lib/i18n';
import type { dashboardTodayTexts } from './dashboard-today.texts';

const texts = {
  today: 'आज',
  todayDate: 'आज, {date}',
  slotTimes: '{start} से {end}',
  withoutASlot: 'बिना स्लॉट',
  allOfToday: 'आज का कुल',
  todayHint:
    'आज के डिलीवरी स्लॉट के ऑर्डर और आज बिना स्लॉट दिए गए ऑर्डर; रद्द ऑर्डर शामिल नहीं। वसूलने को नकद वह रकम है जो बिना भुगतान वाले ऑर्डरों पर बाकी है।',
  toPack: 'पैक करने को ऑर्डर',
  packed: 'पैक हुए ऑर्डर',
  quantitiesToPack: 'पैक करने को मात्रा',
  nothingToPack: 'कुछ नहीं',
  cashToCollect: 'वसूलने को नकद',
  noOrdersForTodayYet: 'आज के लिए अभी कोई ऑर्डर नहीं, और आज कोई डिलीवरी स्लॉट नहीं।',
  setupMissing: 'दुकान शुरू करने से पहले सर्वर पर ये सेट करें',
  takings: 'आज की आमदनी',
  takingsValue: 'ऑनलाइन {online} · काउंटर {counter}',
  takingsHint:
    'ऑनलाइन: आज दर्ज {payments} नकद और UPI भुगतान। काउंटर: {sales} बिक्री जो लौटाई नहीं गई (नकद {cash}, UPI {upi}, खाता {khata})।',
  unpaidBills: 'बकाया बिल',
  unpaidBillsValue: '{count} बिल, {amount}',
  oneUnpaidBill: '1 बिल, {amount}',
  noUnpaidBills: 'कोई नहीं',
  unpaidBillsHint: 'पैक, भेजे या पहुँचाए गए ऑर्डर जिनका बिल बना है और भुगतान नहीं हुआ, किसी भी तारीख के।',
  complaints: 'शिकायतें',
  complaintsValue: '{open} खुली, {overdue} का समय निकल गया',
  noOpenComplaints: 'कोई खुली नहीं',
  complaintsHint: 'हर शिकायत 48 घंटे में स्वीकार करें, 30 दिन में हल करें।',
  todayCouldNotBeLoaded: 'आज के आँकड़े नहीं आ सके।',
} satisfies Translation<typeof dashboardTodayTexts>;

export const hi: readonly HindiTexts[] = [{ namespace: 'dashboardToday', texts }];
