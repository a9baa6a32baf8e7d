/**
 * An order's history as a readable list: when, who, what happened, and each change "from → to".
 * The server's `changes` are read generically (field: { from, to }, lists of changed lines, flags), so
 * a new kind of change still shows without a new release of this screen. A line's quantities are
 * numbers in that line's unit (decision 0022), which the history does not carry: the order's lines
 * give it by the line's `_id` (a line not found is kg, as on the wire).
 */
import { formatRupees, formatSignedRupees } from '@mandi/shared';
import { formatShopTime } from '@mandi/shared/kernel';
import { uiTexts } from '../../../components/ui/ui.texts';
import { currentLanguage, formatInUnit, type Text, type Translate, useT } from '../../../lib/i18n';
import type { OrderHistoryEntry } from '../../../lib/types';
import { billingTexts } from '../../billing';
import { ordersAdminTexts as x } from '../orders-admin.texts';

const KIND_LABELS: Record<string, Text> = {
  placed: x.placed,
  packed: x.packed2,
  status: x.statusChanged,
  cancelled: x.cancelled,
  payment: x.payment,
  refund: x.refund,
};

const FIELD_LABELS: Record<string, Text> = {
  status: x.status,
  total: x.amountDue,
  estimatedTotal: x.estimate,
  subtotal: x.subtotal,
  shippingCharge: x.shipping,
  roundOff: x.roundOff,
  amount: x.amount,
  quantity: x.orderedQuantity,
  packedQuantity: x.packedQuantity,
  substitute: x.substituteSent,
  atOrderedWeights: x.packedAtTheOrderedWeights,
  lines: x.lines,
  payment: x.payment,
  method: x.method,
  reference: x.reference,
  refund: x.refund,
};

/** The order changes read in: a line's weights before its amount, the amount due last (the stored keys come unordered). */
const FIELD_ORDER = [
  'status',
  'atOrderedWeights',
  'quantity',
  'packedQuantity',
  'substitute',
  'amount',
  'lines',
  'estimatedTotal',
  'subtotal',
  'shippingCharge',
  'roundOff',
  'total',
];
const rank = (field: string) => {
  const index = FIELD_ORDER.indexOf(field);
  return index === -1 ? FIELD_ORDER.length - 1 : index;
};

const MONEY_FIELDS = new Set(['total', 'estimatedTotal', 'subtotal', 'shippingCharge', 'roundOff', 'amount']);
/** Money that may go either way, written with its sign as the order page writes it (+₹0.40, −₹0.40). */
const SIGNED_FIELDS = new Set(['roundOff']);
/** A line's quantities, written in the line's unit. */
const QUANTITY_FIELDS = new Set(['quantity', 'packedQuantity']);
const WORD_FIELDS = new Set(['status', 'method']);
/** The words a status or payment method field holds, as texts. */
const WORDS: Readonly<Record<string, Text>> = {
  ...uiTexts,
  Cash: billingTexts.methodCash,
  UPI: billingTexts.methodUpi,
  Khata: billingTexts.methodKhata,
  Split: billingTexts.paymentSplit,
};

const timeOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' } as const;

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatShopTime(date, timeOptions, currentLanguage());
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isFromTo = (value: unknown): value is { from: unknown; to: unknown } =>
  isRecord(value) && 'from' in value && 'to' in value;

/** A known field's label in the active language; a field the screen does not know yet is named from its key (English). */
function labelOf(field: string, t: Translate): string {
  const label = FIELD_LABELS[field];
  if (label) return t(label);
  const words = field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function kindLabel(kind: string, t: Translate): string {
  const label = KIND_LABELS[kind];
  return label ? t(label) : labelOf(kind, t);
}

/** The unit of each of the order's lines, by the line's `_id`. */
type LineUnits = ReadonlyMap<string, string | undefined>;

function valueText(field: string, value: unknown, t: Translate, unit?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (MONEY_FIELDS.has(field) && (typeof value === 'number' || typeof value === 'string') && value !== '') {
    const amount = Number(value);
    if (Number.isFinite(amount)) return SIGNED_FIELDS.has(field) ? formatSignedRupees(amount) : formatRupees(amount);
  }
  if (QUANTITY_FIELDS.has(field) && Number.isFinite(Number(value))) return formatInUnit(Number(value), unit);
  if (typeof value === 'boolean') return t(value ? x.yes : x.no);
  // A status or payment method ("Shipped", "Cash") is shown in the active language.
  const word = typeof value === 'string' && WORD_FIELDS.has(field) ? WORDS[value] : undefined;
  if (word) return t(word);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((entry) => valueText(field, entry, t, unit)).join(', ');
  if (isRecord(value)) return changeLines(value, t, new Map(), unit).join('; ');
  return String(value);
}

/** One readable line per change in `changes`; `unit` is the unit of the line they belong to, if any. */
function changeLines(changes: Record<string, unknown>, t: Translate, units: LineUnits, unit?: string): string[] {
  const lines: string[] = [];
  const fields = Object.entries(changes).sort(([a], [b]) => rank(a) - rank(b));
  for (const [field, value] of fields) {
    if (field === '_id' || field === 'productId') continue;
    if (isFromTo(value)) {
      lines.push(
        value.from === null || value.from === undefined
          ? `${labelOf(field, t)}: ${valueText(field, value.to, t, unit)}`
          : `${labelOf(field, t)}: ${valueText(field, value.from, t, unit)} → ${valueText(field, value.to, t, unit)}`,
      );
    } else if (Array.isArray(value) && value.every(isRecord)) {
      for (const entry of value) {
        const { name, ...rest } = entry;
        const lineUnit = typeof entry._id === 'string' ? units.get(entry._id) : undefined;
        const details = changeLines(rest, t, units, lineUnit).join(', ');
        lines.push(typeof name === 'string' ? `${name}: ${details}` : details);
      }
    } else if (value === true && field in FIELD_LABELS) {
      lines.push(labelOf(field, t));
    } else if (field !== 'name') {
      lines.push(`${labelOf(field, t)}: ${valueText(field, value, t, unit)}`);
    }
  }
  return lines;
}

export function describeChanges(changes: unknown, t: Translate, units: LineUnits = new Map()): string[] {
  if (isRecord(changes)) return changeLines(changes, t, units);
  if (changes === null || changes === undefined) return [];
  return [valueText('', changes, t)];
}

export function OrderHistory({
  entries,
  lines = [],
}: {
  entries: OrderHistoryEntry[];
  /** The order's lines, for each line's unit. */
  lines?: readonly { _id: string; unit?: string }[];
}) {
  const t = useT();
  const units: LineUnits = new Map(lines.map((line) => [line._id, line.unit]));
  return (
    <section className="card mt-6 p-5" aria-labelledby="order-history-heading">
      <h2 id="order-history-heading" className="mb-3 text-lg font-bold text-stone-900">
        {t(x.history)}
      </h2>
      <ol className="flex flex-col gap-3">
        {entries.map((entry, index) => (
          <li
            // History entries have no id; their order never changes.
            // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
            key={index}
            className="border-l-2 border-green-200 pl-3"
          >
            <p className="text-sm">
              <span className="font-semibold text-stone-900">{kindLabel(entry.kind, t)}</span>
              <span className="text-stone-600">
                {' · '}
                <time dateTime={entry.at}>{formatTime(entry.at)}</time>
                {' · '}
                {entry.by ?? t(x.system)}
              </span>
            </p>
            <ul className="mt-1 list-disc pl-5 text-sm text-stone-700">
              {describeChanges(entry.changes, t, units).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
