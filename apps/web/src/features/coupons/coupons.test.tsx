/**
 * Coupons on the web (decision 0044): the admin's Coupons screen (the list with its uses, a new
 * coupon sent as the server wants it, a refusal shown, a change, a delete) and the checkout's
 * coupon field (the discount or why not), in Hindi too.
 */
import type { Coupon } from '@mandi/shared/schemas';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { type Call, pathnameOf, renderAdmin, renderAt, stubFetch } from '../../test-utils';
import { type AppliedCoupon, CouponField } from './components/coupon-field';
import AdminCouponsPage from './pages/admin-coupons-page';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await setLanguage('en', { remember: false });
});

const coupon = (overrides: Partial<Coupon> = {}): Coupon => ({
  _id: 'c-1',
  code: 'SAVE50',
  kind: 'flat',
  value: 50,
  minSubtotal: 500,
  validFrom: '2026-11-01',
  validTo: '2026-11-30',
  maxUses: 100,
  firstOrderOnly: false,
  uses: 7,
  createdAt: '2026-11-01T04:30:00.000Z',
  ...overrides,
});

function couponsServer(list: Coupon[]) {
  let coupons = [...list];
  return stubFetch((call: Call) => {
    const path = pathnameOf(call);
    if (path === '/api/admin/coupons' && call.method === 'GET') return { body: { success: true, coupons } };
    if (path === '/api/admin/coupons' && call.method === 'POST') {
      const body = call.body as { code: string };
      if (body.code.toUpperCase() === 'SAVE50') {
        return {
          status: 409,
          body: {
            success: false,
            message: 'A coupon with the code SAVE50 already exists',
            code: 'couponCodeTaken',
            values: { code: 'SAVE50' },
          },
        };
      }
      const made = coupon({ ...(call.body as Partial<Coupon>), _id: 'c-2', code: body.code.toUpperCase(), uses: 0 });
      coupons = [...coupons, made];
      return {
        status: 201,
        body: { success: true, message: 'Coupon created', code: 'couponCreated', values: {}, coupon: made },
      };
    }
    if (path === '/api/admin/coupons/c-1' && call.method === 'PUT') {
      const changed = coupon({ ...(call.body as Partial<Coupon>) });
      coupons = coupons.map((one) => (one._id === 'c-1' ? changed : one));
      return { body: { success: true, message: 'Coupon updated', code: 'couponUpdated', values: {}, coupon: changed } };
    }
    if (path === '/api/admin/coupons/c-1' && call.method === 'DELETE') {
      coupons = coupons.filter((one) => one._id !== 'c-1');
      return { body: { success: true, message: 'Coupon deleted', code: 'couponDeleted', values: {} } };
    }
    return undefined;
  });
}

/** The server's answer for a code that applies (its text, code and values). */
const SAVE50_APPLIES = {
  success: true,
  valid: true,
  discount: 50,
  message: 'Coupon SAVE50: ₹50 off',
  code: 'couponApplies',
  values: { code: 'SAVE50', discount: '₹50' },
};

