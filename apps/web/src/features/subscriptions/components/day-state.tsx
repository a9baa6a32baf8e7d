/**
 * What a standing order does on a day, shown three ways at once so no one needs the colour: a
 * word, an icon of its own shape and a colour (due a filled dot, skipped a crossed circle, paused
 * two bars, shop closed a lock, made a tick, not made an exclamation mark).
 */
import type { Subscription } from '@mandi/shared/schemas';
import type { ReactNode } from 'react';
import { Icon } from '../../../components/ui/icons/shop-icons';
import type { Text } from '../../../lib/i18n';
import { subscriptionsTexts as x } from '../subscriptions.texts';

export type DayState = Subscription['upcoming'][number]['state'];

export const DAY_STATES: Record<DayState, { label: Text; cell: string; icon: ReactNode }> = {
  due: {
    label: x.stateDue,
    cell: 'border-green-700 bg-green-50 text-green-900',
    icon: <circle cx="12" cy="12" r="6" fill="currentColor" />,
  },
  skipped: {
    label: x.stateSkipped,
    cell: 'border-stone-400 border-dashed bg-stone-100 text-stone-700',
    icon: (
      <>
        <circle cx="12" cy="12" r="8" />
        <path d="m6.5 17.5 11-11" />
      </>
    ),
  },
  paused: {
    label: x.statePaused,
    cell: 'border-amber-600 bg-amber-50 text-amber-900',
    icon: <path d="M9 6v12M15 6v12" />,
  },
  closed: {
    label: x.stateClosed,
    cell: 'border-red-700 bg-red-50 text-red-900',
    icon: (
      <>
        <rect x="5" y="11" width="14" height="9" rx="2" />
        <path d="M8 11V8a4 4 0 0 1 8 0v3" />
      </>
    ),
  },
  made: {
    label: x.stateMade,
    cell: 'border-green-800 bg-green-700 text-white',
    icon: <path d="m5 12.5 4.5 4.5L19 7.5" />,
  },
  failed: {
    label: x.stateFailed,
    cell: 'border-red-800 bg-red-100 text-red-900',
    icon: (
      <>
        <path d="M12 3 2 20h20z" />
        <path d="M12 10v4M12 17h.01" />
      </>
    ),
  },
};

export function DayStateIcon({ state, className = 'h-4 w-4' }: { state: DayState; className?: string }) {
  return <Icon className={`shrink-0 ${className}`}>{DAY_STATES[state].icon}</Icon>;
}
