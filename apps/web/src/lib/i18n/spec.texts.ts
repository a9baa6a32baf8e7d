/**
 * The spec's fixed texts (packages/shared/src/messages.ts, English exactly as written) and the
 * server's known messages, so a message the server sends in English is shown in the chosen language.
 */
import { LOADING_TEXTS, MESSAGES, PAGE_TITLES } from '@mandi/shared';
import { SERVER_MESSAGES } from '@mandi/shared/server-messages';
import { defineTexts } from './texts';

export const specTexts = defineTexts('spec', MESSAGES);
export const loadingTexts = defineTexts('loading', LOADING_TEXTS);
export const titleTexts = defineTexts('title', PAGE_TITLES);

/**
 * The server's messages a page can show (packages/shared/src/server-messages.ts, sent by the API
 * from the same constants); one that arrives with its placeholders filled is recognised too.
 */
export const serverTexts = defineTexts('server', SERVER_MESSAGES, { arriveFilled: true });
