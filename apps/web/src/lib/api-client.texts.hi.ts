import type { apiClientTexts } from './api-client.texts';
import type { HindiTexts, Translation } from './i18n/texts';

const apiClient = {
  requestFailed: 'अनुरोध पूरा नहीं हो सका ({status})',
  somethingWentWrong: 'कुछ गड़बड़ हो गई',
} satisfies Translation<typeof apiClientTexts>;

export const hi: readonly HindiTexts[] = [{ namespace: 'apiClient', texts: apiClient }];
