/**
 * The counter's scale and scanner as a cashier uses them: the device's Toledo scale opened on a
 * port allowed before, Weigh (F6) putting the chosen product's steady weight on the bill only once
 * the scale stops moving, a gun's label adding its line (the keypad's keys untouched), a problem
 * label said, and a browser without Web Serial told to type the weights.
 */
import { scaleBarcode } from '@mandi/shared/kernel';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scaleSession } from '../../../lib/devices/scale-session';
import { installSerial, removeSerial, toledoPort } from '../../../lib/devices/test-serial-port';
import type { CounterDevice, CounterProduct } from '../api/counter-types';
import { lineProduct } from '../bill';
import { CounterDevices } from './counter-devices';

const DEVICE: CounterDevice = {
  _id: 'd-1',
  name: 'Front counter',
  series: 'C1',
  nextSequence: 1,
  scale: { profile: 'toledo-8217', baudRate: 9600, dataBits: 7, parity: 'even', stopBits: 1 },
  printer: null,
};

const product = (id: string, unit: string, plu: number | null): CounterProduct => ({
  _id: id,
  name: id,
  nameHi: null,
  aliases: [],
  unit,
  rate: 40,
  scheduled: null,
  image: '',
  category: null,
  plu,
});
const TOMATO = product('Tomato', 'kg', 42);
const BANANA = product('Banana', 'dozen', null);
const RULES = [{ prefix: '21', valueKind: 'weight' as const }];

/** A gun's keys on the page: 4 ms apart by their timestamps, then Enter. */
function gun(code: string) {
  const start = performance.now();
  for (const [index, key] of [...code, 'Enter'].entries()) {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    Object.defineProperty(event, 'timeStamp', { value: start + index * 4 });
    document.body.dispatchEvent(event);
  }
}

afterEach(async () => {
  await scaleSession.reset();
  removeSerial();
});

describe('the counter’s scale and scanner', () => {
  it('weighs the chosen product with F6 once the scale is steady, and adds a scanned label’s line', async () => {
    let moving = true;
    const { port } = toledoPort(
      () => 1234,
      () => moving,
    );
    const serial = installSerial([port]);
    const onAdd = vi.fn();
    const chosen = { product: lineProduct(TOMATO), isChange: false };
    render(<CounterDevices device={DEVICE} products={[TOMATO, BANANA]} rules={RULES} chosen={chosen} onAdd={onAdd} />);
    await screen.findByText('Scale: moving…');
    expect(serial.requestPort).not.toHaveBeenCalled();

    act(() => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'F6', bubbles: true, cancelable: true }));
    });
    expect(await screen.findByText('Waiting for a steady weight…')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(onAdd).not.toHaveBeenCalled();
    moving = false;
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith(chosen, 1234, 'scale'));

    const typedByScreen: string[] = [];
    const screenKeys = (event: KeyboardEvent) => typedByScreen.push(event.key);
    document.addEventListener('keydown', screenKeys);
    act(() => gun('2100042012349'));
    document.removeEventListener('keydown', screenKeys);
    expect(onAdd).toHaveBeenLastCalledWith({ product: lineProduct(TOMATO), isChange: false }, 1234, 'barcode');
    expect(await screen.findByText('Tomato: 1.234 Kg from the label')).toBeTruthy();
    // The screen saw the digits (the keypad resets after the line) but never the gun's Enter.
    expect(typedByScreen).not.toContain('Enter');

    act(() => gun(scaleBarcode('21', 99, 1234)));
    expect(await screen.findByText('No product has PLU 99.')).toBeTruthy();
    act(() => gun('2100042012340'));
    expect(await screen.findByText(/The code 2100042012340 was misread/)).toBeTruthy();
  });

  it('asks to choose a product before weighing, and weighs only goods sold by the kg', async () => {
    const { port } = toledoPort(() => 500);
    installSerial([port]);
    const onAdd = vi.fn();
    const { rerender } = render(
      <CounterDevices device={DEVICE} products={[TOMATO, BANANA]} rules={RULES} chosen={null} onAdd={onAdd} />,
    );
    (await screen.findByRole('button', { name: /Weigh/ })).click();
    expect(await screen.findByText('Choose a product, then Weigh (F6).')).toBeTruthy();
    rerender(
      <CounterDevices
        device={DEVICE}
        products={[TOMATO, BANANA]}
        rules={RULES}
        chosen={{ product: lineProduct(BANANA), isChange: false }}
        onAdd={onAdd}
      />,
    );
    screen.getByRole('button', { name: /Weigh/ }).click();
    expect(await screen.findByText('Only goods sold by the kg are weighed on the scale.')).toBeTruthy();
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('tells a browser without Web Serial to type the weights; the gun still scans', async () => {
    const onAdd = vi.fn();
    render(<CounterDevices device={DEVICE} products={[TOMATO]} rules={RULES} chosen={null} onAdd={onAdd} />);
    expect(await screen.findByText(/This browser cannot reach a scale \(no Web Serial/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Weigh/ })).toBeNull();
    act(() => gun('2100042012349'));
    expect(onAdd).toHaveBeenCalledWith({ product: lineProduct(TOMATO), isChange: false }, 1234, 'barcode');
  });
});
