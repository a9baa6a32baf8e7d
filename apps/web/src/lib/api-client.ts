/** The one HTTP client of the web app: JSON in and out, cookies included, server messages surfaced. */
import { apiClientTexts as x } from './api-client.texts';
import { translate } from './i18n/texts';

/** "Request failed (502)": the failure of a request whose answer carries no message (a proxy's error page). */
const requestFailed = (status: number) => x.requestFailed.message.replace('{status}', String(status));

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's `message` as sent, in English (a list for register and product writes). */
    readonly messages: string[],
    readonly body: unknown,
  ) {
    super(messages.join('\n') || requestFailed(status));
  }
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
    const message = (data as { message?: unknown } | null)?.message;
    const messages = Array.isArray(message) ? message.map(String) : message ? [String(message)] : [];
    throw new ApiError(response.status, messages.length ? messages : [requestFailed(response.status)], data);
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
 * What went wrong, to show in a page: the server's messages (or the client's own), each known one in
 * the active language. It reads the language when called, so it works outside React too (an
 * event handler that keeps the text in state); a render that calls it follows a language switch.
 */
export function errorMessages(error: unknown): string[] {
  if (error instanceof ApiError) return error.messages.map((message) => translate(message));
  if (error instanceof Error) return [translate(error.message)];
  return [translate(x.somethingWentWrong)];
}
