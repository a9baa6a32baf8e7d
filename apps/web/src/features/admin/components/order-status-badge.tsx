/** An order's status as a coloured pill, and the date format of the admin screens. */
import type { OrderStatus } from '@mandi/shared';

const STATUS_CLASSES: Record<OrderStatus, string> = {
  Processing: 'bg-amber-50 text-amber-800',
  Shipped: 'bg-sky-50 text-sky-800',
  Delivered: 'bg-green-50 text-green-800',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`rounded-full px-2.5 py-1 text-xs font-bold whitespace-nowrap ${STATUS_CLASSES[status] ?? ''}`}>
      {status}
    </span>
  );
}

const dateFormatter = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormatter.format(date);
}
