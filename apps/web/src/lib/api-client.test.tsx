/**
 * The client's errors: the server's messages by their code in the chosen language (the English as
 * sent when the code is unknown or missing), and its own message when the server sent none.
 */
import { SERVER_MESSAGES } from '@mandi/shared/server-messages';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBlock } from '../components/ui/error-block';
import { ApiError, api, errorMessages } from './api-client';
import { setLanguage } from './i18n';

/** A fetch answering every request with `status` and the given body (text that is not JSON for a proxy's page). */
function answer(status: number, body: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } })),
  );
}

async function failure(request: () => Promise<unknown>): Promise<ApiError> {
  try {
    await request();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the request did not fail');
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en', { remember: false });
});

describe('api-client errors', () => {
  it('show a coded server message in the active language, keeping the English as sent', async () => {
    answer(
      401,
      JSON.stringify({ success: false, message: SERVER_MESSAGES.badCredentials, code: 'badCredentials', values: {} }),
    );
    const error = await failure(() => api.post('/api/user/login', {}));
    expect(error.messages).toEqual(['Invalid email or password']);
    expect(errorMessages(error)).toEqual(['Invalid email or password']);

    await setLanguage('hi', { remember: false });
    expect(error.messages).toEqual(['Invalid email or password']);
    expect(errorMessages(error)).toEqual(['ईमेल या पासवर्ड गलत है']);
  });

  it('fill the Hindi text of a code with the values as sent', async () => {
    answer(
      409,
      JSON.stringify({
        success: false,
        message: 'Not enough stock for Desi Tomato',
        code: 'notEnoughStockFor',
        values: { name: 'Desi Tomato' },
      }),
    );
    const error = await failure(() => api.post('/api/user/new/order', {}));
    await setLanguage('hi', { remember: false });
    expect(errorMessages(error)).toEqual(['Desi Tomato का पूरा स्टॉक नहीं है']);
  });

  it('show every line of a list by its code, in order', async () => {
    answer(
      400,
      JSON.stringify({
        success: false,
        message: ['Name is required', 'Password must be at least 8 characters'],
        code: 'productNameRequired',
        values: {},
        errors: [
          { code: 'productNameRequired', values: {}, message: 'Name is required' },
          { code: 'passwordMin', values: { min: 8 }, message: 'Password must be at least 8 characters' },
        ],
      }),
    );
    const error = await failure(() => api.post('/api/user/register', {}));
    await setLanguage('hi', { remember: false });
    expect(errorMessages(error)).toEqual(['नाम डालना ज़रूरी है', 'पासवर्ड कम से कम 8 अक्षरों का होना चाहिए']);
  });

  it('fall back to the English message for an unknown code or none, in Hindi too', async () => {
    answer(
      409,
      JSON.stringify({ success: false, message: 'A message of a newer server', code: 'newerCode', values: {} }),
    );
    const unknown = await failure(() => api.post('/api/user/new/order', {}));
    answer(409, JSON.stringify({ success: false, message: 'Invalid email or password' }));
    const uncoded = await failure(() => api.post('/api/user/login', {}));
    await setLanguage('hi', { remember: false });
    expect(errorMessages(unknown)).toEqual(['A message of a newer server']);
    // No code, no translation: English text is never looked up.
    expect(errorMessages(uncoded)).toEqual(['Invalid email or password']);
  });

  it('say "Request failed (status)" when the server sent no message, in Hindi when Hindi is on', async () => {
    answer(502, '<html>Bad Gateway</html>');
    const error = await failure(() => api.get('/api/products'));
    expect(error.status).toBe(502);
    expect(error.message).toBe('Request failed (502)');
    expect(errorMessages(error)).toEqual(['Request failed (502)']);

    const { rerender } = render(<ErrorBlock messages={errorMessages(error)} />);
    expect(screen.getByRole('alert').textContent).toBe('Request failed (502)');

    await setLanguage('hi', { remember: false });
    expect(errorMessages(error)).toEqual(['अनुरोध पूरा नहीं हो सका (502)']);
    rerender(<ErrorBlock messages={errorMessages(error)} />);
    expect(screen.getByRole('alert').textContent).toBe('अनुरोध पूरा नहीं हो सका (502)');
  });

  it('have a message for a failure that is no Error', async () => {
    expect(errorMessages('thrown text')).toEqual(['Something went wrong']);
    await setLanguage('hi', { remember: false });
    expect(errorMessages('thrown text')).toEqual(['कुछ गड़बड़ हो गई']);
  });
});
