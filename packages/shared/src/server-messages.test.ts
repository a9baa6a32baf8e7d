import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './constants.js';
import {
  fillMessage,
  NOT_FOUND_CODES,
  ORDER_STATUS_CHANGED_CODES,
  SERVER_MESSAGES,
  schemaMessage,
  schemaMessageOf,
  serverMessage,
} from './server-messages.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');

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

  it('are texts without stray spaces, each one message (a schema text names one code)', () => {
    for (const [key, message] of Object.entries(SERVER_MESSAGES)) expect(message.trim(), key).toBe(message);
    const texts = Object.values(SERVER_MESSAGES);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('has a status-change answer for every order status and a not-found message per subject', () => {
    expect(Object.keys(ORDER_STATUS_CHANGED_CODES).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(SERVER_MESSAGES[ORDER_STATUS_CHANGED_CODES.Shipped]).toBe('Order Shipped');
    for (const [subject, code] of Object.entries(NOT_FOUND_CODES)) {
      expect(SERVER_MESSAGES[code]).toBe(`${subject} not found`);
    }
  });
});

describe('serverMessage', () => {
  it('gives the code, the values and the English text filled with them', () => {
    expect(serverMessage('notEnoughStockFor', { name: 'Desi Tomato' })).toEqual({
      code: 'notEnoughStockFor',
      values: { name: 'Desi Tomato' },
      message: 'Not enough stock for Desi Tomato',
    });
    expect(serverMessage('cartEmpty')).toEqual({ code: 'cartEmpty', values: {}, message: 'Your cart is empty' });
  });

  it('has a value for each placeholder of every message (a message built with one per placeholder fills completely)', () => {
    for (const [code, text] of Object.entries(SERVER_MESSAGES)) {
      const values = Object.fromEntries(placeholders(text).map((name, index) => [name, `v${index}`]));
      const filled = fillMessage(text as string, values);
      expect(filled, code).not.toMatch(/\{\w+\}/);
      for (const value of Object.values(values)) expect(filled, code).toContain(value);
    }
  });

  it('leaves a placeholder without a value visible, so a missing value cannot pass unnoticed', () => {
    expect(fillMessage(SERVER_MESSAGES.slotIsFull as string, { start: '07:00', end: '09:00' })).toContain('{date}');
  });

  it('keeps the code of a schema message, read back from the text zod keeps', () => {
    const text = schemaMessage('passwordMin', { min: 8 });
    expect(text).toBe('Password must be at least 8 characters');
    expect(schemaMessageOf(text)).toEqual({ code: 'passwordMin', values: { min: 8 }, message: text });
    expect(schemaMessageOf('Password must be at least 9 characters')).toBeUndefined();
  });
});
