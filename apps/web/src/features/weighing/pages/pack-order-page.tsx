/**
 * Packing one order (decision 0007): a person at a scale types each line's weight (kg or g), or the
 * number packed of a counted line (pieces, dozens, bunches, packs: a whole-number field), sees the
 * line amount and the new total as they type, and saves; the server bills the packed amounts. The
 * order's delivery slot is shown under the shopper's name, so the packer knows which run it is for.
 * Enter moves from field to field and on to Save, so a phone's numeric keyboard never has to close.
 * A line whose shopper allowed a substitute (decision 0043) says so and offers "Send instead": a
 * product of the same unit (no dearer for "similar", any rate after a call); the field then takes
 * the substitute's amount and the line is priced at its rate.
 *
 * With this browser's counter device's scale (lib/devices), a line's Weigh button fills its weight
 * once the scale is steady; a bag's scale label scanned with a barcode gun finds its line (by the
 * product the server reads from the label) and fills its weight. Either moves on to the next line.
 * Without a scale or a gun the screen is as it was: the weights are typed.
 */
import { formatSignedRupees } from '@mandi/shared';
import {
  couponTermsFromRupees,
  deliveryTermsFromRupees,
  ean13CheckDigit,
  gramsToKgString,
  isCountedUnit,
  lineAmountPaise,
  maxPackedQuantity,
  orderNumberLabel,
  orderTotals,
  paiseToRupees,
  rankSubstitutes,
  rupeesToPaise,
  type Unit,
  unitOrDefault,
} from '@mandi/shared/kernel';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ScaleStatus } from '../../../components/devices/scale-status';
import { ErrorBlock } from '../../../components/ui/error-block';
import { formatOrderDate } from '../../../components/ui/format-date';
import { ImagePlaceholder } from '../../../components/ui/image-placeholder';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { paths } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-client';
import { useBarcodeGun } from '../../../lib/devices/barcode-gun';
import { useChosenDevice } from '../../../lib/devices/chosen-device';
import { devicesTexts } from '../../../lib/devices/devices.texts';
import { useScale } from '../../../lib/devices/scale-session';
import { useWeigh } from '../../../lib/devices/use-weigh';
import { formatInUnit, formatRupees, loadingTexts, specTexts, type Translate, unitName, useT } from '../../../lib/i18n';
import { sizedImage } from '../../../lib/sized-image';
import type { Order, OrderItem } from '../../../lib/types';
import { usePageTitle } from '../../../lib/use-page-title';
import { DeliverySlotLine } from '../../delivery';
import { readLabel } from '../api/labels';
import {
  isMissing,
  isOverKhataLimit,
  type PackedLine,
  type SubstituteCandidate,
  usePackOrder,
  useSavePackedWeights,
  useSubstituteCandidates,
} from '../api/pack-order';
import { weighingTexts as x } from '../weighing.texts';
import { kgToGrams, overLimitMessage, parseCount, parseWeight } from '../weights';

/** What the order page shows after a save (read from the navigation state). */
export interface PackedNotice {
  packedMessage: string;
}

export default function PackOrderPage() {
  const t = useT();
  usePageTitle(x.packOrder);
  const { orderId = '' } = useParams();
  const order = usePackOrder(orderId);

  if (order.isPending) return <LoaderOverlay text={loadingTexts.orderLoading} />;
  if (order.isError) {
    return (
      <section>
        <PackHeader orderId={orderId} />
        <p role="alert" className="card px-5 py-8 text-center text-lg font-semibold text-red-700">
          {t(isMissing(order.error) ? specTexts.orderMissing : specTexts.orderError)}
        </p>
      </section>
    );
  }
  if (order.data.status !== 'Processing') {
    return (
      <section>
        <PackHeader orderId={orderId} orderNumber={order.data.orderNumber} />
        <div className="card flex flex-col items-start gap-3 p-5">
          <p className="font-semibold text-stone-900">
            {t(x.onlyAProcessingOrderCan)} <OrderStatusBadge status={order.data.status} />
          </p>
          <Link to={paths.admin.updateOrder(orderId)} className="btn-secondary">
            {t(x.backToTheOrder)}
          </Link>
        </div>
      </section>
    );
  }
  // Not keyed by the packing time: a remount on save would drop the save's own success step.
  return <PackForm order={order.data} />;
}

