import { defineTexts } from '../../lib/i18n';

/** The order line's substitution note (decision 0043), on the shopper's and the admin's order pages. */
export const substitutionNoteTexts = defineTexts('substitutionNote', {
  orderedSent: 'ordered {ordered} → sent {sent}',
  sentAt: '{sent} at {rate}/{unit}',
  ifShortSimilar: 'If short: a similar item',
  ifShortCall: 'If short: call first',
});
