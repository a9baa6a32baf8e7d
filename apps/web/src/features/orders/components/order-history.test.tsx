import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import type { OrderHistoryEntry } from '../../../lib/types';
import { OrderHistory } from './order-history';

afterEach(() => setLanguage('en', { remember: false }));

const entries = [
  {
    kind: 'packed',
    at: '2026-03-05T04:30:00.000Z',
    by: 'Asha Admin',
    changes: {
      atOrderedWeights: true,
      lines: [
        {
          _id: 'line-1',
          name: 'Desi Tomato',
          quantity: 1,
          packedQuantity: { from: null, to: 1.04 },
          amount: { from: 40, to: 41.6 },
        },
        {
          _id: 'line-2',
          name: 'Coriander',
          quantity: '3.000',
          packedQuantity: { from: null, to: '2.000' },
          amount: { from: 30, to: 20 },
        },
        {
          _id: 'line-3',
          name: 'Milk',
          quantity: '0.500',
          packedQuantity: { from: null, to: '0.500' },
          amount: { from: 30, to: 30 },
        },
      ],
      total: { from: 40, to: 41.6 },
    },
  },
  {
    kind: 'status',
    at: '2026-03-05T05:00:00.000Z',
    by: null,
    changes: { status: { from: 'Processing', to: 'Shipped' } },
  },
  {
    kind: 'payment',
    at: '2026-03-05T06:00:00.000Z',
    by: 'Asha Admin',
    changes: { payment: { from: null, to: { method: 'Cash', reference: null } } },
  },
] as unknown as OrderHistoryEntry[];

/** The order's lines: the history gives quantities as numbers, each in its line's unit; a line without one is kg. */
const lines = [{ _id: 'line-1' }, { _id: 'line-2', unit: 'bunch' }, { _id: 'line-3', unit: 'litre' }];

describe('OrderHistory', () => {
  it('names each change in English', () => {
    render(<OrderHistory entries={entries} lines={lines} />);
    expect(screen.getByText('Packed at the ordered weights')).toBeTruthy();
    expect(screen.getByText('Desi Tomato: Ordered: 1 Kg, Packed: 1.04 Kg, Amount: ₹40 → ₹41.60')).toBeTruthy();
    expect(screen.getByText('Coriander: Ordered: 3 bunches, Packed: 2 bunches, Amount: ₹30 → ₹20')).toBeTruthy();
    expect(screen.getByText('Milk: Ordered: 500 ml, Packed: 500 ml, Amount: ₹30 → ₹30')).toBeTruthy();
    expect(screen.getByText('Amount due: ₹40 → ₹41.60')).toBeTruthy();
    expect(screen.getByText('Status changed')).toBeTruthy();
    expect(screen.getByText('Status: Processing → Shipped')).toBeTruthy();
    expect(screen.getByText('Payment: Method: Cash; Reference: —')).toBeTruthy();
  });

  it('names each change, status and unit in Hindi', async () => {
    await setLanguage('hi', { remember: false });
    render(<OrderHistory entries={entries} lines={lines} />);
    expect(screen.getByText('ऑर्डर किए वज़न पर पैक हुआ')).toBeTruthy();
    expect(screen.getByText('Desi Tomato: ऑर्डर किया: 1 किलो, पैक हुआ: 1.04 किलो, रकम: ₹40 → ₹41.60')).toBeTruthy();
    expect(screen.getByText('Coriander: ऑर्डर किया: 3 गड्डी, पैक हुआ: 2 गड्डी, रकम: ₹30 → ₹20')).toBeTruthy();
    expect(screen.getByText('देय रकम: ₹40 → ₹41.60')).toBeTruthy();
    expect(screen.getByText('स्थिति बदली')).toBeTruthy();
    expect(screen.queryByText(/Processing|Shipped|Status/)).toBeNull();
    expect(screen.getByText(/^भुगतान: तरीका: /)).toBeTruthy();
  });

  it('names the round-off of a packing, signed, in English and in Hindi', async () => {
    const packed = [
      {
        kind: 'packed',
        at: '2026-03-05T04:30:00.000Z',
        by: 'Asha Admin',
        changes: { roundOff: { from: 0.4, to: -0.25 }, total: { from: 92.6, to: 92 } },
      },
    ] as unknown as OrderHistoryEntry[];
    const view = render(<OrderHistory entries={packed} />);
    const changes = () =>
      screen
        .getAllByRole('listitem')
        .slice(1)
        .map((item) => item.textContent);
    expect(changes()).toEqual(['Round off: +₹0.40 → −₹0.25', 'Amount due: ₹92.60 → ₹92']);
    view.unmount();
    await setLanguage('hi', { remember: false });
    render(<OrderHistory entries={packed} />);
    expect(changes()).toEqual(['राउंड ऑफ़: +₹0.40 → −₹0.25', 'देय रकम: ₹92.60 → ₹92']);
    expect(screen.queryByText(/Round off/)).toBeNull();
  });
});
