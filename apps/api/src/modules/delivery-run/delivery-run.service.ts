/**
 * The delivery run and its cash (decision 0033): the run sheet of a date (and slot), its CSV, and
 * the end-of-day cash close, which keeps what the run expected, what the Cash payments of that shop
 * date say was collected and what the admin counted. Every close is kept; the latest counts.
 */
import { parseSlotId } from '@mandi/shared/delivery';
import {
  addDays,
  orderNumberLabel,
  paiseToRupees,
  rupeesToPaise,
  shopDateOf,
  shopDayRange,
} from '@mandi/shared/kernel';
import { CASH_CLOSES_MAX_DAYS, type CashClose, type RunStop } from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { csvFile } from '../../lib/csv-stream.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { presentClose, presentStop } from './delivery-run.presenter.js';
import * as repo from './delivery-run.repository.js';

export interface DeliveryRun {
  date: string;
  stops: RunStop[];
  expectedCash: number;
  collectedCash: number;
  counterCash: { deviceId: string; name: string; series: string; cash: number }[];
}

/**
 * The cash a date's drawer should hold: the Cash payments of orders and khatas recorded that
 * date, and each counter device's Cash tenders (less its cash refunds), in paise.
 */
async function cashOf(db: Db | Tx, date: string) {
  const { from, to } = shopDayRange(date);
  const [paymentsPaise, devices] = await Promise.all([
    repo.cashPaymentsPaise(db, from, to),
    repo.counterCashByDevice(db, from, to),
  ]);
  return {
    collectedPaise: paymentsPaise + devices.reduce((sum, device) => sum + device.cashPaise, 0),
    devices: devices.map((device) => ({
      deviceId: device.deviceId,
      name: device.name,
      series: `C${device.seriesNumber}`,
      cash: paiseToRupees(device.cashPaise),
    })),
  };
}

async function runOf(db: Db | Tx, date: string, slotId: string | undefined) {
  const templateId = slotId ? (parseSlotId(slotId)?.templateId ?? null) : null;
  const stops = (await repo.runOrders(db, date, templateId)).map(presentStop);
  const expectedPaise = stops.reduce((sum, stop) => sum + stop.amountDuePaise, 0);
  return { stops, expectedPaise };
}

/**
 * The Shipped and Processing orders booked on `date` (in one slot when given), in route order, and
 * the Cash payments recorded so far that date (what a close would keep as collected).
 */
export async function deliveryRun(db: Db, date: string, slotId?: string): Promise<DeliveryRun> {
  const [{ stops, expectedPaise }, cash] = await Promise.all([runOf(db, date, slotId), cashOf(db, date)]);
  return {
    date,
    stops: stops.map(({ amountDuePaise: _paise, ...stop }) => stop),
    expectedCash: paiseToRupees(expectedPaise),
    collectedCash: paiseToRupees(cash.collectedPaise),
    counterCash: cash.devices,
  };
}

/**
 * The run sheet for a spreadsheet: one row per stop, in route order, with the amount to collect;
 * in pieces of rows for `sendCsv` (decision 0039).
 */
export function deliveryRunCsv(run: DeliveryRun): Generator<string> {
  return csvFile(
    ['Stop', 'Order', 'Slot', 'Name', 'Address', 'City', 'PIN code', 'Mobile', 'Status', 'Payment', 'Amount due (₹)'],
    run.stops.map((stop, index) => [
      index + 1,
      orderNumberLabel(stop.orderNumber),
      stop.slot.start ? `${stop.slot.start}-${stop.slot.end}` : '',
      stop.name,
      stop.address,
      stop.city,
      stop.pinCode,
      stop.mobile,
      stop.status,
      stop.paymentMethod ?? '',
      stop.amountDue.toFixed(2),
    ]),
  );
}

/**
 * Closes a shop date's cash: the run's expected cash (every slot of the date), the Cash payments
 * recorded from that date's midnight to the next (shop time), and the amount counted. A date
 * still ahead cannot be closed.
 */
export async function closeDay(
  work: UnitOfWork,
  now: Date,
  actorId: string,
  input: { date: string; countedCash: number; note: string },
): Promise<CashClose> {
  if (input.date > shopDateOf(now))
    throw new AppError('invalid', serverMessage('closeDateFuture', { date: input.date }));
  const row = await work.transaction(async (tx) => {
    const { expectedPaise } = await runOf(tx, input.date, undefined);
    return repo.insertClose(tx, {
      date: input.date,
      expectedCashPaise: expectedPaise,
      collectedCashPaise: (await cashOf(tx, input.date)).collectedPaise,
      countedCashPaise: rupeesToPaise(input.countedCash),
      note: input.note,
      closedBy: actorId,
    });
  });
  return presentClose(row, true);
}

/** Every close of the dates from..to (default: the 30 days up to today), newest first. */
export async function listCloses(db: Db, now: Date, query: { from?: string; to?: string }): Promise<CashClose[]> {
  const to = query.to ?? shopDateOf(now);
  const from = query.from ?? addDays(to, -29);
  if (from > to || addDays(from, CASH_CLOSES_MAX_DAYS - 1) < to) {
    throw new AppError('invalid', serverMessage('closesRangeInvalid', { days: CASH_CLOSES_MAX_DAYS }));
  }
  const seen = new Set<string>();
  return (await repo.listCloses(db, from, to)).map((row) => {
    const latest = !seen.has(row.date);
    seen.add(row.date);
    return presentClose(row, latest);
  });
}
