/**
 * The counter screen's reads of its database, kept current: the queue, the device's next bill
 * number, its last bill and its held bills, each read again whenever the store says it changed.
 * And the sending of the queue: on opening, when the browser is back online, every half minute,
 * and when asked (a new sale, "Send now").
 */
import { financialYearOf, formatInvoiceNumber } from '@mandi/shared/kernel';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { Bill } from './bill';
import { type CounterStore, readKept, writeKept } from './counter-db';
import {
  type FlushResult,
  flushQueue,
  type LastBill,
  lastBillKey,
  nextBillSequence,
  type QueuedSale,
  readQueue,
  readSequence,
  type SendSale,
} from './sale-queue';

/** `read` now and after every change of the store; undefined until the first read answers. */
function useStoreRead<T>(store: CounterStore, read: () => Promise<T>): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    let isLive = true;
    const load = () =>
      read().then(
        (next) => isLive && setValue(next),
        () => undefined,
      );
    load();
    const unsubscribe = store.subscribe(load);
    return () => {
      isLive = false;
      unsubscribe();
    };
  }, [store, read]);
  return value;
}

export function useQueue(store: CounterStore): QueuedSale[] {
  return (
    useStoreRead(
      store,
      useCallback(() => readQueue(store), [store]),
    ) ?? []
  );
}

/** The number the device's next bill takes (`C1/26-27/000043`), null before the device was numbered here. */
export function useNextBillNumber(
  store: CounterStore,
  device: { _id: string; series: string },
): string | null | undefined {
  const { _id: deviceId, series } = device;
  return useStoreRead(
    store,
    useCallback(async () => {
      const now = new Date();
      const sequence = nextBillSequence(await readSequence(store, deviceId), now);
      return sequence === null ? null : formatInvoiceNumber(series, financialYearOf(now), sequence);
    }, [store, deviceId, series]),
  );
}

export function useLastBill(store: CounterStore, deviceId: string): LastBill | null {
  return (
    useStoreRead(
      store,
      useCallback(async () => (await readKept<LastBill>(store, lastBillKey(deviceId))) ?? null, [store, deviceId]),
    ) ?? null
  );
}

/** A bill put aside for the next shopper. */
export interface HeldBill {
  id: string;
  bill: Bill;
  heldAt: number;
}

const heldKey = (deviceId: string) => `held:${deviceId}`;

export function useHeldBills(store: CounterStore, deviceId: string): [HeldBill[], (held: HeldBill[]) => Promise<void>] {
  const held =
    useStoreRead(
      store,
      useCallback(async () => (await readKept<HeldBill[]>(store, heldKey(deviceId))) ?? [], [store, deviceId]),
    ) ?? [];
  const save = useCallback(
    async (next: HeldBill[]) => {
      await writeKept(store, heldKey(deviceId), next);
      store.changed();
    },
    [store, deviceId],
  );
  return [held, save];
}

const SEND_EVERY_MS = 30_000;

/** Sends the queue now and then; `send` answers how the last round ended. */
export function useQueueSender(store: CounterStore, sendSale: SendSale) {
  const queryClient = useQueryClient();
  const [stopped, setStopped] = useState<FlushResult['stopped']>(null);
  const send = useCallback(async () => {
    const result = await flushQueue(store, sendSale).catch((): FlushResult => ({ sent: 0, stopped: 'server' }));
    setStopped(result.stopped);
    // The khata figures of the snapshot moved with the bills sent.
    if (result.sent > 0) await queryClient.invalidateQueries({ queryKey: ['admin', 'counter', 'catalogue'] });
    return result;
  }, [store, sendSale, queryClient]);

  useEffect(() => {
    const sendNow = () => void send();
    sendNow();
    window.addEventListener('online', sendNow);
    const timer = window.setInterval(sendNow, SEND_EVERY_MS);
    return () => {
      window.removeEventListener('online', sendNow);
      window.clearInterval(timer);
    };
  }, [send]);

  return { send, stopped };
}
