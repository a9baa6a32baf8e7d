import { defineTexts } from '../../lib/i18n';

/** The admin dashboard: the counts, the charts and the morning figures (the Today panel's are in dashboard-today.texts.ts). */
export const dashboardTexts = defineTexts('dashboard', {
  adminDashboard: 'Admin Dashboard',
  products: 'Products',
  users: 'Users',
  totalAmount: 'Total Amount',
  productsCountHint: 'In the catalogue now',
  usersCountHint: 'Accounts now, shoppers and admins',
  totalAmountHint: 'Delivered orders, all time (₹)',
  date: 'Date',
  amountGrowth: 'Amount Growth',
  productsStock: 'Products Stock',
  amountGrowthHint: 'Amount Earned is the Total Amount: delivered orders, all time.',
  productsStockHint: 'Products now; out of stock at 0 or less.',
  figuresAsOf: 'As of {time}',
  billedPerDay: 'Orders placed per day (₹ due)',
  ordersByStatus: 'Orders by status, all time',
  topProductsBySales: 'Top products by ₹ sold',
  topProductsPeriod:
    'Orders placed {from} to {to}, cancelled left out; the packed quantity once packed, else the ordered one.',
  lowStockNow: 'Low stock now',
  lowStockMarks: 'Below {marks}, each product in its own unit.',
  billedPerDayAsA: 'Orders placed per day, as a table',
  amountBilledPerDay: 'Amount due on the orders placed each day',
  nothingSoldYet: 'Nothing sold yet',
  noProductIsLow: 'Every product is at or above its mark',
  billed: 'Amount due',
  lastCountDays: 'Last {count} days, {from} to {to}:',
  theAmountDueOfThe:
    '(the amount due of the orders placed each day, the final bill once packed; cancelled orders left out)',
  initialAmount: 'Initial Amount',
  amountEarned: 'Amount Earned',
  outOfStock2: 'Out of Stock',
  instock: 'InStock',
  amountGrowthFrom0To: 'Amount Growth: from ₹0 to ₹{amount}',
  productsStockOutOutOf: 'Products Stock: {out} out of stock, {in} in stock',
});
