/** The one HTTP client of the web app: JSON in and out, cookies included, server messages surfaced. */
import { apiClientTexts as x } from './api-client.texts';
import { fillText, type Text, translate, type Values } from './i18n/texts';

/** One message of a failure as the server sent it: its code (a key of SERVER_MESSAGES), values and English. */
export type ServerMessage = { readonly code?: string; readonly values?: Values; readonly message: string };

/**
 * A server message as a text: the code's text in the chosen language, filled with the values as
 * sent; the English `message` as sent when there is no code or the catalogue does not know it.
 */
export function serverText({ code, values, message }: ServerMessage): Text {
  return { id: code ? `server.${code}` : '', message, values: values ?? {} };
}

/** "Request failed (502)": the failure of a request whose answer carries no message (a proxy's error page). */
function requestFailed(status: number): Text {
  return { ...x.requestFailed, message: fillText(x.requestFailed.message, { status }), values: { status } };
}

export class ApiError extends Error {
  /** The server's messages as texts (a list for register and product writes), or the client's own. */
  readonly texts: readonly Text[];
  /** The same in English, as sent: the display fallback and what logs show. */
  readonly messages: readonly string[];

  constructor(
    readonly status: number,
    /** The server's messages as sent: `message` in English, with `code` and `values` when given. */
    readonly sent: readonly ServerMessage[],
    readonly body: unknown,
  ) {
    const texts = sent.length ? sent.map(serverText) : [requestFailed(status)];
    const messages = texts.map((text) => text.message);
    super(messages.join('\n'));
    this.texts = texts;
    this.messages = messages;
  }
}

/** The messages of a failure's body: `errors` for a list, else `message` with `code` and `values`. */
function sentMessages(data: unknown): ServerMessage[] {
  const { message, code, values, errors } = (data ?? {}) as Record<string, unknown>;
  const valuesOf = (given: unknown) => (typeof given === 'object' && given !== null ? (given as Values) : undefined);
  const codeOf = (given: unknown) => (typeof given === 'string' ? given : undefined);
  if (Array.isArray(errors) && Array.isArray(message) && errors.length === message.length) {
    return errors.map((entry: Record<string, unknown> | null, index) => ({
      code: codeOf(entry?.code),
      values: valuesOf(entry?.values),
      message: String(message[index]),
    }));
  }
  if (Array.isArray(message)) return message.map((one) => ({ message: String(one) }));
  return message ? [{ code: codeOf(code), values: valuesOf(values), message: String(message) }] : [];
}

type Body = Record<string, unknown> | unknown[] | FormData | undefined;

async function request<T>(method: string, path: string, body?: Body, init?: RequestInit): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers:
      body === undefined || isForm
        ? { Accept: 'application/json' }
        : { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    ...init,
  });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok || (data as { success?: boolean } | null)?.success === false) {
    throw new ApiError(response.status, sentMessages(data), data);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, init?: RequestInit) => request<T>('GET', path, undefined, init),
  post: <T>(path: string, body?: Body, init?: RequestInit) => request<T>('POST', path, body ?? {}, init),
  put: <T>(path: string, body?: Body, init?: RequestInit) => request<T>('PUT', path, body ?? {}, init),
  delete: <T>(path: string, init?: RequestInit) => request<T>('DELETE', path, undefined, init),
};

/**
 * What went wrong, to show in a page: the server's messages (or the client's own) in the active
 * language. It reads the language when called, so it works outside React too (an event handler
 * that keeps the text in state); a render that calls it follows a language switch.
 */
export function errorMessages(error: unknown): string[] {
  if (error instanceof ApiError) return error.texts.map((text) => translate(text));
  // A thrown Error (a network failure) has no code: its own words are all there is.
  if (error instanceof Error) return [error.message];
  return [translate(x.somethingWentWrong)];
}
