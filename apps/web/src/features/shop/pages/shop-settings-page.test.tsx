import type { Shop } from '@mandi/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shopQuery } from '../../../lib/shop/shop';
import { type Call, renderWithShop, shopProfile, stubFetch } from '../../../test-utils';
import ShopSettingsPage from './shop-settings-page';

afterEach(() => vi.unstubAllGlobals());

/** The page with the profile known, the PUT answered by `answer` (by default: the body saved). */
function renderSettings(answer?: (call: Call) => { status?: number; body: unknown } | undefined) {
  const shop = shopProfile();
  const calls = stubFetch((call) => {
    if (call.method === 'PUT' && call.path === '/api/admin/shop') {
      return (
        answer?.(call) ?? {
          body: { success: true, shop: { ...shop, ...(call.body as Partial<Shop>), demo: false } },
        }
      );
    }
    return undefined;
  });
  const view = renderWithShop(<ShopSettingsPage />, shop, '/admin/shop');
  return { ...view, calls };
}

const puts = (calls: Call[]) => calls.filter((call) => call.method === 'PUT');

/** Types into a field by pasting (a keystroke at a time is slow in jsdom for no more coverage). */
async function enter(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('Shop settings', () => {
  it('labels every field of the profile, with the policies behind disclosures', () => {
    renderSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Shop settings' })).toBeDefined();
    for (const label of [
      'Shop name',
      'Legal name',
      'Address',
      'State or union territory',
      'Phone',
      'Email',
      'FSSAI licence number',
      'GSTIN',
      'UPI id',
      'About text (English)',
      'About text (Hindi)',
    ]) {
      expect(screen.getAllByLabelText(label).length, label).toBeGreaterThan(0);
    }
    expect((screen.getByLabelText('Shop name') as HTMLInputElement).value).toBe('Mandi');
    const officer = screen.getByRole('group', { name: 'Grievance officer' });
    expect((within(officer).getByLabelText('Name') as HTMLInputElement).value).toBe('Asha Kulkarni');
    const policies = screen.getByRole('group', { name: 'Policies' });
    expect(policies.querySelectorAll('details')).toHaveLength(5);
    expect(within(policies).getByText('Returns Policy')).toBeDefined();
    expect((screen.getByLabelText('Returns Policy (English)') as HTMLTextAreaElement).value).toMatch(
      /^English returns/,
    );
    expect((screen.getByLabelText('Returns Policy (Hindi)') as HTMLTextAreaElement).value).toMatch(/^हिंदी returns/);
  });

  it('previews the bill’s header as the form reads: a Bill of Supply, then a Tax Invoice once a GSTIN is given', async () => {
    const user = userEvent.setup();
    renderSettings();
    const preview = screen.getByTestId('bill-preview');
    expect(within(preview).getByText('Bill of Supply')).toBeDefined();
    expect(within(preview).getByText('Mandi Fresh Produce')).toBeDefined();
    expect(within(preview).getByText('State: Maharashtra (code 27)')).toBeDefined();
    expect(within(preview).getByText('Not registered under GST')).toBeDefined();

    await user.clear(screen.getByLabelText('Legal name'));
    await enter(user, screen.getByLabelText('Legal name'), 'Sharma Sabzi Pvt Ltd');
    await enter(user, screen.getByLabelText('GSTIN'), '27aajcm4321f1zn');
    await enter(user, screen.getByLabelText('FSSAI licence number'), '12345678901234');
    expect(within(preview).getByText('Tax Invoice')).toBeDefined();
    expect(within(preview).getByText('Sharma Sabzi Pvt Ltd')).toBeDefined();
    expect(within(preview).getByText('GSTIN: 27AAJCM4321F1ZN')).toBeDefined();
    expect(within(preview).getByText('FSSAI Lic. No. 12345678901234')).toBeDefined();
    expect(within(preview).getByText('Phone: +91 98220 12345')).toBeDefined();
  });

  it('checks the fields before sending, marks each problem at its field and focuses the first', async () => {
    const user = userEvent.setup();
    const { calls } = renderSettings();
    await enter(user, screen.getByLabelText('FSSAI licence number'), '1234567890123');
    const phone = within(screen.getByRole('group', { name: 'The shop' })).getByLabelText('Phone');
    await user.clear(phone);
    await enter(user, phone, '98220');
    await enter(user, screen.getByLabelText('GSTIN'), '29AAJCM4321F1ZJ');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(phone.getAttribute('aria-describedby')).toContain('shop-phone-problem');
    expect(screen.getByText('Phone must be 10 digits')).toBeDefined();
    expect(screen.getByText('FSSAI number must be exactly 14 digits')).toBeDefined();
    expect(screen.getByText('This GSTIN starts with state code 29, but Maharashtra is 27')).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe('Please correct the marked fields.');
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(puts(calls)).toEqual([]);

    // Fixed, the problem goes at once.
    await enter(user, phone, '12345');
    expect(screen.queryByText('Phone must be 10 digits')).toBeNull();
  });

  it('saves every field, says so, and the shop query holds the saved profile at once', async () => {
    const user = userEvent.setup();
    const { calls, queryClient } = renderSettings();
    await user.clear(screen.getByLabelText('Shop name'));
    await enter(user, screen.getByLabelText('Shop name'), 'Sharma Sabzi');
    await enter(user, screen.getByLabelText('FSSAI licence number'), '12345678901234');
    await user.click(screen.getByText('Refund Policy'));
    await enter(user, screen.getByLabelText('Refund Policy (English)'), ' Cash refunds at the next delivery.');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Shop settings saved.')).toBeDefined();
    const [put] = puts(calls);
    expect(put?.body).toMatchObject({
      name: 'Sharma Sabzi',
      fssaiNumber: '12345678901234',
      gstin: null,
      state: 'Maharashtra',
      grievanceOfficer: { name: 'Asha Kulkarni', email: 'grievance@mandi.example', phone: '9822054321' },
      policies: { refunds: 'English refunds: to the way you paid, within 7 days. Cash refunds at the next delivery.' },
    });
    expect(queryClient.getQueryData(shopQuery.queryKey)).toMatchObject({ name: 'Sharma Sabzi', demo: false });
  });

  it('shows the server’s refusal at the field it is about', async () => {
    const user = userEvent.setup();
    renderSettings(() => ({
      status: 400,
      body: { success: false, message: 'FSSAI number must be exactly 14 digits', code: 'fssaiDigits', values: {} },
    }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const fssai = screen.getByLabelText('FSSAI licence number');
    await waitFor(() => expect(fssai.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('FSSAI number must be exactly 14 digits').id).toBe('shop-fssaiNumber-problem');
  });

  it('shows a refusal about no one field above the button', async () => {
    const user = userEvent.setup();
    renderSettings(() => ({ status: 403, body: { success: false, message: 'Admins only', code: 'adminOnly' } }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Admins only');
  });
});
