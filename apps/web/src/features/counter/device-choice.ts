/**
 * Which counter device this browser is: chosen once, kept in local storage with the device as
 * last read (its series and printer, for offline), and read again from the server when online.
 */
import { useCallback, useState } from 'react';
import type { CounterDevice } from './api/counter-types';

export const DEVICE_KEY = 'mandi-counter-device';

function readChosenDevice(): CounterDevice | null {
  try {
    const device = JSON.parse(localStorage.getItem(DEVICE_KEY) ?? 'null') as CounterDevice | null;
    return typeof device?._id === 'string' && typeof device.series === 'string' ? device : null;
  } catch {
    return null;
  }
}

/** The chosen device and a way to choose (or forget) it. */
export function useChosenDevice(): [CounterDevice | null, (device: CounterDevice | null) => void] {
  const [device, setDevice] = useState(readChosenDevice);
  const choose = useCallback((next: CounterDevice | null) => {
    try {
      if (next) localStorage.setItem(DEVICE_KEY, JSON.stringify(next));
      else localStorage.removeItem(DEVICE_KEY);
    } catch {
      // Storage refused: the choice lasts while the page is open.
    }
    setDevice(next);
  }, []);
  return [device, choose];
}
