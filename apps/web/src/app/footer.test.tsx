import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShop, shopProfile, stubFetch } from '../test-utils';
import { Footer } from './footer';

afterEach(() => vi.unstubAllGlobals());

const linksOf = (element: HTMLElement) =>
  [...element.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);

describe('footer', () => {
  it('has the quick links, the policies and the shop’s contact details from its profile', () => {
    stubFetch();
    renderWithShop(<Footer />, shopProfile({ fssaiNumber: '12345678901234' }));
    expect(linksOf(screen.getByRole('navigation', { name: 'Quick links' }))).toEqual([
      ['Home', '/'],
      ['Features', '/'],
      ['Products', '/products'],
      ['Reviews', '/reviews/all'],
      ["Today's rates", '/rates'],
    ]);
    expect(linksOf(screen.getByRole('navigation', { name: 'Policies' }))).toEqual([
      ['Returns', '/policies/returns'],
      ['Refunds', '/policies/refunds'],
      ['Delivery', '/policies/delivery'],
      ['Privacy', '/policies/privacy'],
      ['Terms', '/policies/terms'],
      ['Grievances', '/policies/grievance'],
    ]);
    expect(screen.getByText('12 Market Road, Shivajinagar, Pune 411005')).toBeDefined();
    expect(screen.getByText('Maharashtra, India')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Phone: +91 98220 12345' }).getAttribute('href')).toBe('tel:+919822012345');
    expect(screen.getByRole('link', { name: 'Email: hello@mandi.example' }).getAttribute('href')).toBe(
      'mailto:hello@mandi.example',
    );
    expect(screen.getByText('FSSAI Lic. No. 12345678901234')).toBeDefined();
    expect(screen.getByRole('img', { name: 'We accept Cash on Delivery' })).toBeDefined();
  });

  it('names the grievance officer and links to the grievance page', () => {
    stubFetch();
    renderWithShop(<Footer />, shopProfile());
    const officer = screen.getByRole('heading', { name: 'Grievance Officer' }).parentElement as HTMLElement;
    expect(within(officer).getByText('Asha Kulkarni')).toBeDefined();
    expect(linksOf(officer)).toEqual([
      ['Email: grievance@mandi.example', 'mailto:grievance@mandi.example'],
      ['Phone: +91 98220 54321', 'tel:+919822054321'],
      ['How we handle complaints', '/policies/grievance'],
    ]);
  });

  it('shows no FSSAI line while the shop has no licence number', () => {
    stubFetch();
    renderWithShop(<Footer />, shopProfile({ fssaiNumber: null }));
    expect(screen.queryByText(/FSSAI/)).toBeNull();
  });

  it('in the demo: the demo’s about line and the learning-project credit', () => {
    stubFetch();
    renderWithShop(<Footer />, shopProfile({ demo: true }));
    expect(screen.getByText(/weighed by the kilogram and delivered free all over India/)).toBeDefined();
    expect(screen.getByText(/as a learning project/)).toBeDefined();
  });

  it('for a real shop: its own name, the first paragraph of its about text, and only the icon credit', () => {
    stubFetch();
    renderWithShop(<Footer />, shopProfile({ demo: false, name: 'Sharma Sabzi' }));
    expect(screen.getByText('Sharma Sabzi')).toBeDefined();
    expect(screen.getByText('We are a family shop in Pune.')).toBeDefined();
    expect(screen.queryByText(/learning project/)).toBeNull();
    expect(screen.queryByText(/delivered free all over India/)).toBeNull();
    expect(screen.getByText(/Sharma Sabzi · Fresh produce icons by Noto Emoji \(Apache-2.0\)/)).toBeDefined();
  });

  it('shows no demo text and no contact while the shop is not known yet', () => {
    stubFetch(() => new Promise(() => {}));
    renderWithShop(<Footer />, undefined);
    expect(screen.queryByText(/learning project/)).toBeNull();
    expect(screen.queryByText(/delivered free all over India/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Contact' })).toBeNull();
    expect(screen.getByText(/Fresh produce icons by Noto Emoji/)).toBeDefined();
  });

  it('thanks the shopper for a message without calling the server, and asks for text when empty', async () => {
    const calls = stubFetch();
    const user = userEvent.setup();
    renderWithShop(<Footer />, shopProfile());
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Please write a message first.')).toBeDefined();

    const box = screen.getByLabelText('Send Us A Message') as HTMLTextAreaElement;
    await user.type(box, 'Do you deliver to Nagpur?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Thanks! We will get back to you.')).toBeDefined();
    expect(box.value).toBe('');
    expect(calls).toEqual([]);
  });
});
