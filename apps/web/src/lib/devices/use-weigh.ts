/**
 * The Weigh button's work for a screen: wait for the scale's next steady weight (now, if it is
 * steady already), say what is being weighed while it waits, and why it stopped without a weight.
 * One weighing at a time; a new one, Cancel or leaving the screen ends the one before.
 */
import { useEffect, useRef, useState } from 'react';
import type { Text } from '../i18n';
import { devicesTexts as x } from './devices.texts';
import { type SteadyWeight, WeighingError } from './scale-reader';
import type { ScaleConnection } from './scale-session';

export interface Weighing {
  /** Weighs for `key` (a line, a product): the steady weight, or null when there was none. */
  weigh: (key: string) => Promise<SteadyWeight | null>;
  /** What is being weighed now, or null. */
  waiting: string | null;
  problem: Text | null;
  cancel: () => void;
}

export function useWeigh(connection: ScaleConnection): Weighing {
  const [waiting, setWaiting] = useState<string | null>(null);
  const [problem, setProblem] = useState<Text | null>(null);
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  async function weigh(key: string): Promise<SteadyWeight | null> {
    current.current?.abort();
    setProblem(null);
    if (connection.status !== 'connected') return null;
    const controller = new AbortController();
    current.current = controller;
    setWaiting(key);
    try {
      return await connection.reader.nextSteady({ signal: controller.signal });
    } catch (error) {
      if (error instanceof WeighingError && error.reason === 'timeout') setProblem(x.weighTimeout);
      if (error instanceof WeighingError && error.reason === 'closed') setProblem(x.weighClosed);
      return null;
    } finally {
      if (current.current === controller) {
        current.current = null;
        setWaiting(null);
      }
    }
  }

  return {
    weigh,
    waiting,
    problem,
    cancel: () => {
      current.current?.abort();
      setProblem(null);
    },
  };
}
