/** The admin's reviews table: every review with its user, ratings and comment, and delete. */
import { MESSAGES } from '@mandi/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Review } from '../../../lib/types';
import { renderAdmin, stubFetch } from '../../../test-utils';
import ReviewsTablePage from './reviews-table-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Reviews table', () => {
  it('lists id, user name, ratings and comment; delete refreshes the list', async () => {
    let reviews: Review[] = [
      {
        _id: 'r-1',
        user: { _id: 'u-1', firstName: 'Asha', lastName: 'Patel' },
        comment: 'Lovely mangoes',
        ratings: 4,
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    ];
    const calls = stubFetch((call) => {
      if (call.method === 'DELETE') {
        reviews = [];
        return { body: { success: true, message: 'Review Deleted' } };
      }
      return { body: { success: true, reviews } };
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderAdmin(<ReviewsTablePage />, { path: '/admin/view/reviews' });
    const row = (await screen.findByText('Asha Patel')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Lovely mangoes')).toBeTruthy();
    expect(within(row).getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(within(row).getByText('r-1')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Delete the review by Asha Patel' }));
    expect(await screen.findByText('Review Deleted')).toBeTruthy();
    expect(await screen.findByText(MESSAGES.reviewsEmpty)).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/user/admin/review/r-1')).toBe(true);
  });
});
