import { defineTexts } from '../../lib/i18n';

/** The cart line's substitution choice at checkout (decision 0043): its own namespace. */
export const substitutionTexts = defineTexts('substitution', {
  label: 'If out of stock',
  labelOf: 'If {name} is out of stock',
  skip: 'Skip it',
  similar: 'Send a similar item',
  call: 'Call me',
  hint: 'A similar item has the same unit and costs no more per unit; for a call we phone you before sending anything else.',
});