/** The screen's heading and the order's number (decision 0023), once the order is read. */
function PackHeader({ orderId, orderNumber }: { orderId: string; orderNumber?: number }) {
  const t = useT();
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="page-heading">{t(x.packOrder)}</h1>
        {orderNumber !== undefined && (
          <p className="font-mono text-lg font-bold text-stone-900">{orderNumberLabel(orderNumber)}</p>
        )}
      </div>
      <Link
        to={paths.admin.updateOrder(orderId)}
        className="text-sm font-semibold text-green-800 underline-offset-4 hover:underline"
      >
        ← {t(x.orderDetails)}
      </Link>
    </div>
  );
}

interface LineState {
  item: OrderItem;
  unit: Unit;
  /** Thousandths of the unit (grams for kg), as every quantity below. */
  orderedGrams: number;
  ratePaise: number;
  /** The product sent in place of the ordered one (decision 0043), or null; `ratePaise` is then its rate. */
  substitute: SubstituteCandidate | null;
  /** The weight in grams once the field reads as one. */
  grams: number | null;
  /** Why the field cannot be saved as typed (in the active language); null when it can (or is still empty). */
  problem: string | null;
  amountPaise: number | null;
}

function readLine(item: OrderItem, text: string, substitute: SubstituteCandidate | null, t: Translate): LineState {
  const unit = unitOrDefault(item.unit);
  const orderedGrams = kgToGrams(item.quantity);
  const ratePaise = rupeesToPaise(substitute ? substitute.rate : item.rate);
  const reading = isCountedUnit(unit) ? parseCount(text) : parseWeight(text);
  const base = { item, unit, orderedGrams, ratePaise, substitute };
  if (reading.kind === 'empty') return { ...base, grams: null, problem: null, amountPaise: null };
  if (reading.kind === 'invalid') return { ...base, grams: null, problem: t(reading.message), amountPaise: null };
  const problem =
    reading.grams > maxPackedQuantity(unit, orderedGrams) ? overLimitMessage(orderedGrams, t, unit) : null;
  // Over the limit the line is no amount yet (a scanned code typed into the field is billions of grams).
  return {
    ...base,
    grams: reading.grams,
    problem,
    amountPaise: problem ? null : lineAmountPaise(ratePaise, reading.grams),
  };
}

const wantsSubstitute = (item: OrderItem) => item.substitution === 'similar' || item.substitution === 'call';

/**
 * The products that may go in place of a line, closest first, by the kernel's rule (the one the
 * server judges the pack by): the same unit, not the product itself; for a similar item of the
 * ordered product's category (read from the rate board by its id) and no dearer than the rate
 * ordered at; after a call any product, its category's first. The substitute already sent stays
 * offered, first, as it was priced.
 */
export function candidatesFor(item: OrderItem, all: readonly SubstituteCandidate[]): SubstituteCandidate[] {
  const unit = unitOrDefault(item.unit);
  const ordered = item.productId ? all.find((product) => product.productId === item.productId) : undefined;
  const line = {
    productId: item.productId ?? null,
    unit,
    ratePaise: rupeesToPaise(item.rate),
    category: ordered?.category ?? null,
    substitution: item.substitution ?? 'skip',
  };
  const products = all.map((product) => ({
    ...product,
    unit: unitOrDefault(product.unit as Unit),
    ratePaise: rupeesToPaise(product.rate),
  }));
  const fit: SubstituteCandidate[] = rankSubstitutes(line, products);
  const sent = item.substitute;
  if (sent?.productId && !fit.some((product) => product.productId === sent.productId)) {
    // A category only orders the list, and this one leads it whatever its own.
    fit.unshift({ productId: sent.productId, name: sent.name, unit, rate: sent.rate, category: '' });
  }
  return fit;
}

const initialText = (item: OrderItem) =>
  item.packedQuantity === null || item.packedQuantity === undefined
    ? ''
    : gramsToKgString(kgToGrams(item.packedQuantity));

