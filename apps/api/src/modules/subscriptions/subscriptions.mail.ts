/**
 * The standing orders' mails, in the shopper's language (decision 0064): what of a date will not
 * come and why (once per date), and that the shop is closed on a date one was due (told ahead).
 * Only to a confirmed address of a shopper who keeps mail on (decision 0055).
 */
import type { ShopLanguage } from '@mandi/shared';
import { formatShopDay } from '@mandi/shared/kernel';
import type { SubscriptionFailureReason } from '@mandi/shared/schemas';
import type { Db } from '../../db/client.js';
import type { MailMessage } from '../../lib/mail.js';
import { MAIL_TEXTS, shopNameIn } from '../../lib/mail-texts.js';
import { findMailContact } from '../accounts/accounts.service.js';
import { getSettings } from '../notifications/notifications.service.js';

interface StandingMailTexts {
  missedSubject: (shop: string, day: string) => string;
  missed: (day: string) => string;
  line: (name: string, reason: string) => string;
  reasons: Record<SubscriptionFailureReason, string>;
  closedSubject: (shop: string, day: string) => string;
  closed: (day: string, note: string) => string;
  seeAt: (link: string) => string;
}

const en: StandingMailTexts = {
  missedSubject: (shop, day) => `${shop}: part of your standing order will not come on ${day}`,
  missed: (day) => `We could not make these of your standing orders for ${day}:`,
  line: (name, reason) => `- ${name}: ${reason}`,
  reasons: {
    noStock: 'out of stock',
    khataLimit: 'your khata has reached its limit',
    offSale: 'the shop no longer sells it in this quantity',
    shopClosed: 'the shop is closed that day',
    notServed: 'the shop does not deliver to your address any more',
    other: 'it could not be placed',
  },
  closedSubject: (shop, day) => `${shop} is closed on ${day}`,
  closed: (day, note) =>
    `The shop is closed on ${day}${note ? ` (${note})` : ''}: your standing orders will not come that day. They carry on as usual after it.`,
  seeAt: (link) => `See your standing orders: ${link}`,
};

const hi: StandingMailTexts = {
  missedSubject: (shop, day) => `${shop}: ${day} को आपके नियमित ऑर्डर का कुछ हिस्सा नहीं आएगा`,
  missed: (day) => `${day} के आपके ये नियमित ऑर्डर हम नहीं बना सके:`,
  line: (name, reason) => `- ${name}: ${reason}`,
  reasons: {
    noStock: 'स्टॉक में नहीं है',
    khataLimit: 'आपका खाता अपनी सीमा तक पहुँच गया है',
    offSale: 'दुकान अब इसे इस मात्रा में नहीं बेचती',
    shopClosed: 'उस दिन दुकान बंद है',
    notServed: 'दुकान अब आपके पते पर डिलीवरी नहीं करती',
    other: 'यह ऑर्डर नहीं बन सका',
  },
  closedSubject: (shop, day) => `${shop} ${day} को बंद है`,
  closed: (day, note) =>
    `${day} को दुकान बंद है${note ? ` (${note})` : ''}: उस दिन आपके नियमित ऑर्डर नहीं आएँगे। उसके बाद वे हमेशा की तरह आएँगे।`,
  seeAt: (link) => `अपने नियमित ऑर्डर देखें: ${link}`,
};

const TEXTS: Record<ShopLanguage, StandingMailTexts> = { en, hi };

/** What will not come and why, on one line (the WhatsApp notice): "Paneer (out of stock), Curd (...)". */
export function missedLinesText(
  lines: readonly { name: string; reason: SubscriptionFailureReason }[],
  language: ShopLanguage,
): string {
  return lines.map((line) => `${line.name} (${TEXTS[language].reasons[line.reason]})`).join(', ');
}

interface MailDeps {
  db: Db;
  shop: { current(): Promise<{ name: string }> };
  config: { publicUrl: string };
}

/** A shop date as the notices write it: "Tuesday, 8 December". */
export const dayIn = (date: string, language: ShopLanguage) =>
  formatShopDay(date, { weekday: 'long', day: 'numeric', month: 'long' }, language);

/** To whom and in which language a standing order mail goes, or null (no confirmed address, or mail off). */
async function recipientOf(deps: MailDeps, userId: string) {
  const [contact, settings] = await Promise.all([findMailContact(deps.db, userId), getSettings(deps.db, userId)]);
  if (!contact || !settings.email) return null;
  return contact;
}

function mailOf(
  to: string,
  subject: string,
  paragraphs: string[],
  language: ShopLanguage,
  shopName: string,
  link: string,
) {
  return {
    to,
    subject,
    text: [...paragraphs, TEXTS[language].seeAt(link), MAIL_TEXTS[language].signature(shopName)].join('\n\n'),
  } satisfies MailMessage;
}

export async function standingOrderMissedMail(
  deps: MailDeps,
  userId: string,
  date: string,
  lines: readonly { name: string; reason: SubscriptionFailureReason }[],
): Promise<MailMessage | null> {
  const contact = await recipientOf(deps, userId);
  if (!contact) return null;
  const language: ShopLanguage = contact.language === 'hi' ? 'hi' : 'en';
  const say = TEXTS[language];
  const shopName = shopNameIn((await deps.shop.current()).name, language);
  const day = dayIn(date, language);
  return mailOf(
    contact.email,
    say.missedSubject(shopName, day),
    [
      MAIL_TEXTS[language].hello(contact.firstName),
      [say.missed(day), ...lines.map((line) => say.line(line.name, say.reasons[line.reason]))].join('\n'),
    ],
    language,
    shopName,
    `${deps.config.publicUrl}/subscriptions`,
  );
}

export async function shopClosedMail(
  deps: MailDeps,
  userId: string,
  date: string,
  note: string,
): Promise<MailMessage | null> {
  const contact = await recipientOf(deps, userId);
  if (!contact) return null;
  const language: ShopLanguage = contact.language === 'hi' ? 'hi' : 'en';
  const say = TEXTS[language];
  const shopName = shopNameIn((await deps.shop.current()).name, language);
  const day = dayIn(date, language);
  return mailOf(
    contact.email,
    say.closedSubject(shopName, day),
    [MAIL_TEXTS[language].hello(contact.firstName), say.closed(day, note)],
    language,
    shopName,
    `${deps.config.publicUrl}/subscriptions`,
  );
}
