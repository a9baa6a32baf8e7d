import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './constants.js';
import { fillMessage, NOT_FOUND_MESSAGES, ORDER_STATUS_CHANGED, SERVER_MESSAGES } from './server-messages.js';

describe('SERVER_MESSAGES', () => {
  it('fills every placeholder with its value, as text', () => {
    expect(fillMessage(SERVER_MESSAGES.notEnoughStockFor, { name: 'Desi Tomato' })).toBe(
      'Not enough stock for Desi Tomato',
    );
    expect(fillMessage(SERVER_MESSAGES.slotIsFull, { start: '07:00', end: '09:00', date: '2026-03-12' })).toBe(
      'The 07:00-09:00 slot on 2026-03-12 is full: please choose another slot',
    );
    expect(fillMessage(SERVER_MESSAGES.passwordMin, { min: 8 })).toBe('Password must be at least 8 characters');
  });

  it('can be read back from a filled message: placeholders never touch, and each text is one message', () => {
    for (const [key, message] of Object.entries(SERVER_MESSAGES)) {
      expect(message, key).not.toMatch(/\}\{/);
      expect(message.trim(), key).toBe(message);
    }
    const texts = Object.values(SERVER_MESSAGES);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('has a status-change answer for every order status and a not-found message per subject', () => {
    expect(Object.keys(ORDER_STATUS_CHANGED).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(ORDER_STATUS_CHANGED.Shipped).toBe('Order Shipped');
    for (const [subject, message] of Object.entries(NOT_FOUND_MESSAGES)) expect(message).toBe(`${subject} not found`);
  });
});
