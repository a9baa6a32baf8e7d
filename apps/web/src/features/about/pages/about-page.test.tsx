import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderWithShop, shopProfile, stubFetch } from '../../../test-utils';
import AboutPage, { FOUNDER_URL } from './about-page';

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en', { remember: false });
});

describe('About page', () => {
  it('in the demo: the sample-site statement and the founder link, as the spec says', () => {
    stubFetch();
    renderWithShop(<AboutPage />, shopProfile({ demo: true }));
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeDefined();
    expect(screen.getByRole('heading', { name: 'A sample site, made only for learning' })).toBeDefined();
    expect(screen.getByRole('link', { name: /the founder on GitHub/ }).getAttribute('href')).toBe(FOUNDER_URL);
    expect(screen.queryByText('We are a family shop in Pune.')).toBeNull();
  });

  it('for a real shop: its own about text in paragraphs, no sample-site statement or founder link', () => {
    stubFetch();
    renderWithShop(<AboutPage />, shopProfile({ demo: false }));
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeDefined();
    expect(screen.getByText('We are a family shop in Pune.').tagName).toBe('P');
    expect(screen.getByText('We weigh every order by hand.').tagName).toBe('P');
    expect(screen.queryByText(/sample/i)).toBeNull();
    expect(screen.queryByRole('link', { name: /founder/ })).toBeNull();
  });

  it('for a real shop in Hindi: the Hindi about text, or the English one when the Hindi is empty', async () => {
    stubFetch();
    await setLanguage('hi', { remember: false });
    const view = renderWithShop(<AboutPage />, shopProfile({ demo: false }));
    expect(screen.getByRole('heading', { level: 1, name: 'हमारे बारे में' })).toBeDefined();
    expect(screen.getByText('हम पुणे की एक पारिवारिक दुकान हैं।')).toBeDefined();
    view.unmount();
    renderWithShop(<AboutPage />, shopProfile({ demo: false, aboutHi: '  ' }));
    expect(screen.getByText('We are a family shop in Pune.')).toBeDefined();
  });

  it('while the shop is not known: the title only, no demo text', () => {
    stubFetch(() => new Promise(() => {}));
    renderWithShop(<AboutPage />, undefined);
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeDefined();
    expect(screen.queryByText(/sample/i)).toBeNull();
    expect(screen.queryByText(/Mandi brings the bustle/)).toBeNull();
  });
});
