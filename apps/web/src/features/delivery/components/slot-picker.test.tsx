import type { Slot } from '@mandi/shared/delivery';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { firstAvailableSlot, SlotPicker, slotState } from './slot-picker';

const slots: Slot[] = [
  { _id: 'a', date: '2026-11-23', start: '07:00', end: '09:00', remaining: 0, isAvailable: false },
  { _id: 'b', date: '2026-11-23', start: '18:00', end: '20:00', remaining: 4, isAvailable: false },
  { _id: 'c', date: '2026-11-24', start: '07:00', end: '09:00', remaining: 3, isAvailable: true },
  { _id: 'd', date: '2026-11-25', start: '07:00', end: '09:00', remaining: null, isAvailable: true },
];

function Picker() {
  const [value, setValue] = useState<string | null>(firstAvailableSlot(slots)?._id ?? null);
  return <SlotPicker slots={slots} value={value} onChange={(slot) => setValue(slot._id)} today="2026-11-23" />;
}

describe('slot picker', () => {
  it('says "No limit" for a slot without a capacity (null), in English and Hindi, never a count', async () => {
    const open: Slot = {
      _id: 'e',
      date: '2026-11-25',
      start: '07:00',
      end: '09:00',
      remaining: null,
      isAvailable: true,
    };
    expect(slotState(open)).toBe('No limit');
    expect(slotState({ ...open, remaining: 12 })).toBe('12 left');
    try {
      await setLanguage('hi', { remember: false });
      expect(slotState(open)).toBe('कोई सीमा नहीं');
    } finally {
      await setLanguage('en', { remember: false });
    }
  });

  it("shows the next 7 days as tabs, opened on the chosen slot's day", () => {
    render(<Picker />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Mon 23 Nov',
      'Tue 24 Nov',
      'Wed 25 Nov',
      'Thu 26 Nov',
      'Fri 27 Nov',
      'Sat 28 Nov',
      'Sun 29 Nov',
    ]);
    expect(screen.getByRole('tablist', { name: 'Delivery day' })).toBeTruthy();
    const selected = screen.getByRole('tab', { selected: true });
    expect(selected.textContent).toBe('Tue 24 Nov');
    // One tab stop: the open tab.
    expect(tabs.filter((tab) => tab.tabIndex === 0)).toEqual([selected]);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(selected.id);
    expect((screen.getByRole('radio', { name: '7:00–9:00, 3 left' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('group', { name: 'Slots on Tue 24 Nov' })).toBeTruthy();
  });

  it('moves between days with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Tue 24 Nov');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Wed 25 Nov');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Wed 25 Nov');
    expect(screen.getByRole('radio', { name: '7:00–9:00, No limit' })).toBeTruthy();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Mon 23 Nov');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Sun 29 Nov');
    expect(screen.getByText('No delivery on Sun 29 Nov.')).toBeTruthy();
    await user.keyboard('{Home}');
    expect(document.activeElement?.textContent).toBe('Mon 23 Nov');
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('Sun 29 Nov');
  });

  it('lists full and closed slots disabled, and lets an open one be chosen', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    await user.click(screen.getByRole('tab', { name: 'Mon 23 Nov' }));
    const full = screen.getByRole('radio', { name: '7:00–9:00, Full' }) as HTMLInputElement;
    const closed = screen.getByRole('radio', { name: '18:00–20:00, Closed' }) as HTMLInputElement;
    expect(full.disabled && closed.disabled).toBe(true);
    expect(screen.getByText('Full')).toBeTruthy();
    expect(screen.getByText('Closed')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Wed 25 Nov' }));
    const open = screen.getByRole('radio', { name: '7:00–9:00, No limit' }) as HTMLInputElement;
    await user.click(open);
    expect(open.checked).toBe(true);
    await user.click(screen.getByRole('tab', { name: 'Tue 24 Nov' }));
    expect((screen.getByRole('radio', { name: '7:00–9:00, 3 left' }) as HTMLInputElement).checked).toBe(false);
  });

  it('shows why the shopper must choose again', () => {
    render(
      <SlotPicker slots={slots} value={null} onChange={() => {}} today="2026-11-23" problem="This slot is full" />,
    );
    expect(screen.getByRole('alert').textContent).toBe('This slot is full');
  });
});
