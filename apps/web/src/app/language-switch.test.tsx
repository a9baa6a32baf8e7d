import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage, startLanguage } from '../lib/i18n';
import { LANGUAGE_STORAGE_KEY } from '../lib/i18n/language';
import { renderWithShop, shopProfile } from '../test-utils';
import { Footer } from './footer';

afterEach(() => setLanguage('en', { remember: false }));

function renderFooter() {
  return renderWithShop(<Footer />, shopProfile());
}

describe('language switch', () => {
  it('is English by default, with each language named in its own script', () => {
    renderFooter();
    const english = screen.getByRole('button', { name: 'English' });
    const hindi = screen.getByRole('button', { name: 'हिन्दी' });
    expect(english.getAttribute('aria-pressed')).toBe('true');
    expect(hindi.getAttribute('aria-pressed')).toBe('false');
    expect(hindi.getAttribute('lang')).toBe('hi');
    expect(screen.getByRole('heading', { name: 'Quick Links' })).toBeTruthy();
  });

  it('switches the page, <html lang> and the remembered choice to Hindi and back', async () => {
    const user = userEvent.setup();
    renderFooter();
    await user.click(screen.getByRole('button', { name: 'हिन्दी' }));
    expect(await screen.findByRole('heading', { name: 'झटपट लिंक' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
    expect(screen.getByRole('button', { name: 'हिन्दी' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('group', { name: 'भाषा' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'भेजें' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Quick Links' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('starts in the remembered language, Hindi loaded before the first render', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi');
    await startLanguage();
    expect(document.documentElement.lang).toBe('hi');
    renderFooter();
    expect(screen.getByRole('heading', { name: 'संपर्क' })).toBeTruthy();
  });

  it('starts in English, <html lang="en">, when nothing is remembered', async () => {
    await startLanguage();
    expect(document.documentElement.lang).toBe('en');
    renderFooter();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Contact' })).toBeTruthy());
  });
});
