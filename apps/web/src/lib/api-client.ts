/** The one HTTP client of the web app: JSON in and out, cookies included, server messages surfaced. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's `message` (a list for register and product writes). */
    readonly messages: string[],
    readonly body: unknown,
  ) {
    super(messages.join('\n') || `Request failed (${status})`);
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
    throw new ApiError(response.status, messages.length ? messages : [`Request failed (${response.status})`], data);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, init?: RequestInit) => request<T>('GET', path, undefined, init),
  post: <T>(path: string, body?: Body, init?: RequestInit) => request<T>('POST', path, body ?? {}, init),
  put: <T>(path: string, body?: Body, init?: RequestInit) => request<T>('PUT', path, body ?? {}, init),
  delete: <T>(path: string, init?: RequestInit) => request<T>('DELETE', path, undefined, init),
};

export function errorMessages(error: unknown): string[] {
  if (error instanceof ApiError) return error.messages;
  if (error instanceof Error) return [error.message];
  return ['Something went wrong'];
}
