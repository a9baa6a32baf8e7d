import { defineTexts } from '../../lib/i18n';

/** The policy pages (/policies/{key}) and the grievance officer's page (/policies/grievance). */
export const policiesTexts = defineTexts('policies', {
  returns: 'Returns Policy',
  refunds: 'Refund Policy',
  delivery: 'Delivery Policy',
  privacy: 'Privacy Policy',
  terms: 'Terms and Conditions',
  grievance: 'Grievance Redressal',
  policiesNav: 'Our policies',
  seller: 'Sold by {legalName}, {address}, {state}.',
  grievanceIntro:
    'If something went wrong with an order, a delivery, a bill or your account, tell us. As India’s Consumer Protection (E-Commerce) Rules, 2020 ask of every online seller:',
  ruleTicket: 'every complaint gets a ticket number, so you can follow it up;',
  ruleAcknowledge: 'we acknowledge your complaint within 48 hours;',
  ruleResolve: 'we resolve it within one month of receiving it.',
  officerTitle: 'Our grievance officer',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  noOfficer: 'The shop has not named its grievance officer yet. Please write to the shop directly:',
  reportTitle: 'Report a problem',
  reportText:
    'Log in and report the problem from your account: you get its ticket number at once, and our reply there and by mail.',
  reportLink: 'Report a problem',
});
