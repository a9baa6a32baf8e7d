import type { HindiTexts, Translation } from '../i18n/texts';
import type { keptAnswersTexts } from './kept-answers.texts';

const texts = {
  noNetwork: 'आप ऑफ़लाइन हैं: इसके लिए नेटवर्क चाहिए। नेटवर्क लौटने पर फिर से कोशिश करें।',
} satisfies Translation<typeof keptAnswersTexts>;

export const hi: readonly HindiTexts[] = [{ namespace: 'keptAnswers', texts }];
