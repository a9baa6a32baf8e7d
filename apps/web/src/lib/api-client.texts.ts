/** The HTTP client's own messages, for a failure the server did not explain. */
import { defineTexts } from './i18n/texts';

export const apiClientTexts = defineTexts('apiClient', {
  requestFailed: 'Request failed ({status})',
  somethingWentWrong: 'Something went wrong',
});
