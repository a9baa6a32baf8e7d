/**
 * The fixed texts of the shop's mails in each interface language (decision 0011). A mail is written
 * in the language its recipient chose; English stays exactly as it was before Hindi arrived.
 */
import type { ShopLanguage } from '@mandi/shared';
import { escapeHtml, formatShopTime, shopInstant } from '@mandi/shared/kernel';
import type { Shop } from '@mandi/shared/schemas';

export interface MailTexts {
  hello: (name: string) => string;
  /** `shop` is the shop's name as the mail's language writes it (shopNameIn). */
  signature: (shop: string) => string;
  seeYourOrder: string;
  seeYourOrderAt: (link: string) => string;
  // Order confirmation
  /** `number` is the order's number as people read it, `#1042`. */
  orderSubject: (shop: string, number: string, total: string) => string;
  thanksForOrder: (number: string) => string;
  /** `unit` is the unit's one spelling in the mail's language (kernel unitName). */
  orderLine: (name: string, quantity: string, rate: string, unit: string) => string;
  delivery: (slot: string) => string;
  deliveryLater: string;
  subtotal: (amount: string) => string;
  deliveryCharge: (amount: string) => string;
  free: string;
  roundOff: (amount: string) => string;
  /** Any other adjustment (a discount, a credit), by the label its module gave it. */
  adjustment: (label: string, amount: string) => string;
  total: (amount: string) => string;
  to: (address: string) => string;
  // Final bill
  billSubject: (shop: string, number: string, total: string) => string;
  packedIntro: (number: string) => string;
  packedIntroHtml: (number: string) => string;
  billLine: (name: string, ordered: string, packed: string, amount: string) => string;
  notAvailable: string;
  /** A line packed with a substitute (decision 0043): "ordered Tomato → sent Cherry Tomato". */
  substituted: (ordered: string, sent: string) => string;
  item: string;
  ordered: string;
  packed: string;
  amount: string;
  estimate: string;
  amountDue: string;
  // The shop cancelled an order
  cancelledSubject: (shop: string, reference: string) => string;
  cancelledByShop: (reference: string, date: string) => string;
  cancelledItHeld: string;
  cancelledPaid: (amount: string) => string;
  /** The refund the shop recorded with the cancel (decision 0032): amount, how, and its reference ('' for none). */
  cancelledRefunded: (amount: string, method: string, reference: string) => string;
  // Password reset
  resetSubject: (shop: string) => string;
  resetRequest: (shop: string) => string;
  resetRequestHtml: (shop: string) => string;
  resetButton: string;
  resetPaste: string;
  resetExpiry: (minutes: number) => string;
  // Confirming the address (decision 0055)
  confirmSubject: (shop: string) => string;
  confirmRequest: (shop: string) => string;
  confirmButton: string;
  confirmExpiry: (days: number) => string;
  // The shop's identity under every order mail (decision 0028)
  fssai: (fssaiNumber: string) => string;
  phone: (phone: string) => string;
}

