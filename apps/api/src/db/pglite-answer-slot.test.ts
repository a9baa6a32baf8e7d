/**
 * The answer slot (decision 0071): an answer offered for the id waited for is taken there; any
 * other, an error or one too large goes by message; a wait that ran out takes the slot back, so a
 * late answer goes by message too. One thread plays both sides here; pglite-thread.test.ts runs
 * transactions through the real database thread.
 */
import { describe, expect, it } from 'vitest';
import { answerSlot, createAnswerSlotBuffer, expectAnswer, offerAnswer, waitForAnswer } from './pglite-answer-slot.js';

describe('the answer slot', () => {
  it('hands over the bytes, or nothing, of the request waited for', () => {
    const slot = answerSlot(createAnswerSlotBuffer(16));
    expectAnswer(slot, 7);
    expect(offerAnswer(slot, 6, new Uint8Array([1]))).toBe(false);
    expect(offerAnswer(slot, 7, new Uint8Array([1, 2, 3]))).toBe(true);
    expect(waitForAnswer(slot, 7, 5)).toEqual({ answered: true, value: new Uint8Array([1, 2, 3]) });

    expectAnswer(slot, 8);
    expect(offerAnswer(slot, 8, null)).toBe(true);
    expect(waitForAnswer(slot, 8, 5)).toEqual({ answered: true, value: null });
  });

  it('sends by message an error, an answer too large, and one that came after the wait ran out', () => {
    const slot = answerSlot(createAnswerSlotBuffer(4));
    expectAnswer(slot, 1);
    expect(offerAnswer(slot, 1, new Uint8Array(5))).toBe(false);
    expect(waitForAnswer(slot, 1, 5)).toEqual({ answered: false });

    expectAnswer(slot, 2);
    expect(offerAnswer(slot, 2, undefined)).toBe(false);
    expect(waitForAnswer(slot, 2, 5)).toEqual({ answered: false });

    expectAnswer(slot, 3);
    expect(waitForAnswer(slot, 3, 1)).toEqual({ answered: false });
    expect(offerAnswer(slot, 3, new Uint8Array([9]))).toBe(false);
  });
});
