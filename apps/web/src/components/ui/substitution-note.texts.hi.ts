import type { HindiTexts, Translation } from '../../lib/i18n';
import type { substitutionNoteTexts } from './substitution-note.texts';

const texts = {
  orderedSent: 'मँगाया {ordered} → भेजा {sent}',
  sentAt: '{sent}, {rate}/{unit}',
  ifShortSimilar: 'कम हो तो: मिलता-जुलता सामान',
  ifShortCall: 'कम हो तो: पहले फ़ोन',
} satisfies Translation<typeof substitutionNoteTexts>;

export const hi: readonly HindiTexts[] = [{ namespace: 'substitutionNote', texts }];