describe('the Coupons screen', () => {
  it('lists the coupons with their uses, makes one, shows a refusal, changes and deletes one', async () => {
    const calls = couponsServer([
      coupon(),
      coupon({
        _id: 'c-9',
        code: 'TEN',
        kind: 'percent',
        value: 10,
        maxUses: null,
        uses: 3,
        minSubtotal: 0,
        firstOrderOnly: true,
      }),
    ]);
    const user = userEvent.setup();
    renderAdmin(<AdminCouponsPage />, { path: '/admin/coupons' });
    const table = await screen.findByRole('table', { name: 'Coupons, those ending soonest first, with their uses' });
    const save50 = await within(table).findByRole('row', { name: /SAVE50/ });
    expect(save50.textContent).toContain('₹50 off');
    expect(save50.textContent).toContain('from ₹500');
    expect(save50.textContent).toContain('7 of 100');
    const ten = within(table).getByRole('row', { name: /TEN/ });
    expect(ten.textContent).toContain('10% off');
    expect(ten.textContent).toContain('First order only');

    // A taken code: the server's refusal shows and nothing is listed twice.
    const form = screen.getByRole('form', { name: 'New coupon' });
    await user.type(within(form).getByLabelText('Code'), 'save50');
    await user.type(within(form).getByLabelText('Amount (₹) or percent'), '50');
    await user.click(within(form).getByRole('button', { name: 'Save coupon' }));
    expect(await screen.findByText('A coupon with the code SAVE50 already exists')).toBeTruthy();

    await user.clear(within(form).getByLabelText('Code'));
    await user.type(within(form).getByLabelText('Code'), 'diwali');
    await user.selectOptions(within(form).getByLabelText('Discount'), '% off');
    await user.clear(within(form).getByLabelText('Amount (₹) or percent'));
    await user.type(within(form).getByLabelText('Amount (₹) or percent'), '15');
    await user.type(within(form).getByLabelText('Uses allowed'), '20');
    await user.click(within(form).getByLabelText('First order only'));
    await user.click(within(form).getByRole('button', { name: 'Save coupon' }));
    expect(await screen.findByText('Coupon created')).toBeTruthy();
    const posted = calls.filter((call) => call.method === 'POST').at(-1);
    expect(posted?.body).toMatchObject({
      code: 'diwali',
      kind: 'percent',
      value: 15,
      minSubtotal: 0,
      maxUses: 20,
      firstOrderOnly: true,
    });
    expect(await within(table).findByRole('row', { name: /DIWALI/ })).toBeTruthy();

    // Change SAVE50's minimum; then delete it.
    await user.click(screen.getByRole('button', { name: 'Change coupon SAVE50' }));
    const edit = screen.getByRole('form', { name: 'Change coupon SAVE50' });
    await user.clear(within(edit).getByLabelText('Minimum basket (₹)'));
    await user.type(within(edit).getByLabelText('Minimum basket (₹)'), '400');
    await user.click(within(edit).getByRole('button', { name: 'Save coupon' }));
    expect(await screen.findByText('Coupon updated')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ code: 'SAVE50', minSubtotal: 400 });

    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Delete coupon SAVE50' }));
    expect(await screen.findByText('Coupon deleted')).toBeTruthy();
    await waitFor(() => expect(within(table).queryByRole('row', { name: /SAVE50/ })).toBeNull());
  });

  it('reads in Hindi', async () => {
    await setLanguage('hi', { remember: false });
    couponsServer([coupon()]);
    renderAdmin(<AdminCouponsPage />, { path: '/admin/coupons' });
    expect(await screen.findByRole('heading', { level: 1, name: 'कूपन' })).toBeTruthy();
    const row = await screen.findByRole('row', { name: /SAVE50/ });
    expect(row.textContent).toContain('₹50 की छूट');
    expect(row.textContent).toContain('100 में से 7');
  });
});

function Field() {
  const [applied, setApplied] = useState<AppliedCoupon | null>(null);
  return (
    <>
      <CouponField subtotal={698} applied={applied} onChange={setApplied} />
      <output data-testid="applied">{applied ? `${applied.code} ${applied.discount}` : 'none'}</output>
    </>
  );
}

describe('the coupon field at checkout', () => {
  it('applies a code the server accepts, says why one does not apply, and removes it', async () => {
    const calls = stubFetch((call) => {
      if (pathnameOf(call) !== '/api/coupons/check') return undefined;
      const code = new URLSearchParams(call.path.split('?')[1]).get('code');
      return code === 'save50'
        ? {
            body: SAVE50_APPLIES,
          }
        : {
            body: {
              success: true,
              valid: false,
              discount: 0,
              message: 'The coupon BIG needs items worth at least ₹1,000: add ₹302 more',
              code: 'couponBelowMinimum',
              values: { code: 'BIG', minimum: '₹1,000', more: '₹302' },
            },
          };
    });
    const user = userEvent.setup();
    renderAt('/Order/Confirm', { '/Order/Confirm': <Field /> });
    await user.type(screen.getByLabelText('Coupon code'), 'big');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The coupon BIG needs items worth at least ₹1,000: add ₹302 more')).toBeTruthy();
    expect(screen.getByTestId('applied').textContent).toBe('none');

    await user.clear(screen.getByLabelText('Coupon code'));
    await user.type(screen.getByLabelText('Coupon code'), 'save50');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Coupon SAVE50: ₹50 off')).toBeTruthy();
    expect(screen.getByTestId('applied').textContent).toBe('SAVE50 50');
    expect(calls.at(-1)?.path).toBe('/api/coupons/check?code=save50&subtotal=698');

    await user.click(screen.getByRole('button', { name: 'Remove coupon' }));
    expect(screen.getByTestId('applied').textContent).toBe('none');
  });

  it("re-words the server's answer when the shopper switches to Hindi after applying", async () => {
    stubFetch((call) =>
      pathnameOf(call) === '/api/coupons/check'
        ? {
            body: SAVE50_APPLIES,
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderAt('/Order/Confirm', { '/Order/Confirm': <Field /> });
    await user.type(screen.getByLabelText('Coupon code'), 'save50');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Coupon SAVE50: ₹50 off')).toBeTruthy();
    await act(() => setLanguage('hi', { remember: false }));
    expect(await screen.findByText('कूपन SAVE50: ₹50 की छूट')).toBeTruthy();
  });
});
