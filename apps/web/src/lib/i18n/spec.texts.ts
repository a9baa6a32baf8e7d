/**
 * The spec's fixed texts (packages/shared/src/messages.ts, English exactly as written) as text
 * objects, so a page shows them with `t(specTexts.cartEmpty)` in the chosen language.
 */
import { LOADING_TEXTS, MESSAGES, PAGE_TITLES } from '@mandi/shared';
import { defineTexts } from './texts';

export const specTexts = defineTexts('spec', MESSAGES);
export const loadingTexts = defineTexts('loading', LOADING_TEXTS);
export const titleTexts = defineTexts('title', PAGE_TITLES);
