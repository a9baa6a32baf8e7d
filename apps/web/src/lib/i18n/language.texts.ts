import { defineTexts } from './texts';

export const languageTexts = defineTexts('language', {
  label: 'Language',
  failed: 'Hindi could not be loaded. Please try again.',
});
