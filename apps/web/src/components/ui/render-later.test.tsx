import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RenderLater } from './render-later';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('RenderLater', () => {
  it('renders its children in a later task, beside what rendered at once, and keeps them', () => {
    const { rerender } = render(
      <>
        <h1>On screen</h1>
        <RenderLater>
          <footer>Below the fold</footer>
        </RenderLater>
      </>,
    );
    expect(screen.getByRole('heading', { name: 'On screen' })).toBeTruthy();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByRole('contentinfo').textContent).toBe('Below the fold');
    rerender(
      <>
        <h1>On screen</h1>
        <RenderLater>
          <footer>Below the fold, changed</footer>
        </RenderLater>
      </>,
    );
    expect(screen.getByRole('contentinfo').textContent).toBe('Below the fold, changed');
  });

  it('renders nothing once unmounted before its task came', () => {
    const { unmount } = render(
      <RenderLater>
        <footer>Below the fold</footer>
      </RenderLater>,
    );
    unmount();
    expect(() => act(() => vi.advanceTimersByTime(0))).not.toThrow();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});
