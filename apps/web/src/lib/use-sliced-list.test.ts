import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSlicedList } from './use-sliced-list';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const numbers = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('useSlicedList', () => {
  it('shows the first slice at once, then one more slice per task, then the list itself', () => {
    const list = numbers(20);
    const { result } = renderHook(() => useSlicedList(list, 8, 5));
    expect(result.current).toEqual(numbers(8));
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toEqual(numbers(13));
    act(() => vi.advanceTimersByTime(0));
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toBe(list);
  });

  it('gives a short list as it is; a new list shows at least as many items as were on screen', () => {
    const short = numbers(3);
    const { result, rerender } = renderHook(({ list }) => useSlicedList(list, 8, 5), { initialProps: { list: short } });
    expect(result.current).toBe(short);
    const long = numbers(30);
    rerender({ list: long });
    expect(result.current).toEqual(numbers(8));
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toEqual(numbers(13));
    const refetched = numbers(30).map((n) => n * 2);
    rerender({ list: refetched });
    expect(result.current).toEqual(refetched.slice(0, 13));
  });
});
