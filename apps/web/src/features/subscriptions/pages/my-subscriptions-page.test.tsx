/**
 * My standing orders: each one's details and cut-off, the two weeks read without colour, skip and
 * undo, a pause, a new quantity from the product's own, ending one, and a refusal shown as the
 * server's coded message in the chosen language.
 */
import type { Subscription } from '@mandi/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { type Call, pathnameOf, product, renderAt, stubFetch } from '../../../test-utils';
import { listAnswer, NOON, subscription } from '../test-fixtures';
import MySubscriptionsPage from './my-subscriptions-page';

const routes = { '/subscriptions': <MySubscriptionsPage /> };
const BASE = '/api/user/my/subscriptions';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOON });
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await setLanguage('en', { remember: false });
});

/** A small standing orders server: the list, and each change applied to it. */
function standingServer(start: Subscription[], { refuse }: { refuse?: (call: Call) => boolean } = {}) {
  let list = [...start];
  const answer = (one: Subscription | undefined, status = 200) => ({
    status,
    body: { success: true, subscription: one },
  });
  const update = (id: string, change: (one: Subscription) => Subscription) => {
    list = list.map((one) => (one._id === id ? change(one) : one));
    return list.find((one) => one._id === id);
  };
  const calls = stubFetch((call) => {
    const path = pathnameOf(call);
    if (path.startsWith('/api/product/getSingleProduct/')) {
      return {
        body: {
          success: true,
          product: { ...product('p-milk', 'Toned Milk', 56, 40, ['0.5', '1', '1.5', '2']), unit: 'litre' },
        },
      };
    }
    if (!path.startsWith(BASE)) return undefined;
    if (refuse?.(call)) {
      return {
        status: 409,
        body: {
          success: false,
          message: 'Changes for 2026-11-27 closed at 21:00 the evening before',
          code: 'subscriptionCutoffPassed',
          values: { date: '2026-11-27', cutoff: '21:00' },
        },
      };
    }
    const [, , , , , id, part, key] = path.split('/');
    const body = call.body as Record<string, string>;
    if (call.method === 'GET') return { body: listAnswer(list) };
    if (id && part === 'skips' && call.method === 'POST') {
      return answer(
        update(id, (one) => ({
          ...one,
          skips: [...one.skips, body.date ?? ''],
          upcoming: one.upcoming.map((day) => (day.date === body.date ? { ...day, state: 'skipped' } : day)),
        })),
        201,
      );
    }
    if (id && part === 'skips' && key) {
      return answer(
        update(id, (one) => ({
          ...one,
          skips: one.skips.filter((date) => date !== key),
          upcoming: one.upcoming.map((day) => (day.date === key ? { ...day, state: 'due' } : day)),
        })),
      );
    }
    if (id && part === 'pauses' && call.method === 'POST') {
      return answer(
        update(id, (one) => ({
          ...one,
          pauses: [{ _id: 'pause-1', from: body.from ?? '', to: body.to ?? '' }],
          upcoming: one.upcoming.map((day) =>
            day.date >= (body.from ?? '') && day.date <= (body.to ?? '') ? { ...day, state: 'paused' } : day,
          ),
        })),
        201,
      );
    }
    if (id && part === 'pauses' && key) return answer(update(id, (one) => ({ ...one, pauses: [] })));
    if (id && call.method === 'PUT') return answer(update(id, (one) => ({ ...one, ...(call.body as object) })));
    if (id && call.method === 'DELETE') {
      update(id, (one) => ({ ...one, status: 'ended', upcoming: [] }));
      return {
        body: { success: true, message: 'Standing order ended', code: 'subscriptionEndedNow', values: {} },
      };
    }
    return undefined;
  });
  return calls;
}

const curd = subscription({
  _id: 's-curd',
  product: { ...subscription().product, _id: 'p-curd', name: 'Curd', nameHi: 'दही', unit: 'pack' },
  unit: 'pack',
  quantity: 2,
  schedule: { kind: 'weekdays', weekdays: [1, 2, 3, 4, 5], everyNDays: null, startDate: '2026-11-20' },
  paymentMethod: 'COD',
  slot: null,
  upcoming: subscription().upcoming.filter((day) => ![0, 6].includes(new Date(`${day.date}T00:00:00Z`).getUTCDay())),
});

