import { describe, expect, it } from 'vitest';
import { packTags } from './cache-bus.js';

describe('packTags', () => {
  it('sends a few tags as one payload', () => {
    expect(packTags(['catalogue', 'orders'], 'abc|')).toEqual(['abc|catalogue,orders']);
  });

  it('splits many tags into payloads PostgreSQL accepts, losing none', () => {
    const tags = Array.from(
      { length: 500 },
      (_, i) => `orders-of:00000000-0000-0000-0000-${String(i).padStart(12, '0')}`,
    );
    const payloads = packTags(tags, 'sender|');
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) {
      expect(payload.startsWith('sender|')).toBe(true);
      expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    }
    expect(payloads.flatMap((payload) => payload.slice('sender|'.length).split(','))).toEqual(tags);
  });
});
