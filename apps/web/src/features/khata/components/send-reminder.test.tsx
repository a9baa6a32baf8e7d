/** The khata reminder from the shop's WhatsApp (decision 0045): the server's answer, either way, in words. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pathnameOf, renderAt, stubFetch } from '../../../test-utils';
import { SendReminderButton } from './account-actions';

afterEach(() => vi.unstubAllGlobals());

describe('Send from the shop’s WhatsApp', () => {
  it('says the reminder is on its way, or why it cannot go', async () => {
    const answers = [
      {
        status: 409,
        body: {
          success: false,
          message:
            'This shopper has not chosen to get WhatsApp messages: send the reminder with the WhatsApp link instead',
          code: 'whatsappNotChosen',
          values: {},
        },
      },
      {
        status: 202,
        body: {
          success: true,
          message: 'The reminder is on its way to WhatsApp',
          code: 'khataReminderQueued',
          values: {},
        },
      },
    ];
    const calls = stubFetch((call) =>
      pathnameOf(call) === '/api/admin/khata/u-1/whatsapp-reminder' ? answers.shift() : undefined,
    );
    renderAt('/admin/khata/u-1', { '/admin/khata/u-1': <SendReminderButton userId="u-1" name="Ravi Patel" /> });
    const button = screen.getByRole('button', {
      name: "Send from the shop's WhatsApp: the reminder to Ravi Patel",
    });
    await userEvent.click(button);
    expect(await screen.findByText(/has not chosen to get WhatsApp messages/)).toBeTruthy();
    await userEvent.click(button);
    expect(await screen.findByText('The reminder is on its way to WhatsApp')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });
});