const en: MailTexts = {
  hello: (name) => `Hello ${name},`,
  signature: (shop) => shop,
  seeYourOrder: 'See your order',
  seeYourOrderAt: (link) => `See your order: ${link}`,
  orderSubject: (shop, number, total) => `Your ${shop} order ${number}: ${total}`,
  thanksForOrder: (number) => `Thank you for your order ${number}.`,
  orderLine: (name, quantity, rate, unit) => `${name}: ${quantity} x ${rate}/${unit}`,
  delivery: (slot) => `Delivery: ${slot}`,
  deliveryLater: 'Delivery: we will let you know when it ships',
  subtotal: (amount) => `Subtotal: ${amount}`,
  deliveryCharge: (amount) => `Delivery charge: ${amount}`,
  free: 'free',
  roundOff: (amount) => `Round off: ${amount}`,
  adjustment: (label, amount) => `${label}: ${amount}`,
  total: (amount) => `Total: ${amount}`,
  to: (address) => `To: ${address}`,
  billSubject: (shop, number, total) => `Your ${shop} order ${number} is packed: amount due ${total}`,
  packedIntro: (number) => `Your order ${number} has been weighed and packed. You pay only for what was packed:`,
  packedIntroHtml: (number) => `Your order ${number} has been weighed and packed. You pay only for what was packed.`,
  billLine: (name, ordered, packed, amount) => `- ${name}: ordered ${ordered}, packed ${packed}, ${amount}`,
  notAvailable: 'not available',
  substituted: (ordered, sent) => `ordered ${ordered} → sent ${sent}`,
  item: 'Item',
  ordered: 'Ordered',
  packed: 'Packed',
  amount: 'Amount',
  estimate: 'Estimate when ordered:',
  amountDue: 'Amount due:',
  cancelledSubject: (shop, reference) => `Your ${shop} order ${reference} has been cancelled`,
  cancelledByShop: (reference, date) =>
    `We are sorry: the shop has cancelled your order ${reference} of ${date}. It will not be delivered, and nothing is due.`,
  cancelledItHeld: 'The order held:',
  cancelledPaid: (amount) => `You had paid ${amount} for it: the shop will give it back to you.`,
  cancelledRefunded: (amount, method, reference) =>
    `Refund: the shop has paid back the ${amount} you paid, by ${method === 'Khata' ? 'a credit to your khata' : method}${reference ? ` (reference ${reference})` : ''}.`,
  resetSubject: (shop) => `Reset your ${shop} password`,
  resetRequest: (shop) =>
    `We received a request to reset the password of your ${shop} account. Open this link to choose a new one:`,
  resetRequestHtml: (shop) => `We received a request to reset the password of your ${shop} account.`,
  resetButton: 'Reset your password',
  resetPaste: 'Or paste this link into your browser:',
  resetExpiry: (minutes) =>
    `The link works once and expires in ${minutes} minutes. If you did not ask for it, you can ignore this mail.`,
  confirmSubject: (shop) => `Confirm your email address for ${shop}`,
  confirmRequest: (shop) =>
    `Please confirm that this is your email address: ${shop} sends order mails and bills only to an address its owner confirmed.`,
  confirmButton: 'Confirm your email address',
  confirmExpiry: (days) =>
    `The link works for ${days} days. If you did not make an account, you can ignore this mail: nothing more will be sent to you.`,
  fssai: (fssaiNumber) => `FSSAI Lic. No.: ${fssaiNumber}`,
  phone: (phone) => `Phone: ${phone}`,
};

const hi: MailTexts = {
  hello: (name) => `नमस्ते ${name},`,
  signature: (shop) => shop,
  seeYourOrder: 'अपना ऑर्डर देखें',
  seeYourOrderAt: (link) => `अपना ऑर्डर देखें: ${link}`,
  orderSubject: (shop, number, total) => `आपका ${shop} ऑर्डर ${number}: ${total}`,
  thanksForOrder: (number) => `आपके ऑर्डर ${number} के लिए धन्यवाद।`,
  orderLine: (name, quantity, rate, unit) => `${name}: ${quantity} x ${rate}/${unit}`,
  delivery: (slot) => `डिलीवरी: ${slot}`,
  deliveryLater: 'डिलीवरी: ऑर्डर भेजते ही हम आपको बता देंगे',
  subtotal: (amount) => `सामान का कुल: ${amount}`,
  deliveryCharge: (amount) => `डिलीवरी चार्ज: ${amount}`,
  free: 'मुफ़्त',
  roundOff: (amount) => `पूर्णांकन: ${amount}`,
  adjustment: (label, amount) => `${label}: ${amount}`,
  total: (amount) => `कुल: ${amount}`,
  to: (address) => `पता: ${address}`,
  billSubject: (shop, number, total) => `आपका ${shop} ऑर्डर ${number} पैक हो गया: देय रकम ${total}`,
  packedIntro: (number) => `आपका ऑर्डर ${number} तौलकर पैक कर दिया गया है। आप सिर्फ़ पैक हुए सामान के पैसे देंगे:`,
  packedIntroHtml: (number) => `आपका ऑर्डर ${number} तौलकर पैक कर दिया गया है। आप सिर्फ़ पैक हुए सामान के पैसे देंगे।`,
  billLine: (name, ordered, packed, amount) => `- ${name}: ऑर्डर ${ordered}, पैक ${packed}, ${amount}`,
  notAvailable: 'उपलब्ध नहीं',
  substituted: (ordered, sent) => `मँगाया ${ordered} → भेजा ${sent}`,
  item: 'सामान',
  ordered: 'ऑर्डर किया',
  packed: 'पैक हुआ',
  amount: 'रकम',
  estimate: 'ऑर्डर के समय अनुमान:',
  amountDue: 'देय रकम:',
  cancelledSubject: (shop, reference) => `आपका ${shop} ऑर्डर ${reference} रद्द कर दिया गया है`,
  cancelledByShop: (reference, date) =>
    `माफ़ कीजिए: दुकान ने आपका ${date} का ऑर्डर ${reference} रद्द कर दिया है। यह डिलीवर नहीं होगा, और कुछ भी देय नहीं है।`,
  cancelledItHeld: 'ऑर्डर में था:',
  cancelledPaid: (amount) => `आपने इसके लिए ${amount} दिए थे: दुकान यह रकम आपको लौटा देगी।`,
  cancelledRefunded: (amount, method, reference) =>
    `रिफ़ंड: आपके दिए ${amount} दुकान ने ${method === 'Khata' ? 'आपके खाते में जमा करके' : `${method} से`} लौटा दिए हैं${reference ? ` (रेफ़रेंस ${reference})` : ''}।`,
  resetSubject: (shop) => `अपना ${shop} पासवर्ड बदलें`,
  resetRequest: (shop) => `आपके ${shop} खाते का पासवर्ड बदलने का अनुरोध मिला है। नया पासवर्ड चुनने के लिए यह लिंक खोलें:`,
  resetRequestHtml: (shop) => `आपके ${shop} खाते का पासवर्ड बदलने का अनुरोध मिला है।`,
  resetButton: 'पासवर्ड बदलें',
  resetPaste: 'या यह लिंक अपने ब्राउज़र में चिपकाएँ:',
  resetExpiry: (minutes) =>
    `यह लिंक एक ही बार चलेगा और ${minutes} मिनट में खत्म हो जाएगा। अगर आपने यह नहीं माँगा था, तो इस मेल को अनदेखा करें।`,
  confirmSubject: (shop) => `${shop} के लिए अपना ईमेल पता पक्का करें`,
  confirmRequest: (shop) =>
    `कृपया पक्का करें कि यह आपका ईमेल पता है: ${shop} ऑर्डर के मेल और बिल सिर्फ़ उसी पते पर भेजता है जिसे उसके मालिक ने पक्का किया हो।`,
  confirmButton: 'ईमेल पता पक्का करें',
  confirmExpiry: (days) =>
    `यह लिंक ${days} दिन तक चलेगा। अगर आपने खाता नहीं बनाया, तो इस मेल को अनदेखा करें: आपको आगे कुछ नहीं भेजा जाएगा।`,
  fssai: (fssaiNumber) => `FSSAI लाइसेंस नं.: ${fssaiNumber}`,
  phone: (phone) => `फ़ोन: ${phone}`,
};

