/**
 * Which counter device this browser is (contract "Counter devices"): chosen once on the counter
 * screen, kept in local storage as last read from the server (its series, scale and printer), so
 * the counter works offline and the packing screen weighs with the same scale.
 */
import type { CounterDevice } from '@mandi/shared/schemas';
import { useCallback, useEffect, useState } from 'react';

export const DEVICE_KEY = 'mandi-counter-device';
const CHANGED = 'mandi-counter-device-changed';

function readChosenDevice(): CounterDevice | null {
  try {
    const device = JSON.parse(localStorage.getItem(DEVICE_KEY) ?? 'null') as CounterDevice | null;
    return typeof device?._id === 'string' && typeof device.series === 'string' ? device : null;
  } catch {
    return null;
  }
}

/** Keeps `device` as this browser's (null: forgets it), and tells the screens using it. */
export function keepChosenDevice(device: CounterDevice | null): void {
  try {
    if (device) localStorage.setItem(DEVICE_KEY, JSON.stringify(device));
    else localStorage.removeItem(DEVICE_KEY);
  } catch {
    // Storage refused: the choice lasts while the page is open.
  }
  window.dispatchEvent(new CustomEvent(CHANGED, { detail: device }));
}

/** The chosen device and a way to choose (or forget) it. */
export function useChosenDevice(): [CounterDevice | null, (device: CounterDevice | null) => void] {
  const [device, setDevice] = useState(readChosenDevice);
  useEffect(() => {
    const changed = (event: Event) => setDevice((event as CustomEvent<CounterDevice | null>).detail);
    window.addEventListener(CHANGED, changed);
    return () => window.removeEventListener(CHANGED, changed);
  }, []);
  const choose = useCallback((next: CounterDevice | null) => {
    keepChosenDevice(next);
    setDevice(next);
  }, []);
  return [device, choose];
}
