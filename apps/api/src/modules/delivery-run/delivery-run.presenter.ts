/** The delivery run's rows as the API answers them (rupees on the wire, paise inside). */
import { formatMinuteOfDay, slotIdOf } from '@mandi/shared/delivery';
import { paiseToRupees } from '@mandi/shared/kernel';
import type { CashClose, RunStop } from '@mandi/shared/schemas';
import type { CashCloseRow, RunOrderRow } from './delivery-run.repository.js';
import { amountDuePaise, differencePaise, stopPaymentMethod } from './delivery-run.rules.js';

export function presentStop(row: RunOrderRow): RunStop & { amountDuePaise: number } {
  const due = amountDuePaise(row);
  return {
    orderId: row.id,
    orderNumber: row.orderNumber,
    slot: {
      _id: row.templateId && row.slotDate ? slotIdOf(row.templateId, row.slotDate) : '',
      date: row.slotDate ?? '',
      start: row.startMinute === null ? '' : formatMinuteOfDay(row.startMinute),
      end: row.endMinute === null ? '' : formatMinuteOfDay(row.endMinute),
    },
    name: `${row.firstName} ${row.lastName}`.trim(),
    address: row.address ?? '',
    city: row.city ?? '',
    pinCode: row.pinCode ?? '',
    mobile: row.mobile ?? '',
    paymentMethod: stopPaymentMethod(row),
    amountDue: paiseToRupees(due),
    estimate: row.packedAt === null && row.invoiceNumber === null,
    status: row.status as RunStop['status'],
    amountDuePaise: due,
  };
}

export function presentClose(row: CashCloseRow, latest: boolean): CashClose {
  return {
    _id: row.id,
    date: row.date,
    expectedCash: paiseToRupees(row.expectedCashPaise),
    collectedCash: paiseToRupees(row.collectedCashPaise),
    countedCash: paiseToRupees(row.countedCashPaise),
    difference: paiseToRupees(differencePaise(row.countedCashPaise, row.collectedCashPaise)),
    note: row.note,
    closedAt: row.closedAt.toISOString(),
    latest,
  };
}
