/**
 * The HTTP client's own messages, for a failure the server did not explain. They arrive in pages the
 * way the server's messages do (inside `ApiError`), so a filled one ("Request failed (502)") is
 * recognised and shown in the chosen language too.
 */
import { defineTexts } from './i18n/texts';

export const apiClientTexts = defineTexts(
  'apiClient',
  {
    requestFailed: 'Request failed ({status})',
    somethingWentWrong: 'Something went wrong',
  },
  { arriveFilled: true },
);
