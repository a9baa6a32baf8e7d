import { MESSAGES } from '@mandi/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAt, shopper } from '../../checkout/test-server';
import AddReviewPage from './add-review-page';
import ReviewsPage from './reviews-page';

afterEach(() => vi.unstubAllGlobals());

describe('add review page', () => {
  it('requires stars and a comment, then posts and shows the server message in a popup', async () => {
    const requests = fakeApi({
      user: shopper,
      handler: (request) =>
        request.url.pathname === '/api/user/add/review'
          ? { status: 201, body: { success: true, message: 'Review added' } }
          : undefined,
    });
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
    const posted = requests.find((request) => request.url.pathname === '/api/user/add/review');
    expect(posted?.body).toEqual({ comment: 'Sweet mangoes', ratings: 4 });
    await user.click(screen.getByRole('button', { name: 'Close', hidden: true }));
    expect(screen.queryByText('Review added')).toBeNull();
  });
});

describe('customer reviews page', () => {
  it('shows each review with its author and stars', async () => {
    fakeApi({
      user: null,
      handler: (request) =>
        request.url.pathname === '/api/user/get/reviews'
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
    });
    renderAt('/reviews/all', { '/reviews/all': <ReviewsPage /> });
    expect(await screen.findByText('Ravi Kumar')).toBeTruthy();
    expect(screen.getByText('Fresh every time')).toBeTruthy();
    expect(screen.getByRole('img', { name: '5 out of 5 stars' })).toBeTruthy();
    expect(document.title).toBe('Customer Reviews');
  });

  it('says so when there are no reviews, and Error when loading fails', async () => {
    fakeApi({
      user: null,
      handler: (request) =>
        request.url.pathname === '/api/user/get/reviews' ? { body: { success: true, reviews: [] } } : undefined,
    });
    const view = renderAt('/reviews/all', { '/reviews/all': <ReviewsPage /> });
    expect(await screen.findByText(MESSAGES.reviewsEmpty)).toBeTruthy();
    view.unmount();
    vi.unstubAllGlobals();
    fakeApi({
      user: null,
      handler: (request) =>
        request.url.pathname === '/api/user/get/reviews'
          ? { status: 500, body: { success: false, message: 'x' } }
          : undefined,
    });
    renderAt('/reviews/all', { '/reviews/all': <ReviewsPage /> });
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.reviewsError);
  });
});
