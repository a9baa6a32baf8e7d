import { defineTexts } from '../../lib/i18n';

/** The "Today" panel at the top of the admin dashboard (decision 0026). */
export const dashboardTodayTexts = defineTexts('dashboardToday', {
  today: 'Today',
  todayDate: 'Today, {date}',
  slotTimes: '{start} to {end}',
  withoutASlot: 'Without a slot',
  allOfToday: 'All of today',
  todayHint:
    "Orders for today's delivery slots and those placed today without one; cancelled orders left out. Cash to collect is what the unpaid ones owe.",
  toPack: 'Orders to pack',
  packed: 'Orders packed',
  quantitiesToPack: 'Quantities to pack',
  nothingToPack: 'Nothing',
  cashToCollect: 'Cash to collect',
  noOrdersForTodayYet: 'No orders for today yet, and no delivery slots today.',
  setupMissing: 'Before the shop goes live, set these on the server',
  takings: 'Takings today',
  takingsValue: 'Online {online} · Counter {counter}',
  takingsHint:
    'Online: {payments} cash and UPI payments recorded today. Counter: {sales} sales not taken back (cash {cash}, UPI {upi}, khata {khata}).',
  unpaidBills: 'Unpaid bills',
  unpaidBillsValue: '{count} bills, {amount}',
  oneUnpaidBill: '1 bill, {amount}',
  noUnpaidBills: 'None',
  unpaidBillsHint: 'Packed, shipped or delivered orders with a bill and no payment, of any date.',
  complaints: 'Complaints',
  complaintsValue: '{open} open, {overdue} overdue',
  noOpenComplaints: 'None open',
  complaintsHint: 'Acknowledge each within 48 hours, resolve it within 30 days.',
  todayCouldNotBeLoaded: "Today's figures could not be loaded.",
});
