import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderWithShop, shopProfile, stubFetch } from '../../../test-utils';
import PolicyPage from './policy-page';

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en', { remember: false });
});

function renderPolicy(url: string, shop = shopProfile({ demo: false })) {
  stubFetch();
  return renderWithShop(
    <Routes>
      <Route path="/policies/:key" element={<PolicyPage />} />
    </Routes>,
    shop,
    url,
  );
}

describe('policy pages', () => {
  it('shows a policy under its title, paragraph by paragraph, with the seller', () => {
    renderPolicy('/policies/returns');
    expect(screen.getByRole('heading', { level: 1, name: 'Returns Policy' })).toBeDefined();
    // A real shop's tab names the shop too (decision 0056).
    expect(document.title).toBe('Returns Policy | Mandi');
    expect(screen.getByText('English returns: check your produce at the door.').tagName).toBe('P');
    expect(screen.getByText('Report a problem within 24 hours.').tagName).toBe('P');
    expect(
      screen.getByText('Sold by Mandi Fresh Produce, 12 Market Road, Shivajinagar, Pune 411005, Maharashtra.'),
    ).toBeDefined();
  });

  it('links every policy and the grievance page, the current one marked', () => {
    renderPolicy('/policies/terms');
    const nav = screen.getByRole('navigation', { name: 'Our policies' });
    expect([...nav.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([
      '/policies/returns',
      '/policies/refunds',
      '/policies/delivery',
      '/policies/privacy',
      '/policies/terms',
      '/policies/grievance',
    ]);
    expect(within(nav).getByRole('link', { name: 'Terms and Conditions' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the policy in Hindi, or the English text where the Hindi is empty', async () => {
    await setLanguage('hi', { remember: false });
    const shop = shopProfile({ demo: false });
    const view = renderPolicy('/policies/refunds', shop);
    expect(screen.getByRole('heading', { level: 1, name: 'रिफ़ंड नीति' })).toBeDefined();
    expect(screen.getByText('हिंदी refunds: to the way you paid, within 7 days.')).toBeDefined();
    view.unmount();
    renderPolicy('/policies/delivery', { ...shop, policiesHi: { ...shop.policiesHi, delivery: '' } });
    expect(screen.getByText('English delivery: in the slot you choose.')).toBeDefined();
  });

  it('the grievance page: the officer, the 48-hour and one-month rules, and a way to report a problem', () => {
    renderPolicy('/policies/grievance');
    expect(screen.getByRole('heading', { level: 1, name: 'Grievance Redressal' })).toBeDefined();
    const officer = screen.getByRole('region', { name: 'Our grievance officer' });
    expect(within(officer).getByText('Asha Kulkarni')).toBeDefined();
    expect(within(officer).getByRole('link', { name: 'grievance@mandi.example' }).getAttribute('href')).toBe(
      'mailto:grievance@mandi.example',
    );
    expect(within(officer).getByRole('link', { name: '+91 98220 54321' }).getAttribute('href')).toBe(
      'tel:+919822054321',
    );
    expect(screen.getByText(/every complaint gets a ticket number/)).toBeDefined();
    expect(screen.getByText(/within 48 hours/)).toBeDefined();
    expect(screen.getByText(/within one month/)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Report a problem' }).getAttribute('href')).toBe('/account/complaints');
  });

  it('the grievance page without an officer named: the shop’s own contact', () => {
    renderPolicy(
      '/policies/grievance',
      shopProfile({ demo: false, grievanceOfficer: { name: null, email: null, phone: null } }),
    );
    const officer = screen.getByRole('region', { name: 'Our grievance officer' });
    expect(within(officer).getByText(/has not named its grievance officer yet/)).toBeDefined();
    expect(within(officer).getByRole('link', { name: 'hello@mandi.example' })).toBeDefined();
  });
});
