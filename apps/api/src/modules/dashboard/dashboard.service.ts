/** The dashboard's "today" figures (docs/decisions/0026-today-on-the-dashboard.md): shop date from the kernel. */
import { shopDateOf, shopDayRange } from '@mandi/shared/kernel';
import type { Db } from '../../db/client.js';
import { presentToday } from './dashboard.presenter.js';
import * as repo from './dashboard.repository.js';

/** Today's slots, the orders without a slot, and the unpaid bills, for the shop date of `now`. */
export async function getToday(db: Db, now: Date = new Date()) {
  const date = shopDateOf(now);
  const { from, to } = shopDayRange(date);
  return presentToday(date, await repo.todayRows(db, date, from, to));
}