function PackForm({ order }: { order: Order }) {
  const t = useT();
  const navigate = useNavigate();
  const save = useSavePackedWeights(order._id);
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(order.orderItems.map((item) => [item._id, initialText(item)])),
  );
  const [chosen, setChosen] = useState<Record<string, string>>(() =>
    Object.fromEntries(order.orderItems.map((item) => [item._id, item.substitute?.productId ?? ''])),
  );
  const [attempted, setAttempted] = useState(false);
  const [device] = useChosenDevice();
  const scale = useScale(device?.scale ?? null);
  const weighing = useWeigh(scale.connection);
  const [deviceNote, setDeviceNote] = useState<{ text: string; isProblem: boolean } | null>(null);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const saveButton = useRef<HTMLButtonElement>(null);
  const summaryId = useId();
  const candidates = useSubstituteCandidates(order.orderItems.some(wantsSubstitute));
  const choicesOf = (item: OrderItem) =>
    wantsSubstitute(item) ? candidatesFor(item, candidates.data ?? []) : ([] as SubstituteCandidate[]);

  const lines = order.orderItems.map((item) => {
    const substituteId = chosen[item._id] ?? '';
    const substitute = substituteId
      ? (choicesOf(item).find((product) => product.productId === substituteId) ?? null)
      : null;
    return readLine(item, texts[item._id] ?? '', substitute, t);
  });
  const waiting = lines.filter((line) => line.grams === null && line.problem === null).length;
  const problems = lines.filter((line) => line.problem !== null).length;
  const ready = waiting === 0 && problems === 0;
  const terms = deliveryTermsFromRupees(order.deliveryTerms);
  const coupon = couponTermsFromRupees(order.couponCode, order.couponTerms);
  // The final bill the packed lines come to, as the server computes it: the fee and the coupon's
  // discount judged again on the packed subtotal by the terms kept on the order, then rounded to the rupee.
  const totals = orderTotals(
    lines.reduce((sum, line) => sum + (line.amountPaise ?? 0), 0),
    { delivery: terms, coupon, isFinal: true },
  );
  const estimate = order.estimatedTotal ?? order.total;

  const setText = (id: string, text: string) => setTexts((current) => ({ ...current, [id]: text }));

  const focusAfter = (index: number) => {
    const next = inputs.current[index + 1];
    if (next) {
      next.focus();
      next.select();
    } else {
      saveButton.current?.focus();
    }
  };

  const latestLines = useRef(lines);
  latestLines.current = lines;

  /** The line of a product (as sent: the substitute when one is chosen), an empty one first. */
  const lineOf = (productId: string) => {
    const all = latestLines.current;
    const sent = (line: LineState) => (line.substitute ? line.substitute.productId : line.item.productId) === productId;
    const empty = all.findIndex((line) => sent(line) && line.grams === null);
    return empty >= 0 ? empty : all.findIndex(sent);
  };

  async function scanLabel(code: string) {
    if (ean13CheckDigit(code.slice(0, 12)) !== Number(code[12])) {
      setDeviceNote({ text: t(x.scanWrongCode), isProblem: true });
      return;
    }
    try {
      const label = await readLabel(code);
      const index = lineOf(label.productId);
      const line = latestLines.current[index];
      if (!line) {
        setDeviceNote({ text: t(x.scanNotInOrder, { name: label.name }), isProblem: true });
        return;
      }
      const grams = kgToGrams(label.quantity);
      setText(line.item._id, isCountedUnit(line.unit) ? String(Math.round(grams / 1000)) : gramsToKgString(grams));
      setDeviceNote({
        text: t(x.scannedLine, { name: label.name, quantity: formatInUnit(grams / 1000, line.unit) }),
        isProblem: false,
      });
      focusAfter(index);
    } catch (error) {
      setDeviceNote({ text: t(x.scanFailed, { message: errorMessages(error).join(' ') }), isProblem: true });
    }
  }
  useBarcodeGun(
    (code) => void scanLabel(code),
    (code) => /^\d{13}$/.test(code),
  );

  async function weighLine(index: number) {
    const line = latestLines.current[index];
    if (!line) return;
    setDeviceNote(null);
    const weight = await weighing.weigh(line.item._id);
    if (!weight) return;
    setText(line.item._id, gramsToKgString(weight.grams));
    setDeviceNote({
      text: t(x.weighedLine, { name: line.item.name, quantity: formatInUnit(weight.grams / 1000, 'kg') }),
      isProblem: false,
    });
    focusAfter(index);
  }
  const canWeigh = scale.connection.status === 'connected';
  const weighProblem = weighing.problem ? t(weighing.problem) : null;

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    focusAfter(index);
  };

  const send = (overKhataLimit: boolean) => {
    setAttempted(true);
    if (!ready || save.isPending) {
      inputs.current[lines.findIndex((line) => line.grams === null || line.problem !== null)]?.focus();
      return;
    }
    const items = lines.map((line): PackedLine => {
      const packedQuantity = Number(gramsToKgString(line.grams ?? 0));
      return line.substitute
        ? { _id: line.item._id, substitute: { productId: line.substitute.productId, packedQuantity } }
        : { _id: line.item._id, packedQuantity };
    });
    save.mutate(
      { items, overKhataLimit },
      {
        onSuccess: ({ order: packed }) => {
          const notice: PackedNotice = {
            packedMessage: t(x.orderPackedAmountDue, { amount: formatRupees(packed.total) }),
          };
          navigate(paths.admin.updateOrder(order._id), { state: notice });
        },
      },
    );
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send(false);
  };
  // The server refused the bill as over the khata's limit: packing over it is a second, deliberate click.
  const offerOverLimit = save.isError && isOverKhataLimit(save.error);

  const summary = ready
    ? null
    : problems > 0
      ? problems === 1
        ? t(x.correctTheWeightMarked)
        : t(x.correctTheCountWeightsMarked, { count: problems })
      : waiting === 1
        ? t(x.weighEveryLineOneEmpty)
        : t(x.weighEveryLineCountEmpty, { count: waiting });

  return (
    <section>
      <PackHeader orderId={order._id} orderNumber={order.orderNumber} />
      {save.isPending && <LoaderOverlay text={loadingTexts.processing} />}
      <p className="mb-4 text-sm text-stone-700">
        {t(x.nameOrderedDate, {
          name: `${order.user.firstName} ${order.user.lastName}`,
          date: formatOrderDate(order.orderDate),
        })}
        {order.packedAt ? t(x.packedBeforeSavingAgain) : ''}
      </p>
      <DeliverySlotLine slot={order.deliverySlot} className="mb-4 font-semibold text-green-900" />
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {device?.scale && (
          <div className="card flex flex-col gap-2 p-3">
            <ScaleStatus connection={scale.connection} onConnect={(choose) => void scale.connect(choose)} />
            <p
              role="status"
              className={`text-sm ${deviceNote?.isProblem || weighProblem ? 'error-text' : 'text-stone-700'}`}
            >
              {weighing.waiting
                ? t(devicesTexts.weighing)
                : (weighProblem ?? deviceNote?.text ?? (canWeigh ? t(x.scanOrWeigh) : ''))}
            </p>
          </div>
        )}
        {!device?.scale && deviceNote && (
          <p role="status" className={`text-sm ${deviceNote.isProblem ? 'error-text' : 'text-stone-700'}`}>
            {deviceNote.text}
          </p>
        )}
        <ul className="card divide-y divide-stone-100" aria-label={t(x.linesToWeigh)}>
          {lines.map((line, index) => (
            <PackLine
              key={line.item._id}
              line={line}
              text={texts[line.item._id] ?? ''}
              choices={choicesOf(line.item)}
              onChoose={(productId) => setChosen((current) => ({ ...current, [line.item._id]: productId }))}
              isLast={index === lines.length - 1}
              inputRef={(element) => {
                inputs.current[index] = element;
              }}
              onChange={(text) => setText(line.item._id, text)}
              onKeyDown={onKeyDown(index)}
              onNotAvailable={() => {
                setText(line.item._id, '0');
                focusAfter(index);
              }}
              weigh={
                canWeigh && line.unit === 'kg'
                  ? {
                      isWaiting: weighing.waiting === line.item._id,
                      onWeigh: () => (weighing.waiting === line.item._id ? weighing.cancel() : void weighLine(index)),
                    }
                  : null
              }
            />
          ))}
        </ul>
        <div className="card flex flex-col gap-3 p-5">
          <dl className="flex flex-col gap-1.5">
            <div className="flex justify-between gap-4 text-stone-700">
              <dt>{t(x.estimateOrderedWeights)}</dt>
              <dd className="font-semibold">{formatRupees(estimate)}</dd>
            </div>
            {(terms.feePaise > 0 || totals.roundOffPaise !== 0 || coupon) && (
              <div className="flex justify-between gap-4 text-stone-700">
                <dt>{t(x.packedSubtotal)}</dt>
                <dd className="font-semibold" data-testid="pack-subtotal">
                  {formatRupees(paiseToRupees(totals.subtotalPaise))}
                </dd>
              </div>
            )}
            {terms.feePaise > 0 && (
              <div className="flex justify-between gap-4 text-stone-700">
                <dt>{t(x.deliveryFee)}</dt>
                <dd className="font-semibold" data-testid="pack-fee">
                  {totals.feePaise === 0 ? t(x.deliveryFree) : formatRupees(paiseToRupees(totals.feePaise))}
                </dd>
              </div>
            )}
            {coupon && (
              <div className="flex justify-between gap-4 text-stone-700">
                <dt>{t(x.couponDiscount, { code: coupon.code })}</dt>
                <dd className="font-semibold" data-testid="pack-discount">
                  −{formatRupees(paiseToRupees(totals.discountPaise))}
                </dd>
              </div>
            )}
            {totals.roundOffPaise !== 0 && (
              <div className="flex justify-between gap-4 text-stone-700">
                <dt>{t(x.roundOff)}</dt>
                <dd className="font-semibold" data-testid="pack-round-off">
                  {formatSignedRupees(paiseToRupees(totals.roundOffPaise))}
                </dd>
              </div>
            )}
            <div className="flex justify-between gap-4 text-lg font-bold text-stone-900">
              <dt>{t(waiting > 0 ? x.newTotalSoFar : x.newTotal)}</dt>
              <dd aria-live="polite" data-testid="pack-total">
                {formatRupees(paiseToRupees(totals.totalPaise))}
              </dd>
            </div>
          </dl>
          {summary && (
            <p id={summaryId} className={attempted ? 'error-text' : 'text-sm text-stone-600'}>
              {summary}
            </p>
          )}
          <ErrorBlock messages={save.isError ? errorMessages(save.error) : null} />
          <div className="flex flex-wrap gap-3">
            <button
              ref={saveButton}
              type="submit"
              className="btn-primary aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
              // aria-disabled keeps Save reachable by Enter from the last field while it cannot save yet.
              aria-disabled={!ready || save.isPending}
              aria-describedby={summary ? summaryId : undefined}
            >
              {t(x.saveWeights)}
            </button>
            {offerOverLimit && (
              <button type="button" className="btn-secondary" onClick={() => send(true)}>
                {t(x.packOverKhataLimit)}
              </button>
            )}
            <Link to={paths.admin.updateOrder(order._id)} className="btn-secondary">
              {t(x.backWithoutSaving)}
            </Link>
          </div>
        </div>
      </form>
    </section>
  );
}

