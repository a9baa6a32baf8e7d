/** The mail "your account was deleted", in the language the shopper chose (decision 0031). */
import type { ShopLanguage } from '@mandi/shared';
import { escapeHtml } from '@mandi/shared/kernel';
import type { MailMessage } from '../../lib/mail.js';
import { MAIL_TEXTS, shopNameIn } from '../../lib/mail-texts.js';

const TEXTS: Record<
  ShopLanguage,
  { subject: (shop: string) => string; body: (shop: string) => string; kept: string; notYou: string }
> = {
  en: {
    subject: (shop) => `Your ${shop} account was deleted`,
    body: (shop) =>
      `As you asked, your ${shop} account was deleted today: your name, email, mobile number, saved addresses and review are erased, and you were logged out everywhere.`,
    kept: 'Bills already issued keep the name and address printed on them, as tax law requires us to keep invoices for 72 months. You can register again with this email whenever you like.',
    notYou: 'If you did not ask for this, please contact the shop at once.',
  },
  hi: {
    subject: (shop) => `आपका ${shop} खाता हटा दिया गया`,
    body: (shop) =>
      `आपके कहने पर आज आपका ${shop} खाता हटा दिया गया: आपका नाम, ईमेल, मोबाइल नंबर, सहेजे पते और समीक्षा मिटा दिए गए हैं, और आप हर जगह से लॉग आउट हो गए हैं।`,
    kept: 'जो बिल पहले बन चुके हैं, उन पर छपा नाम और पता बना रहेगा, क्योंकि कर क़ानून के अनुसार बिल 72 महीने तक रखने होते हैं। आप जब चाहें इसी ईमेल से फिर से रजिस्टर कर सकते हैं।',
    notYou: 'अगर आपने ऐसा नहीं कहा था, तो तुरंत दुकान से संपर्क करें।',
  },
};

export function accountDeletedMail(
  to: string,
  firstName: string,
  language: ShopLanguage,
  shop: { name: string },
): MailMessage {
  const say = TEXTS[language];
  const common = MAIL_TEXTS[language];
  const shopName = shopNameIn(shop.name, language);
  const paragraphs = [common.hello(firstName), say.body(shopName), say.kept, say.notYou, common.signature(shopName)];
  const html = `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;color:#1c1917">
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
</body></html>`;
  return { to, subject: say.subject(shopName), text: paragraphs.join('\n\n'), html };
}
