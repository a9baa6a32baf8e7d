import { defineTexts } from '../../lib/i18n';

export const personalDataTexts = defineTexts('personalData', {
  title: 'My data',
  lead: "India's Digital Personal Data Protection Act lets you take a copy of everything {shop} keeps about you, or have your account erased.",
  downloadHeading: 'Download my data',
  downloadLead:
    'One file (JSON) with your account, saved addresses, orders with their lines, history and bill numbers, your review and your complaints with the shop’s replies.',
  download: 'Download my data',
  deleteHeading: 'Delete my account',
  erasedHeading: 'What is erased',
  erasedName: 'Your name, email and mobile number, and your saved addresses.',
  erasedReview: 'Your review of the shop.',
  erasedLogin: 'Your login: you are logged out everywhere, and this email can register again as a new account.',
  keptHeading: 'What is kept, and why',
  keptBills:
    'Bills already issued keep your name and address as printed on them: tax law requires the shop to keep invoices for 72 months.',
  keptOrders:
    'Your orders stay in the shop’s books for its accounts; those without a bill no longer show your name, address or mobile number.',
  keptComplaints:
    'Your complaints stay in the shop’s record of grievances, no longer linked to you; they keep only what you wrote in them.',
  settleFirst: 'Every order must be delivered or cancelled before the account can be deleted.',
  password: 'Your password',
  understand: 'I understand that my account is erased and cannot be restored',
  understandNeeded: 'Tick the box to confirm that you understand.',
  passwordNeeded: 'Enter your password.',
  continue: 'Delete my account',
  confirmQuestion: 'Delete your account now? This cannot be undone.',
  confirm: 'Yes, delete my account',
  keep: 'Keep my account',
  deleting: 'Deleting your account…',
  deleted: 'Your account has been deleted. Thank you for shopping with us.',
  ok: 'OK',
});
