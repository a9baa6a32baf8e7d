import { defineTexts } from '../i18n/texts';

/** The plain words for a request that found no network (issue 42), in place of the browser's "Failed to fetch". */
export const keptAnswersTexts = defineTexts('keptAnswers', {
  noNetwork: 'You are offline: this needs the network. Please try again when you are back online.',
});
