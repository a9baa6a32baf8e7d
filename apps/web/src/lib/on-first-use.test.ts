import { describe, expect, it, vi } from 'vitest';
import { onFirstUse } from './on-first-use';

describe('onFirstUse', () => {
  it('makes the value on the first call only, and never before', () => {
    const make = vi.fn(() => ({ made: true }));
    const value = onFirstUse(make);
    expect(make).not.toHaveBeenCalled();
    expect(value()).toBe(value());
    expect(make).toHaveBeenCalledTimes(1);
  });
});
