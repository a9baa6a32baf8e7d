/**
 * The "Start a standing order" form's values and rules, pure: what is wrong with them (by field,
 * in the order the form shows them), checked as the server checks them (kernel's every-N range,
 * the first date still open), and the POST body made from them.
 */
import { EVERY_N_DAYS_RANGE, type StandingScheduleKind } from '@mandi/shared/kernel';
import type { SubscriptionCreateBody } from '@mandi/shared/schemas';
import type { Text } from '../../lib/i18n';
import { subscriptionsTexts as x } from './subscriptions.texts';

export interface StandingFormValues {
  productId: string;
  /** In the product's unit; null until chosen. */
  quantity: number | null;
  kind: StandingScheduleKind;
  weekdays: number[];
  /** As typed. */
  everyNDays: string;
  startDate: string;
  addressId: string | null;
  /** A slot template's id, or '' for any time. */
  slotTemplateId: string;
  paymentMethod: 'COD' | 'Khata';
}

export type StandingField = 'product' | 'quantity' | 'weekdays' | 'everyNDays' | 'startDate' | 'address';
/** The problem of a field: its text and the values to fill it with. */
export type StandingProblems = Partial<Record<StandingField, { text: Text; values?: Record<string, string | number> }>>;

/** The fields in the order the form shows them (the first with a problem takes the focus). */
export const FIELD_ORDER: readonly StandingField[] = [
  'product',
  'quantity',
  'weekdays',
  'everyNDays',
  'startDate',
  'address',
];

/** Monday to Friday: the days offered first for "on chosen days". */
export const WORKING_DAYS = [1, 2, 3, 4, 5];

const everyNOf = (typed: string): number | null => (/^\d+$/.test(typed.trim()) ? Number(typed.trim()) : null);

export function standingProblems(
  values: StandingFormValues,
  { changesOpenFrom, options }: { changesOpenFrom: string; options: readonly number[] },
): StandingProblems {
  const problems: StandingProblems = {};
  if (!values.productId) problems.product = { text: x.chooseProduct };
  else if (values.quantity === null || (options.length > 0 && !options.includes(values.quantity))) {
    problems.quantity = { text: x.chooseQuantity };
  }
  if (values.kind === 'weekdays' && values.weekdays.length === 0) problems.weekdays = { text: x.chooseWeekdays };
  if (values.kind === 'everyNDays') {
    const n = everyNOf(values.everyNDays);
    if (n === null || n < EVERY_N_DAYS_RANGE.min || n > EVERY_N_DAYS_RANGE.max) {
      problems.everyNDays = { text: x.everyNRange, values: { ...EVERY_N_DAYS_RANGE } };
    }
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.startDate) || values.startDate < changesOpenFrom) {
    problems.startDate = { text: x.startTooEarly, values: { date: changesOpenFrom } };
  }
  if (!values.addressId) problems.address = { text: x.chooseAddress };
  return problems;
}

/** The POST body: only what the schedule's kind uses, and no slot for "any time". */
export function standingBody(values: StandingFormValues): SubscriptionCreateBody {
  const schedule: SubscriptionCreateBody['schedule'] =
    values.kind === 'weekdays'
      ? { kind: 'weekdays', weekdays: [...values.weekdays].sort((a, b) => a - b), startDate: values.startDate }
      : values.kind === 'everyNDays'
        ? { kind: 'everyNDays', everyNDays: everyNOf(values.everyNDays) ?? 0, startDate: values.startDate }
        : { kind: 'daily', startDate: values.startDate };
  return {
    productId: values.productId,
    quantity: values.quantity ?? 0,
    schedule,
    addressId: values.addressId ?? '',
    ...(values.slotTemplateId ? { slotTemplateId: values.slotTemplateId } : {}),
    paymentMethod: values.paymentMethod,
  };
}

/** The slot template of a listed slot: its `_id` is `{templateId}_{date}` (shared delivery.ts `slotIdOf`). */
export const templateIdOfSlot = (slotId: string): string => slotId.slice(0, slotId.lastIndexOf('_')) || slotId;
