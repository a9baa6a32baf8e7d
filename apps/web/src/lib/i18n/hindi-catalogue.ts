/**
 * The Hindi catalogue: every `*.texts.hi.ts` file of the app, gathered at build time into the one
 * chunk `language.ts` imports when Hindi is chosen.
 */
import type { HindiTexts } from './texts';

const modules = import.meta.glob<readonly HindiTexts[]>('../../**/*.texts.hi.ts', { eager: true, import: 'hi' });

export const hindiCatalogue: readonly HindiTexts[] = Object.values(modules).flat();
