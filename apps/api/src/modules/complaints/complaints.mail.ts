/**
 * The complaint mails (decision 0030), in the shopper's interface language: one when the complaint
 * is made (its ticket and the two deadlines) and one on each reply of the shop (the status and the
 * reply's words). Sent after the answer (`afterAnswer`), so a slow mail server never delays it.
 */
import type { ShopLanguage } from '@mandi/shared';
import { escapeHtml, formatShopTime } from '@mandi/shared/kernel';
import type { Complaint } from '@mandi/shared/schemas';
import type { MailMessage } from '../../lib/mail.js';
import { MAIL_TEXTS, shopNameIn } from '../../lib/mail-texts.js';

interface ComplaintMailTexts {
  madeSubject: (shop: string, ticket: string) => string;
  made: (ticket: string) => string;
  subjectLine: (subject: string) => string;
  acknowledgeBy: (when: string) => string;
  resolveBy: (when: string) => string;
  quote: string;
  replySubject: (shop: string, ticket: string, status: string) => string;
  replied: (ticket: string, status: string) => string;
  resolvedNote: string;
  seeComplaints: string;
  seeComplaintsAt: (link: string) => string;
  status: Record<Complaint['status'], string>;
}

const en: ComplaintMailTexts = {
  madeSubject: (shop, ticket) => `Your ${shop} complaint ${ticket} has been received`,
  made: (ticket) =>
    `We have received your complaint. Your ticket number is ${ticket}: please quote it when you contact us.`,
  subjectLine: (subject) => `Subject: ${subject}`,
  acknowledgeBy: (when) => `We will acknowledge it by ${when}`,
  resolveBy: (when) => `and resolve it by ${when}.`,
  quote: 'You wrote:',
  replySubject: (shop, ticket, status) => `Your ${shop} complaint ${ticket}: ${status}`,
  replied: (ticket, status) => `The shop has answered your complaint ${ticket}. Its status is now: ${status}.`,
  resolvedNote: 'If the problem is not solved for you, reply to this mail or make a new complaint.',
  seeComplaints: 'See your complaints',
  seeComplaintsAt: (link) => `See your complaints: ${link}`,
  status: { Open: 'Open', Acknowledged: 'Acknowledged', Resolved: 'Resolved' },
};

const hi: ComplaintMailTexts = {
  madeSubject: (shop, ticket) => `आपकी ${shop} शिकायत ${ticket} मिल गई है`,
  made: (ticket) => `हमें आपकी शिकायत मिल गई है। आपका टिकट नंबर ${ticket} है: हमसे बात करते समय यह नंबर बताएँ।`,
  subjectLine: (subject) => `विषय: ${subject}`,
  acknowledgeBy: (when) => `हम ${when} तक इसे स्वीकार करेंगे`,
  resolveBy: (when) => `और ${when} तक इसे हल करेंगे।`,
  quote: 'आपने लिखा:',
  replySubject: (shop, ticket, status) => `आपकी ${shop} शिकायत ${ticket}: ${status}`,
  replied: (ticket, status) => `दुकान ने आपकी शिकायत ${ticket} का जवाब दिया है। अब इसकी स्थिति है: ${status}।`,
  resolvedNote: 'अगर आपकी समस्या हल नहीं हुई है, तो इस मेल का जवाब दें या नई शिकायत करें।',
  seeComplaints: 'अपनी शिकायतें देखें',
  seeComplaintsAt: (link) => `अपनी शिकायतें देखें: ${link}`,
  status: { Open: 'खुली', Acknowledged: 'स्वीकार की गई', Resolved: 'हल हो गई' },
};

export const COMPLAINT_MAIL_TEXTS: Record<ShopLanguage, ComplaintMailTexts> = { en, hi };

const momentOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
} as const;

/** A moment in shop time, in the mail's language: "Thursday, 26 November 2026 at 12:00 pm". */
export function describeShopMoment(iso: string, language: ShopLanguage): string {
  return formatShopTime(new Date(iso), momentOptions, language);
}

function page(paragraphs: string[], link: string, linkText: string, language: ShopLanguage, shopName: string): string {
  const body = paragraphs.map((text) => `<p>${escapeHtml(text).replaceAll('\n', '<br>')}</p>`).join('\n');
  return `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;color:#1c1917">
${body}
<p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p>
<p>${escapeHtml(MAIL_TEXTS[language].signature(shopName))}</p>
</body></html>`;
}

/** The mail of a new complaint: its ticket, its subject and the two deadlines. */
export function complaintMadeMail(
  to: string,
  firstName: string,
  complaint: Complaint,
  link: string,
  language: ShopLanguage,
  shop: { name: string },
): MailMessage {
  const say = COMPLAINT_MAIL_TEXTS[language];
  const shopName = shopNameIn(shop.name, language);
  const deadlines = `${say.acknowledgeBy(describeShopMoment(complaint.acknowledgeBy, language))} ${say.resolveBy(
    describeShopMoment(complaint.resolveBy, language),
  )}`;
  const paragraphs = [
    MAIL_TEXTS[language].hello(firstName),
    say.made(complaint.ticket),
    say.subjectLine(complaint.subject),
    deadlines,
    `${say.quote}\n${complaint.message}`,
  ];
  const text = [...paragraphs, say.seeComplaintsAt(link), MAIL_TEXTS[language].signature(shopName)].join('\n\n');
  return {
    to,
    subject: say.madeSubject(shopName, complaint.ticket),
    text,
    html: page(paragraphs, link, say.seeComplaints, language, shopName),
  };
}

/** The mail of a reply: the new status and the reply's words (none for a bare acknowledgement). */
export function complaintReplyMail(
  to: string,
  firstName: string,
  complaint: Complaint,
  link: string,
  language: ShopLanguage,
  shop: { name: string },
): MailMessage {
  const say = COMPLAINT_MAIL_TEXTS[language];
  const shopName = shopNameIn(shop.name, language);
  const status = say.status[complaint.status];
  const latest = complaint.replies.at(-1);
  const paragraphs = [
    MAIL_TEXTS[language].hello(firstName),
    say.replied(complaint.ticket, status),
    say.subjectLine(complaint.subject),
    ...(latest?.text ? [latest.text] : []),
    ...(complaint.status === 'Resolved' ? [say.resolvedNote] : []),
  ];
  const text = [...paragraphs, say.seeComplaintsAt(link), MAIL_TEXTS[language].signature(shopName)].join('\n\n');
  return {
    to,
    subject: say.replySubject(shopName, complaint.ticket, status),
    text,
    html: page(paragraphs, link, say.seeComplaints, language, shopName),
  };
}
