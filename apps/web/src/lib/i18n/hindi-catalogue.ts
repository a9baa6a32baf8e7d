/**
 * The Hindi catalogue, in the one chunk `language.ts` imports when Hindi is chosen: every
 * `*.texts.hi.ts` file of the app, gathered at build time (plain strings by id, decision 0018).
 */
import { type HindiTexts, hindiTexts } from './texts';

const modules = import.meta.glob<readonly HindiTexts[]>('../../**/*.texts.hi.ts', { eager: true, import: 'hi' });

export const hindiCatalogue: readonly HindiTexts[] = Object.values(modules).flat();

export function loadHindiTexts(): Map<string, string> {
  return hindiTexts(hindiCatalogue);
}
