import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUGGEST_DEBOUNCE_MS } from './search-form';
import { useDebouncedValue } from './use-debounced-value';

afterEach(() => vi.useRealTimers());

describe('useDebouncedValue (the header asks for suggestions once typing pauses)', () => {
  it('follows the value only after it has been still for the delay', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, SUGGEST_DEBOUNCE_MS), {
      initialProps: { value: '' },
    });
    for (const value of ['t', 'ta', 'tam', 'tama', 'tamat']) {
      rerender({ value });
      act(() => vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS - 50));
      expect(result.current).toBe('');
    }
    act(() => vi.advanceTimersByTime(50));
    expect(result.current).toBe('tamat');
  });

  it('waits about 150 ms', () => {
    expect(SUGGEST_DEBOUNCE_MS).toBe(150);
  });
});
