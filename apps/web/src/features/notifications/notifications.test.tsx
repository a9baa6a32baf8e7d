/**
 * Notifications in the browser (decision 0045): the settings page (email and WhatsApp with the
 * number, checked as the server checks it, the server's message shown, Hindi too) and the admin's
 * WhatsApp panel (the messages' status, or the wa.me link without the Cloud API).
 */
import type { NotificationSettingsAnswer, OrderNotificationsAnswer } from '@mandi/shared/schemas';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { type Call, pathnameOf, renderAt, stubFetch } from '../../test-utils';
import { OrderNotificationsPanel } from './components/order-notifications-panel';
import NotificationsPage, { normaliseNumber } from './pages/notifications-page';

const routes = { '/account/notifications': <NotificationsPage /> };

function settingsServer(start: NotificationSettingsAnswer['settings'], whatsappAvailable = true) {
  let settings = start;
  return stubFetch((call: Call) => {
    if (pathnameOf(call) !== '/api/user/my/notifications') return undefined;
    if (call.method === 'PUT') {
      const body = call.body as NotificationSettingsAnswer['settings'];
      settings = { email: body.email, whatsapp: body.whatsapp, whatsappNumber: body.whatsappNumber };
      return {
        body: {
          success: true,
          settings,
          whatsappAvailable,
          message: 'Notification settings saved',
          code: 'notificationsSaved',
          values: {},
        },
      };
    }
    return { body: { success: true, settings, whatsappAvailable } };
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en', { remember: false });
});

describe('the Notifications page', () => {
  it('says an unconfirmed address gets no mail, and mails the link again on request', async () => {
    const calls = stubFetch((call: Call) => {
      if (pathnameOf(call) === '/api/user/my/email-confirmation') {
        return {
          body: {
            success: true,
            message: 'We have mailed a confirmation link to asha@example.com. Open it to get mails about your orders.',
            code: 'confirmMailSent',
            values: { email: 'asha@example.com' },
          },
        };
      }
      if (pathnameOf(call) !== '/api/user/my/notifications') return undefined;
      return {
        body: {
          success: true,
          settings: { email: true, whatsapp: false, whatsappNumber: null },
          emailConfirmed: false,
          whatsappAvailable: true,
        },
      };
    });
    renderAt('/account/notifications', routes);
    expect(
      await screen.findByText(
        'Your email address is not confirmed yet: the shop mails you nothing until you open the link it sent you.',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Mail me the link again' }));
    expect(
      await screen.findByText(
        'We have mailed a confirmation link to asha@example.com. Open it to get mails about your orders.',
      ),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('shows email on and WhatsApp off, and saves WhatsApp with the number as the server keeps it', async () => {
    const calls = settingsServer({ email: true, whatsapp: false, whatsappNumber: null });
    renderAt('/account/notifications', routes);
    const email = await screen.findByRole('checkbox', { name: 'Email' });
    const whatsapp = screen.getByRole('checkbox', { name: 'WhatsApp' });
    expect((email as HTMLInputElement).checked).toBe(true);
    expect((whatsapp as HTMLInputElement).checked).toBe(false);

    await userEvent.click(whatsapp);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Give your WhatsApp number to get messages on WhatsApp',
    );
    await userEvent.type(screen.getByLabelText('WhatsApp number'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('The WhatsApp number must be a 10-digit Indian mobile number'),
    );
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('WhatsApp number'));
    await userEvent.type(screen.getByLabelText('WhatsApp number'), '+91 98220 12345');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe('Notification settings saved');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      email: true,
      whatsapp: true,
      whatsappNumber: '9822012345',
    });
    expect((screen.getByLabelText('WhatsApp number') as HTMLInputElement).value).toBe('9822012345');
  });

  it('asks for a first message from a saved number not yet proved, with the link to send it; says when it is', async () => {
    const link = 'https://wa.me/919822000111?text=START%20messages';
    stubFetch((call: Call) =>
      pathnameOf(call) === '/api/user/my/notifications'
        ? {
            body: {
              success: true,
              settings: { email: true, whatsapp: true, whatsappNumber: '9822012345', whatsappVerified: false },
              whatsappAvailable: true,
              whatsappProofLink: link,
            },
          }
        : undefined,
    );
    renderAt('/account/notifications', routes);
    expect(
      await screen.findByText(
        'Not confirmed yet: send one message from this number to the shop’s WhatsApp. Until then the shop sends nothing to it.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send the message on WhatsApp' }).getAttribute('href')).toBe(link);
    vi.unstubAllGlobals();
    stubFetch((call: Call) =>
      pathnameOf(call) === '/api/user/my/notifications'
        ? {
            body: {
              success: true,
              settings: { email: true, whatsapp: true, whatsappNumber: '9822012345', whatsappVerified: true },
              whatsappAvailable: true,
              whatsappProofLink: null,
            },
          }
        : undefined,
    );
    renderAt('/account/notifications', routes);
    expect(await screen.findByText('Confirmed: the shop’s messages go to this number.')).toBeTruthy();
  });

  it('reads in Hindi, and says when the shop sends WhatsApp messages by hand', async () => {
    await setLanguage('hi', { remember: false });
    settingsServer({ email: false, whatsapp: true, whatsappNumber: '9822012345' }, false);
    renderAt('/account/notifications', routes);
    expect(await screen.findByRole('heading', { name: 'सूचनाएँ' })).toBeTruthy();
    expect(((await screen.findByRole('checkbox', { name: 'ईमेल' })) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(/अभी दुकान WhatsApp संदेश ख़ुद भेजती है/)).toBeTruthy();
  });

  it('normalises a number as the server does', () => {
    expect(normaliseNumber(' +91 98220-12345 ')).toBe('9822012345');
    expect(normaliseNumber('09822012345')).toBe('9822012345');
    expect(normaliseNumber('919822012345')).toBe('9822012345');
  });
});

describe("the admin's WhatsApp panel", () => {
  const answer = (overrides: Partial<OrderNotificationsAnswer>): OrderNotificationsAnswer => ({
    success: true,
    whatsappConfigured: true,
    messages: [],
    whatsappLink: null,
    ...overrides,
  });
  const serve = (body: OrderNotificationsAnswer) =>
    stubFetch((call) => (pathnameOf(call) === '/api/admin/orders/o-1/notifications' ? { body } : undefined));
  const panel = { '/admin/order/o-1': <OrderNotificationsPanel orderId="o-1" status="Processing" name="Asha Patel" /> };

  it("lists the order's messages with where each got to", async () => {
    serve(
      answer({
        messages: [
          {
            _id: '1',
            orderId: 'o-1',
            channel: 'whatsapp',
            template: 'order_placed',
            language: 'en',
            to: '919822012345',
            text: 'Namaste Asha…',
            status: 'read',
            attempts: 1,
            nextAttemptAt: null,
            providerMessageId: 'wamid.1',
            error: null,
            createdAt: '2026-11-27T01:00:00.000Z',
            updatedAt: '2026-11-27T01:00:05.000Z',
          },
        ],
      }),
    );
    renderAt('/admin/order/o-1', panel);
    expect(await screen.findByText('Order placed: Read')).toBeTruthy();
  });

  it('offers the wa.me link without the Cloud API, with the text in the shopper’s language', async () => {
    const text = 'नमस्ते आशा, मंडी में आपका ऑर्डर #1042 दर्ज हो गया है।';
    serve(
      answer({
        whatsappConfigured: false,
        whatsappLink: {
          template: 'order_placed',
          language: 'hi',
          text,
          url: `https://wa.me/919822012345?text=${encodeURIComponent(text)}`,
        },
      }),
    );
    renderAt('/admin/order/o-1', panel);
    const link = await screen.findByRole('link', {
      name: 'Send on WhatsApp to Asha Patel (opens in a new tab)',
    });
    expect(link.getAttribute('href')).toBe(`https://wa.me/919822012345?text=${encodeURIComponent(text)}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByText(text).getAttribute('lang')).toBe('hi');
  });
});
