import type { languageTexts } from './language.texts';
import type { HindiTexts, Translation } from './texts';

const texts = {
  label: 'भाषा',
  failed: 'हिन्दी लोड नहीं हो सकी। कृपया फिर से कोशिश करें।',
} satisfies Translation<typeof languageTexts>;

export const hi: readonly HindiTexts[] = [{ namespace: 'language', texts }];
