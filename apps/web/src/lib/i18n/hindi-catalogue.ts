/**
 * The Hindi catalogue and Lingui, in the one chunk `language.ts` imports when Hindi is chosen: every
 * `*.texts.hi.ts` file of the app, gathered at build time and compiled for Lingui.
 */
import { setupI18n } from '@lingui/core';
import { type HindiTexts, hindiMessages } from './texts';
// The spec's texts and the server's messages reach the page in English; they need translating only in Hindi.
import './spec.texts';

const modules = import.meta.glob<readonly HindiTexts[]>('../../**/*.texts.hi.ts', { eager: true, import: 'hi' });

export const hindiCatalogue: readonly HindiTexts[] = Object.values(modules).flat();

export function createHindiI18n() {
  return setupI18n({ locale: 'hi', messages: { hi: hindiMessages(hindiCatalogue) } });
}