function PackLine({
  line,
  text,
  choices,
  onChoose,
  isLast,
  inputRef,
  onChange,
  onKeyDown,
  onNotAvailable,
  weigh,
}: {
  line: LineState;
  text: string;
  /** The products that may go in its place; empty when the shopper asked for none. */
  choices: readonly SubstituteCandidate[];
  onChoose: (productId: string) => void;
  isLast: boolean;
  inputRef: (element: HTMLInputElement | null) => void;
  onChange: (text: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onNotAvailable: () => void;
  /** The scale's Weigh button for this line (kg lines, a scale connected), or null. */
  weigh: { isWaiting: boolean; onWeigh: () => void } | null;
}) {
  const t = useT();
  const inputId = useId();
  const problemId = useId();
  const substituteId = useId();
  const { item, unit } = line;
  const isKg = unit === 'kg';
  const isCounted = isCountedUnit(unit);
  const ordered = gramsToKgString(line.orderedGrams);
  return (
    <li className="grid grid-cols-[3.5rem_1fr] gap-x-3 gap-y-3 p-4 sm:grid-cols-[3.5rem_1fr_auto] sm:items-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-xl bg-gradient-to-br from-green-50 to-amber-50 p-1">
        {item.image ? (
          <img
            {...sizedImage(item.image, '48px')}
            alt={item.name}
            width={48}
            height={48}
            className="h-full w-full object-contain"
          />
        ) : (
          <ImagePlaceholder />
        )}
      </span>
      <div className="min-w-0">
        <p className="font-semibold text-stone-900">{item.name}</p>
        <p className="text-sm text-stone-600">
          {t(x.orderedAtRate, {
            quantity: formatInUnit(line.orderedGrams / 1000, line.unit),
            rate: formatRupees(item.rate),
            unit: unitName(line.unit),
          })}
        </p>
        {(item.substitution === 'similar' || item.substitution === 'call') && (
          <p
            className={`mt-1 text-sm font-semibold ${item.substitution === 'call' ? 'text-amber-900' : 'text-green-900'}`}
            data-testid="pack-wish"
          >
            {t(item.substitution === 'call' ? x.wishCall : x.wishSimilar)}
          </p>
        )}
        {(item.substitution === 'similar' || item.substitution === 'call') && (
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <label htmlFor={substituteId} className="text-sm font-medium text-stone-800">
              {t(x.sendInstead)}
            </label>
            <select
              id={substituteId}
              className="field-input w-auto py-1.5"
              aria-label={t(x.sendInsteadOf, { name: item.name })}
              value={line.substitute?.productId ?? ''}
              onChange={(event) => onChoose(event.target.value)}
            >
              <option value="">{t(x.asOrdered, { name: item.name })}</option>
              {choices.map((product) => (
                <option key={product.productId} value={product.productId}>
                  {t(x.substituteOption, {
                    name: product.name,
                    rate: formatRupees(product.rate),
                    unit: unitName(line.unit),
                  })}
                </option>
              ))}
            </select>
          </div>
        )}
        {line.substitute && (
          <p className="mt-1 text-sm text-stone-800" data-testid="pack-sending">
            {t(x.sendingSubstitute, {
              name: line.substitute.name,
              rate: formatRupees(line.substitute.rate),
              unit: unitName(line.unit),
            })}
          </p>
        )}
      </div>
      <div className="col-span-2 flex flex-col gap-1.5 sm:col-span-1 sm:w-80">
        <label htmlFor={inputId} className="text-sm font-semibold text-stone-800">
          {isKg ? t(x.packedWeightKg) : t(x.packedQuantityUnit, { unit: unitName(unit) })}
        </label>
        <div className="flex items-stretch gap-2">
          <input
            ref={inputRef}
            id={inputId}
            // The visible label plus the product, so each field has its own name in a list of fields.
            aria-label={
              isKg
                ? t(x.packedWeightOfNameKg, { name: item.name })
                : t(x.packedQuantityOfName, { name: item.name, unit: unitName(unit) })
            }
            // A counted line takes a whole number: the phone shows digits only.
            type="text"
            inputMode={isCounted ? 'numeric' : 'decimal'}
            pattern={isCounted ? '[0-9]*' : undefined}
            autoComplete="off"
            enterKeyHint={isLast ? 'done' : 'next'}
            placeholder={isKg ? t(x.weightPlaceholder, { kg: ordered }) : t(x.countPlaceholder, { count: ordered })}
            className={`field-input min-w-0 flex-1 text-lg tabular-nums ${line.problem ? 'border-red-500 ring-1 ring-red-500' : ''}`}
            value={text}
            aria-invalid={line.problem !== null}
            aria-describedby={line.problem ? problemId : undefined}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={onKeyDown}
          />
          {weigh && (
            <button
              type="button"
              aria-label={weigh.isWaiting ? undefined : t(devicesTexts.weighName, { name: item.name })}
              className="min-h-12 rounded-lg border border-green-700 bg-green-50 px-3 text-sm font-semibold text-green-900 hover:bg-green-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700"
              onClick={weigh.onWeigh}
            >
              {weigh.isWaiting ? t(devicesTexts.cancelWeighing) : t(devicesTexts.weigh)}
            </button>
          )}
          <button
            type="button"
            aria-label={t(x.notAvailableName, { name: item.name })}
            className="rounded-lg border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-800 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700"
            onClick={onNotAvailable}
          >
            {t(x.notAvailable)}
          </button>
        </div>
        {line.problem ? (
          <p id={problemId} role="alert" className="error-text">
            {line.problem}
          </p>
        ) : (
          <p className="flex justify-between gap-2 text-sm text-stone-700">
            <span>
              {line.grams === 0 ? t(x.notAvailableNotCharged) : line.grams === null ? t(x.notWeighedYet) : ''}
            </span>
            <span className="font-semibold text-stone-900">
              <span className="sr-only">{t(x.amountForName, { name: item.name })} </span>
              {line.amountPaise === null ? '—' : formatRupees(paiseToRupees(line.amountPaise))}
            </span>
          </p>
        )}
      </div>
    </li>
  );
}
