import type { HindiTexts, Translation } from '../../lib/i18n';
import type { substitutionTexts } from './substitution.texts';

const texts = {
  label: 'स्टॉक में न हो तो',
  labelOf: 'अगर {name} स्टॉक में न हो',
  skip: 'छोड़ दें',
  similar: 'मिलता-जुलता सामान भेजें',
  call: 'मुझे फ़ोन करें',
  hint: 'मिलता-जुलता सामान उसी इकाई का होगा और प्रति इकाई दाम ज़्यादा नहीं होगा; फ़ोन चुनें तो कुछ और भेजने से पहले हम आपको फ़ोन करेंगे।',
} satisfies Translation<typeof substitutionTexts>;

export const hi: readonly HindiTexts[] = [{ namespace: 'substitution', texts }];
