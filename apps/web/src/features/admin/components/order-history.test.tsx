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

describe('OrderHistory', () => {
  it('names each change in English', () => {
    render(<OrderHistory entries={entries} />);
    expect(screen.getByText('Packed at the ordered weights')).toBeTruthy();
    expect(screen.getByText('Desi Tomato: Ordered kg: 1 kg, Packed kg: 1.04 kg, Amount: ₹40 → ₹41.60')).toBeTruthy();
    expect(screen.getByText('Amount due: ₹40 → ₹41.60')).toBeTruthy();
    expect(screen.getByText('Status changed')).toBeTruthy();
    expect(screen.getByText('Status: Processing → Shipped')).toBeTruthy();
    expect(screen.getByText('Payment: Method: Cash; Reference: —')).toBeTruthy();
  });

  it('names each change, status and unit in Hindi', async () => {
    await setLanguage('hi', { remember: false });
    render(<OrderHistory entries={entries} />);
    expect(screen.getByText('ऑर्डर किए वज़न पर पैक हुआ')).toBeTruthy();
    expect(
      screen.getByText('Desi Tomato: ऑर्डर किया (किलो): 1 किलो, पैक हुआ (किलो): 1.04 किलो, रकम: ₹40 → ₹41.60'),
    ).toBeTruthy();
    expect(screen.getByText('देय रकम: ₹40 → ₹41.60')).toBeTruthy();
    expect(screen.getByText('स्थिति बदली')).toBeTruthy();
    expect(screen.queryByText(/Processing|Shipped|Status/)).toBeNull();
    expect(screen.getByText(/^भुगतान: तरीका: /)).toBeTruthy();
  });
});
