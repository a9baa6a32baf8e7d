/** The header search's suggestion list: an ARIA combobox driven by the keyboard (and the mouse and touch); each option links to its product page. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, pathnameOf, stubFetch } from '../../test-utils';
import { Header } from './header';

const SUGGESTIONS = [
  { _id: 'p-1', name: 'Desi Tomato', url: '/api/images/i-1', rate: 38 },
  { _id: 'p-2', name: 'Cherry Tomato', url: '/api/images/i-2', rate: 120.5 },
  { _id: 'p-3', name: 'Tomato Ketchup', url: '', rate: 99 },
];

let calls: Call[] = [];

beforeEach(() => {
  calls = stubFetch((call) => {
    if (pathnameOf(call) !== '/api/product/suggest') return undefined;
    const q = new URL(call.path, 'http://localhost').searchParams.get('q') ?? '';
    return { body: { success: true, suggestions: q.startsWith('tam') || q.startsWith('tom') ? SUGGESTIONS : [] } };
  });
});
afterEach(() => vi.unstubAllGlobals());

function ShowLocation() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

async function openSearch() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/about']}>
        <Header />
        <Routes>
          <Route path="*" element={<ShowLocation />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Search', expanded: false }));
  return { user, input: screen.getByRole('combobox', { name: 'Search products' }) };
}

const location = () => screen.getByTestId('location').textContent;
const suggestCalls = () => calls.filter((call) => pathnameOf(call) === '/api/product/suggest').map((call) => call.path);

describe('header search suggestions', () => {
  it('shows picture, name and ₹/Kg under the field once typing pauses, as a listbox of options', async () => {
    const { user, input } = await openSearch();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(suggestCalls()).toEqual([]);
    await user.type(input, 'tamat');
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Desi Tomato₹ 38/Kg',
      'Cherry Tomato₹ 120.50/Kg',
      'Tomato Ketchup₹ 99/Kg',
    ]);
    expect(options[0]?.querySelector('img')?.getAttribute('src')).toBe('/api/images/i-1');
    expect(options[0]?.querySelector('img')?.getAttribute('alt')).toBe('');
    // Asked for the text typed, not for every letter on its way.
    expect(suggestCalls().at(-1)).toBe('/api/product/suggest?q=tamat');
    expect(suggestCalls().length).toBeLessThan(5);
  });

  it('moves with the arrow keys and opens the highlighted product with Enter', async () => {
    const { user, input } = await openSearch();
    await user.type(input, 'tamat');
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    const options = within(listbox).getAllByRole('option');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();

    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]?.id);
    // Past the end the highlight goes back to the field, then up from the field to the last one.
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    expect(options[0]?.getAttribute('aria-selected')).toBe('false');

    await user.keyboard('{Enter}');
    expect(location()).toBe('/product/p-2');
    expect(screen.queryByRole('combobox', { name: 'Search products' })).toBeNull();
  });

  it('searches the typed text, trimmed, when Enter is pressed with nothing highlighted', async () => {
    const { user, input } = await openSearch();
    await user.type(input, '  tamat ');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.keyboard('{Enter}');
    expect(location()).toBe('/products/tamat');
  });

  it('closes the list with Escape (a second Escape closes the search panel)', async () => {
    const { user, input } = await openSearch();
    await user.type(input, 'tomato');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.keyboard('{ArrowDown}{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    expect(screen.queryByRole('listbox', { name: 'Suggestions' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Search products' })).toBe(input);
    // Typing again reopens it.
    await user.type(input, 's');
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    await user.keyboard('{Escape}{Escape}');
    expect(screen.queryByRole('combobox', { name: 'Search products' })).toBeNull();
  });

  it('closes the list when the focus leaves it, and opens a product picked with the mouse', async () => {
    const { user, input } = await openSearch();
    await user.type(input, 'tomato');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.tab();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox', { name: 'Suggestions' })).toBeNull();

    await user.type(input, 's');
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.click(within(listbox).getByRole('option', { name: /Tomato Ketchup/ }));
    expect(location()).toBe('/product/p-3');
    expect(screen.queryByRole('combobox', { name: 'Search products' })).toBeNull();
  });

  it('makes each suggestion a link to its product page, which a tap opens', async () => {
    const { user, input } = await openSearch();
    await user.type(input, 'tamat');
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('href'))).toEqual([
      '/product/p-1',
      '/product/p-2',
      '/product/p-3',
    ]);
    // Out of the tab order: the field keeps the focus and moves the highlight.
    expect(options.every((option) => option.getAttribute('tabindex') === '-1')).toBe(true);
    const cherry = options[1] as HTMLElement;
    await user.pointer([{ keys: '[TouchA]', target: cherry }]);
    expect(location()).toBe('/product/p-2');
  });

  it('keeps the suggestions in the search panel, which grows with them', async () => {
    const { user, input } = await openSearch();
    await user.type(input, 'tamat');
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    // Not laid over the panel (which clips what sticks out of it): part of its flow, scrolling when long.
    expect(listbox.className).not.toMatch(/\babsolute\b/);
    expect(listbox.className).toMatch(/overflow-y-auto/);
    expect(listbox.closest('section')?.contains(input)).toBe(true);
  });

  it('shows no list when nothing is suggested', async () => {
    const { user, input } = await openSearch();
    await user.type(input, 'zzz');
    await waitFor(() => expect(suggestCalls().at(-1)).toBe('/api/product/suggest?q=zzz'));
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox', { name: 'Suggestions' })).toBeNull();
  });
});
