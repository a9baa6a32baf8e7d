/** The client's errors: the server's messages as sent, its own when the server sent none, both shown in the chosen language. */
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

async function failure(request: () => Promise<unknown>): Promise<unknown> {
  try {
    await request();
  } catch (error) {
    return error;
  }
  throw new Error('the request did not fail');
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en', { remember: false });
});

describe('api-client errors', () => {
  it('keep the server’s message as sent and show it in the active language', async () => {
    answer(401, JSON.stringify({ success: false, message: SERVER_MESSAGES.badCredentials }));
    const error = await failure(() => api.post('/api/user/login', {}));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).messages).toEqual(['Invalid email or password']);
    expect(errorMessages(error)).toEqual(['Invalid email or password']);

    await setLanguage('hi', { remember: false });
    expect((error as ApiError).messages).toEqual(['Invalid email or password']);
    expect(errorMessages(error)).toEqual(['ईमेल या पासवर्ड गलत है']);
  });

  it('say "Request failed (status)" when the server sent no message, in Hindi when Hindi is on', async () => {
    answer(502, '<html>Bad Gateway</html>');
    const error = await failure(() => api.get('/api/products'));
    expect((error as ApiError).status).toBe(502);
    expect((error as ApiError).message).toBe('Request failed (502)');
    expect(errorMessages(error)).toEqual(['Request failed (502)']);

    const { rerender } = render(<ErrorBlock messages={(error as ApiError).messages} />);
    expect(screen.getByRole('alert').textContent).toBe('Request failed (502)');

    await setLanguage('hi', { remember: false });
    expect(errorMessages(error)).toEqual(['अनुरोध पूरा नहीं हो सका (502)']);
    rerender(<ErrorBlock messages={(error as ApiError).messages} />);
    expect(screen.getByRole('alert').textContent).toBe('अनुरोध पूरा नहीं हो सका (502)');
  });

  it('fill in a server message with values, and have a message for a failure that is no Error', async () => {
    answer(409, JSON.stringify({ success: false, message: 'Not enough stock for Desi Tomato' }));
    const error = await failure(() => api.post('/api/order/new', {}));
    expect(errorMessages('thrown text')).toEqual(['Something went wrong']);

    await setLanguage('hi', { remember: false });
    expect(errorMessages(error)).toEqual(['Desi Tomato का पूरा स्टॉक नहीं है']);
    expect(errorMessages('thrown text')).toEqual(['कुछ गड़बड़ हो गई']);
  });
});
