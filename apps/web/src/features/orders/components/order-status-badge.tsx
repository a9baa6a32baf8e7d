/** An order's status as a coloured pill (text, not colour alone, carries the meaning). */
import type { OrderStatus } from '@mandi/shared';

const STYLES: Record<OrderStatus, string> = {
  Processing: 'bg-amber-100 text-amber-900 ring-amber-300',
  Shipped: 'bg-sky-100 text-sky-900 ring-sky-300',
  Delivered: 'bg-green-100 text-green-900 ring-green-300',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ring-1 ${STYLES[status]}`}>
      {status}
    </span>
  );
}

/** '12 Mar 2026' in the shop's locale; the API sends ISO timestamps. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
}
