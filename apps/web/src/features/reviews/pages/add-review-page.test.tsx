import { MESSAGES } from '@mandi/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pathnameOf, renderAt, shopper, stubFetch } from '../../../test-utils';
import AddReviewPage from './add-review-page';
import ReviewsPage from './reviews-page';

afterEach(() => vi.unstubAllGlobals());

describe('add review page', () => {
  it('requires stars and a comment, then posts and shows the server message in a popup', async () => {
    const requests = stubFetch(
      (request) =>
        request.path === '/api/user/add/review'
          ? { status: 201, body: { success: true, message: 'Review added' } }
          : undefined,
      { user: shopper },
    );
    const user = userEvent.setup();
    renderAt('/review/add', { '/review/add': <AddReviewPage /> });
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Asha Patel'));
    expect(screen.getByPlaceholderText('Comment...')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.allFieldsRequired);
    await user.type(screen.getByLabelText('Comment'), '   ');
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.allFieldsRequired);
    await user.type(screen.getByLabelText('Comment'), 'Sweet mangoes');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Review added')).toBeTruthy();
    const posted = requests.find((request) => request.path === '/api/user/add/review');
    expect(posted?.body).toEqual({ comment: 'Sweet mangoes', ratings: 4 });
    await user.click(screen.getByRole('button', { name: 'Close', hidden: true }));
    expect(screen.queryByText('Review added')).toBeNull();
  });
});

describe('customer reviews page', () => {
  it('shows each review with its author and stars', async () => {
    stubFetch(
      (request) =>
        pathnameOf(request) === '/api/user/get/reviews'
          ? {
              body: {
                success: true,
                reviews: [
                  {
                    _id: 'r1',
                    user: { _id: 'u1', firstName: 'Ravi', lastName: 'Kumar' },
                    comment: 'Fresh every time',
                    ratings: 5,
                    createdAt: '2026-01-01T00:00:00.000Z',
                  },
                ],
              },
            }
          : undefined,
      { user: null },
    );
    renderAt('/reviews/all', { '/reviews/all': <ReviewsPage /> });
    expect(await screen.findByText('Ravi Kumar')).toBeTruthy();
    expect(screen.getByText('Fresh every time')).toBeTruthy();
    expect(screen.getByRole('img', { name: '5 out of 5 stars' })).toBeTruthy();
    expect(document.title).toBe('Customer Reviews');
  });

  it('says so when there are no reviews, and Error when loading fails', async () => {
    stubFetch(
      (request) =>
        pathnameOf(request) === '/api/user/get/reviews'
          ? { body: { success: true, reviews: [], total: 0, page: 1, limit: 20 } }
          : undefined,
      { user: null },
    );
    const view = renderAt('/reviews/all', { '/reviews/all': <ReviewsPage /> });
    expect(await screen.findByText(MESSAGES.reviewsEmpty)).toBeTruthy();
    view.unmount();
    vi.unstubAllGlobals();
    stubFetch(
      (request) =>
        pathnameOf(request) === '/api/user/get/reviews'
          ? { status: 500, body: { success: false, message: 'x' } }
          : undefined,
      { user: null },
    );
    renderAt('/reviews/all', { '/reviews/all': <ReviewsPage /> });
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.reviewsError);
  });

  it('shows 20 reviews a page and pages through the rest with Next and Previous', async () => {
    const asked: string[] = [];
    stubFetch(
      (request) => {
        if (pathnameOf(request) !== '/api/user/get/reviews') return undefined;
        const url = new URL(request.path, 'http://shop.test');
        asked.push(url.search);
        const page = Number(url.searchParams.get('page'));
        const count = page === 1 ? 20 : 5;
        return {
          body: {
            success: true,
            total: 25,
            page,
            limit: 20,
            reviews: Array.from({ length: count }, (_, i) => ({
              _id: `r${page}-${i}`,
              user: { _id: `u${page}-${i}`, firstName: `Author${page}x${i}`, lastName: 'K' },
              comment: `Comment ${page}-${i}`,
              ratings: 4,
              createdAt: '2026-01-01T00:00:00.000Z',
            })),
          },
        };
      },
      { user: null },
    );
    const user = userEvent.setup();
    renderAt('/reviews/all', { '/reviews/all': <ReviewsPage /> });
    expect(await screen.findByText('Comment 1-0')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('Reviews 1–20 of 25')).toBeTruthy();
    expect(asked[0]).toBe('?page=1&limit=20');
    await user.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByText('Comment 2-4')).toBeTruthy();
    expect(screen.getByText('Reviews 21–25 of 25')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Previous' }));
    expect(await screen.findByText('Comment 1-0')).toBeTruthy();
  });
});