export const MAIL_TEXTS: Record<ShopLanguage, MailTexts> = { en, hi };

/** The date and weekday of a shop date in the mail's language: "Wednesday 25 November 2026" / "बुधवार 25 नवंबर 2026". */
export function describeShopDate(date: string, language: ShopLanguage): string {
  const day = new Date(`${date}T00:00:00Z`);
  // The names from the shop's one formatter, read at the date's noon in the shop.
  const noon = shopInstant(date, 12 * 60);
  const weekday = formatShopTime(noon, { weekday: 'long' }, language);
  const month = formatShopTime(noon, { month: 'long' }, language);
  return `${weekday} ${day.getUTCDate()} ${month} ${day.getUTCFullYear()}`;
}

/**
 * The shop's name as a mail in `language` writes it: the profile's name, except that the demo's
 * "Mandi" is written मंडी in Hindi, as the Hindi mails always have (decision 0028).
 */
export function shopNameIn(name: string, language: ShopLanguage): string {
  return language === 'hi' && name === 'Mandi' ? 'मंडी' : name;
}

/** What an order mail says about the shop: its profile as last saved (decision 0028). */
export type MailShop = Pick<Shop, 'name' | 'legalName' | 'address' | 'gstin' | 'fssaiNumber' | 'phone' | 'email'>;

/** The seller under a mail's signature: name and legal name, address, GSTIN and FSSAI number, contact. */
export function shopFooterLines(shop: MailShop, language: ShopLanguage): string[] {
  const say = MAIL_TEXTS[language];
  return [
    // The legal name alone when it already says the shop's name ("Sharma Sabzi (Ramesh Sharma)").
    shop.legalName.includes(shop.name) ? shop.legalName : `${shop.name} (${shop.legalName})`,
    shop.address,
    [shop.gstin ? `GSTIN: ${shop.gstin}` : '', shop.fssaiNumber ? say.fssai(shop.fssaiNumber) : '']
      .filter(Boolean)
      .join(' · '),
    [shop.phone ? say.phone(shop.phone) : '', shop.email ?? ''].filter(Boolean).join(' · '),
  ].filter(Boolean);
}

/** The same as a small grey paragraph of a mail's HTML. */
export function shopFooterHtml(shop: MailShop, language: ShopLanguage): string {
  const lines = shopFooterLines(shop, language).map(escapeHtml).join('<br>');
  return `<p style="color:#57534d;font-size:12px">${lines}</p>`;
}
