import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test-utils';
import { Footer } from './footer';

afterEach(() => vi.unstubAllGlobals());

describe('footer', () => {
  it('has the quick links and contact details', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const links = screen.getByRole('navigation', { name: 'Quick links' });
    expect([...links.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Features', '/'],
      ['Products', '/products'],
      ['Reviews', '/reviews/all'],
    ]);
    expect(screen.getByText(/India$/)).toBeDefined();
    expect(screen.getByRole('img', { name: 'We accept Cash on Delivery' })).toBeDefined();
  });

  it('thanks the shopper for a message without calling the server, and asks for text when empty', async () => {
    const calls = stubFetch();
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
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
