/**
 * An order's status as a coloured pill (text, not colour alone, carries the meaning). The shopper's
 * screens use the larger ringed pill; the admin tables a compact one that fits a table row.
 */
import type { OrderStatus } from '@mandi/shared';
import { useT } from '../../lib/i18n';
import { uiTexts } from './ui.texts';

const VARIANTS = {
  shop: {
    base: 'inline-flex rounded-full px-3 py-1 text-sm font-semibold ring-1',
    status: {
      Processing: 'bg-amber-100 text-amber-900 ring-amber-300',
      Shipped: 'bg-sky-100 text-sky-900 ring-sky-300',
      Delivered: 'bg-green-100 text-green-900 ring-green-300',
      Cancelled: 'bg-stone-100 text-stone-800 ring-stone-300',
    },
  },
  compact: {
    base: 'rounded-full px-2.5 py-1 text-xs font-bold whitespace-nowrap',
    status: {
      Processing: 'bg-amber-50 text-amber-800',
      Shipped: 'bg-sky-50 text-sky-800',
      Delivered: 'bg-green-50 text-green-800',
      Cancelled: 'bg-stone-100 text-stone-700',
    },
  },
} satisfies Record<string, { base: string; status: Record<OrderStatus, string> }>;

export function OrderStatusBadge({
  status,
  variant = 'shop',
}: {
  status: OrderStatus;
  variant?: keyof typeof VARIANTS;
}) {
  const t = useT();
  const styles = VARIANTS[variant];
  return (
    <span className={`${styles.base} ${styles.status[status] ?? ''}`}>
      {uiTexts[status] ? t(uiTexts[status]) : status}
    </span>
  );
}