describe('My standing orders', () => {
  it('shows each standing order in words, with the cut-off, the closed days and the ended ones last', async () => {
    const ended = subscription({
      _id: 's-old',
      product: { ...subscription().product, _id: 'p-old', name: 'Paneer' },
      status: 'ended',
      upcoming: [],
    });
    stubFetch((call) =>
      pathnameOf(call) === BASE
        ? { body: listAnswer([subscription(), curd, ended], { closedDates: [{ date: '2026-12-01', note: 'Diwali' }] }) }
        : undefined,
    );
    renderAt('/subscriptions', routes);
    const milk = await screen.findByRole('article', { name: 'Toned Milk' });
    expect(document.title).toBe('My standing orders');
    expect(within(milk).getByText('1 litre each delivery')).toBeTruthy();
    const details = (term: string, article = milk) =>
      within(article).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(details('When')).toBe('Every day');
    expect(details('Next delivery')).toBe('Fri 27 Nov');
    expect(details('Deliver to')).toBe('Home: 12 MG Road, Pune 411001');
    expect(details('Time')).toBe('7:00–9:00');
    expect(details('Payment')).toBe('Khata (pay at the end of the month)');
    const curdCard = screen.getByRole('article', { name: 'Curd' });
    expect(details('When', curdCard)).toBe('Weekdays (Mon–Fri)');
    expect(details('Time', curdCard)).toBe('Any time of the day');
    expect(details('Payment', curdCard)).toBe('Cash on delivery');
    expect(screen.getByText('Changes for tomorrow, Fri 27 Nov, close at 21:00 tonight.')).toBeTruthy();
    expect(
      screen.getByText('The shop is closed on Tue 1 Dec (Diwali): no standing order comes that day.'),
    ).toBeTruthy();
    // The ended one comes last, under its own heading, with nothing to change.
    const endedSection = screen.getByRole('region', { name: 'Ended standing orders' });
    const paneer = within(endedSection).getByRole('article', { name: 'Paneer' });
    expect(within(paneer).queryByRole('button')).toBeNull();
    expect(within(paneer).getByText('Ended')).toBeTruthy();
  });

  it('shows the two weeks as words, not colour alone: made, coming, and the weekend without delivery', async () => {
    stubFetch((call) => (pathnameOf(call) === BASE ? { body: listAnswer([curd]) } : undefined));
    renderAt('/subscriptions', routes);
    const calendar = await screen.findByRole('list', { name: 'The next two weeks of Curd' });
    const days = within(calendar).getAllByRole('listitem');
    expect(days).toHaveLength(14);
    expect(within(calendar).getByRole('button', { name: 'Thu 26 Nov: Order made' })).toBeTruthy();
    expect(within(calendar).getByRole('button', { name: 'Fri 27 Nov: Coming' })).toBeTruthy();
    expect(within(days[2] as HTMLElement).getByText('Sat 28 Nov: No delivery')).toBeTruthy();
    expect(within(calendar).queryByRole('button', { name: /Sat 28 Nov/ })).toBeNull();
    // Today's order is made: no skipping it, only seeing it.
    const user = userEvent.setup();
    await user.click(within(calendar).getByRole('button', { name: 'Thu 26 Nov: Order made' }));
    expect(screen.getByRole('link', { name: 'See order: Thu 26 Nov' }).getAttribute('href')).toBe(
      '/Order/OrderDetails/o-today',
    );
    expect(screen.queryByRole('button', { name: /^Skip/ })).toBeNull();
  });

  it('skips a day and brings it back, saying so each time', async () => {
    const calls = standingServer([subscription()]);
    const user = userEvent.setup();
    renderAt('/subscriptions', routes);
    await user.click(await screen.findByRole('button', { name: 'Sun 29 Nov: Coming' }));
    await user.click(screen.getByRole('button', { name: 'Skip Sun 29 Nov' }));
    expect((await screen.findByText('Skipped Sun 29 Nov.')).closest('[role="status"]')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: `${BASE}/s-milk/skips`,
      body: { date: '2026-11-29' },
    });
    expect(screen.getByRole('button', { name: 'Sun 29 Nov: Skipped' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Undo skip: Sun 29 Nov' }));
    expect(await screen.findByText('Sun 29 Nov is coming again.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === `${BASE}/s-milk/skips/2026-11-29`)).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: 'Sun 29 Nov: Coming' })).toBeTruthy();
  });

  it('shows a refusal as the server’s message, in Hindi when Hindi is chosen', async () => {
    standingServer([subscription()], { refuse: (call) => call.method === 'POST' });
    await setLanguage('hi', { remember: false });
    const user = userEvent.setup();
    renderAt('/subscriptions', routes);
    await user.click(await screen.findByRole('button', { name: /^शुक्र 27 नव/ }));
    await user.click(screen.getByRole('button', { name: /छोड़ें$/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('2026-11-27 के बदलाव पिछली शाम 21:00 बजे बंद हो गए');
  });

  it('pauses from a first to a last day, checked first, and removes the pause', async () => {
    const calls = standingServer([subscription()]);
    const user = userEvent.setup();
    renderAt('/subscriptions', routes);
    await user.click(await screen.findByRole('button', { name: 'Pause for a while' }));
    const form = screen.getByRole('form', { name: 'Pause Toned Milk' });
    expect((within(form).getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-27');
    expect(document.activeElement).toBe(within(form).getByLabelText('From'));
    await user.click(within(form).getByRole('button', { name: 'Pause' }));
    expect(within(form).getByRole('alert').textContent).toBe('Choose the first and the last day of the pause.');
    await user.clear(within(form).getByLabelText('From'));
    await user.type(within(form).getByLabelText('From'), '2026-11-30');
    await user.type(within(form).getByLabelText('To (the last day paused)'), '2026-11-29');
    await user.click(within(form).getByRole('button', { name: 'Pause' }));
    expect(within(form).getByRole('alert').textContent).toBe('The last day cannot be before the first.');
    await user.clear(within(form).getByLabelText('To (the last day paused)'));
    await user.type(within(form).getByLabelText('To (the last day paused)'), '2026-12-06');
    await user.click(within(form).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Paused from Mon 30 Nov to Sun 6 Dec.')).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/pauses'))?.body).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(screen.getByRole('button', { name: 'Wed 2 Dec: Paused' })).toBeTruthy();
    // The form has closed and the focus is back on its button.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Pause for a while'));
    await user.click(screen.getByRole('button', { name: 'Remove pause: Mon 30 Nov to Sun 6 Dec' }));
    expect(await screen.findByText('Pause removed.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === `${BASE}/s-milk/pauses/pause-1`)).toBe(true);
  });

  it('changes the quantity to one the product is sold in, and ends a standing order after asking', async () => {
    const calls = standingServer([subscription()]);
    const user = userEvent.setup();
    renderAt('/subscriptions', routes);
    await user.click(await screen.findByRole('button', { name: 'Change quantity: Toned Milk' }));
    const form = screen.getByRole('form', { name: 'Quantity of Toned Milk' });
    const select = (await within(form).findByLabelText('Quantity each delivery')) as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      '500 ml',
      '1 litre',
      '1.5 litres',
      '2 litres',
    ]);
    await user.selectOptions(select, '1.5');
    await user.click(within(form).getByRole('button', { name: 'Save quantity' }));
    expect(await screen.findByText('Now 1.5 litres each delivery.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: `${BASE}/s-milk`,
      body: { quantity: 1.5 },
    });
    expect(screen.getByText('1.5 litres each delivery')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'End this standing order: Toned Milk' }));
    expect(
      screen.getByText('End the standing order of Toned Milk? Nothing more comes from Fri 27 Nov on.'),
    ).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('No, keep it');
    await user.click(screen.getByRole('button', { name: 'Yes, end it' }));
    expect(await screen.findByText('Standing order ended')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === `${BASE}/s-milk`)).toBe(true);
    expect(await screen.findByRole('region', { name: 'Ended standing orders' })).toBeTruthy();
    expect(
      screen.getByText('You have no standing orders yet. Start one for what you buy every day or every week.'),
    ).toBeTruthy();
  });
});
