/** The dashboard's "today" figures (docs/decisions/0026-today-on-the-dashboard.md): shop date from the kernel. */
import {
  COMPLAINT_ACKNOWLEDGE_WITHIN_MS,
  COMPLAINT_RESOLVE_WITHIN_MS,
  shopDateOf,
  shopDayRange,
} from '@mandi/shared/kernel';
import type { Db } from '../../db/client.js';
import { presentToday } from './dashboard.presenter.js';
import * as repo from './dashboard.repository.js';

/** Today's slots, the orders without a slot, the unpaid bills and the complaints, for the shop date of `now`. */
export async function getToday(db: Db, now: Date = new Date()) {
  const date = shopDateOf(now);
  const { from, to } = shopDayRange(date);
  const [rows, complaints] = await Promise.all([
    repo.todayRows(db, date, from, to),
    repo.complaintCounts(
      db,
      new Date(now.getTime() - COMPLAINT_ACKNOWLEDGE_WITHIN_MS),
      new Date(now.getTime() - COMPLAINT_RESOLVE_WITHIN_MS),
    ),
  ]);
  return presentToday(date, rows, complaints);
}
