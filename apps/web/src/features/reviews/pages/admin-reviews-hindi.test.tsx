/**
 * The admin's reviews table with Hindi on: titles, headings, labels and buttons in Hindi, and the
 * server's messages (sent in English) shown in Hindi, names and numbers kept as sent.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderAdmin, stubFetch } from '../../../test-utils';
import ReviewsTablePage from './reviews-table-page';

beforeEach(() => setLanguage('hi', { remember: false }));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await setLanguage('en', { remember: false });
});

describe('the admin reviews table in Hindi', () => {
  it('Reviews table: Hindi columns, and the delete answered in Hindi', async () => {
    stubFetch((call) =>
      call.method === 'DELETE'
        ? { body: { success: true, message: 'Review deleted', code: 'reviewDeleted', values: {} } }
        : {
            body: {
              success: true,
              reviews: [
                {
                  _id: 'r-1',
                  user: { _id: 'u-1', firstName: 'Asha', lastName: 'Patel' },
                  comment: 'Lovely mangoes',
                  ratings: 4,
                  createdAt: '2026-01-01T00:00:00.000Z',
                },
              ],
            },
          },
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAdmin(<ReviewsTablePage />, { path: '/admin/view/reviews' });
    const row = (await screen.findByText('Asha Patel')).closest('tr') as HTMLElement;
    expect(document.title).toBe('सभी समीक्षाएँ');
    expect(screen.getByRole('columnheader', { name: 'टिप्पणी' })).toBeTruthy();
    await userEvent.click(within(row).getByRole('button'));
    expect(await screen.findByText('समीक्षा हटा दी गई')).toBeTruthy();
  });
});
