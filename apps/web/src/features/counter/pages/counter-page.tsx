/**
 * /admin/counter: the shop's till (API contract part 4, "Counter sales"). The browser is one
 * counter device (chosen once, devices-panel.tsx); the cashier picks products from tiles or the
 * search, types the quantity (or in ₹ mode the amount) on the keypad, takes Cash, UPI or Khata
 * (split as the shopper pays), and completes the sale. The bill takes the device's next number and
 * is queued in the browser's database before it shows as made (sale-queue.ts), then sent; with no
 * network the counter goes on from its kept catalogue and sends the bills, in order, once the
 * network is back. Every action has a key on a PC (keyboard-help.tsx lists them): letters search,
 * digits type on the keypad, Enter adds and completes, F2/F3/F4 take Cash/UPI/Khata, F7 ₹ mode,
 * F8 holds (or resumes) a bill, F9 prints the last bill.
 */
import {
  type CounterTenderMethod,
  gramsToKgString,
  isCounterQuantity,
  quantityNumber,
  rupeesToPaise,
  type TenderInPaise,
  type Unit,
} from '@mandi/shared/kernel';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ErrorBlock } from '../../../components/ui/error-block';
import { errorMessages } from '../../../lib/api-client';
import { formatAsOf, formatInUnit, loadingTexts, unitName, useLanguage, useT } from '../../../lib/i18n';
import { useOnline } from '../../../lib/offline/connectivity';
import { isNetworkFailure } from '../../../lib/offline/kept-answers';
import { useShop } from '../../../lib/shop/shop';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCounterCatalogue } from '../api/catalogue';
import type { CounterCustomer, CounterDevice, CounterProduct } from '../api/counter-types';
import { devicesQuery } from '../api/devices';
import { sendSale } from '../api/sales';
import {
  addToLines,
  type Bill,
  type BillLine,
  billPayment,
  billTotals,
  emptyBill,
  type LineSource,
  lineProduct,
  removeLine,
  saleDraft,
  setLineQuantity,
} from '../bill';
import { BillPanel, HeldBills } from '../components/bill-panel';
import { CounterDevices } from '../components/counter-devices';
import { CustomerField } from '../components/customer-field';
import { DayBills } from '../components/day-bills';
import { DevicesPanel } from '../components/devices-panel';
import { KeyboardHelp } from '../components/keyboard-help';
import { type Chosen, KeypadPanel } from '../components/keypad-panel';
import { LastBillPanel } from '../components/last-bill';
import { PaymentPanel } from '../components/payment-panel';
import { ProductTiles } from '../components/product-tiles';
import { QueueStatus } from '../components/queue-status';
import { counterTexts as x } from '../counter.texts';
import { type CounterStore, createCounterStore } from '../counter-db';
import { useChosenDevice } from '../device-choice';
import { canTypeRupees, type KeypadMode, type KeypadWords, pressKey, readKeypad } from '../keypad';
import { printBill } from '../print-receipt';
import {
  NoBillNumberError,
  newSaleId,
  queueSale,
  renumberRefused,
  retryRefused,
  type SendSale,
  syncSequence,
} from '../sale-queue';
import {
  type HeldBill,
  useHeldBills,
  useLastBill,
  useNextBillNumber,
  useQueue,
  useQueueSender,
} from '../use-counter-store';

export default function CounterPage() {
  const [store] = useState(() => createCounterStore(typeof indexedDB === 'undefined' ? undefined : indexedDB));
  useEffect(() => () => store.close(), [store]);
  return <CounterScreen store={store} />;
}

/** The screen over a given store and way of sending (the tests give theirs). */
export function CounterScreen({ store, send = sendSale }: { store: CounterStore; send?: SendSale }) {
  const t = useT();
  usePageTitle(x.counter);
  const isOnline = useOnline();
  const [device, chooseDevice] = useChosenDevice();
  const [isManaging, setIsManaging] = useState(false);
  const [storeProblem, setStoreProblem] = useState<string | null>(null);
  const devices = useQuery({ ...devicesQuery, enabled: device !== null });

  useEffect(() => {
    store.open().then(
      () => setStoreProblem(null),
      (error: unknown) => setStoreProblem(error instanceof Error ? error.message : String(error)),
    );
  }, [store]);

  // The chosen device as the server has it now (a new name, paper), and its bill count raised to the server's.
  useEffect(() => {
    const fresh = device && devices.data?.find((entry) => entry._id === device._id);
    if (!fresh) return;
    if (JSON.stringify(fresh) !== JSON.stringify(device)) chooseDevice(fresh);
    syncSequence(store, fresh._id, fresh.nextSequence, new Date()).catch(() => undefined);
  }, [devices.data, device, chooseDevice, store]);

  const choose = (chosen: CounterDevice) => {
    chooseDevice(chosen);
    setIsManaging(false);
    syncSequence(store, chosen._id, chosen.nextSequence, new Date()).catch(() => undefined);
  };

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="page-heading">{t(x.counter)}</h1>
          {device && <DeviceLine store={store} device={device} />}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span
            role="status"
            className={`rounded-full px-3 py-2 text-sm font-semibold ${
              isOnline ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-950'
            }`}
          >
            {isOnline ? t(x.online) : t(x.offline)}
          </span>
          {device && !isManaging && (
            <button type="button" onClick={() => setIsManaging(true)} className="btn-secondary min-h-12">
              {t(x.devices)}
            </button>
          )}
        </div>
      </div>
      {storeProblem && <ErrorBlock messages={[t(x.storeFailed, { message: storeProblem })]} />}
      {!device || isManaging ? (
        <DevicesPanel current={device} isOnline={isOnline} onChoose={choose} onClose={() => setIsManaging(false)} />
      ) : (
        <CounterDesk key={device._id} device={device} store={store} send={send} isOnline={isOnline} />
      )}
    </section>
  );
}

function DeviceLine({ store, device }: { store: CounterStore; device: CounterDevice }) {
  const t = useT();
  const next = useNextBillNumber(store, device);
  return (
    <p className="text-stone-700">
      {t(x.deviceLine, { name: device.name, series: device.series })}
      {next && <> · {t(x.nextBill, { number: next })}</>}
    </p>
  );
}

const F_KEYS: Record<string, 'Cash' | 'UPI' | 'Khata' | 'rupees' | 'hold' | 'print'> = {
  F2: 'Cash',
  F3: 'UPI',
  F4: 'Khata',
  F7: 'rupees',
  F8: 'hold',
  F9: 'print',
};

/** What the keys do: the latest handlers, read by one listener on the document. */
interface KeyActions {
  fKey: (action: (typeof F_KEYS)[string]) => void;
  keypad: (key: string) => void;
  enter: () => void;
  escape: () => void;
  search: (text: string) => void;
}

function useCounterKeys(actions: KeyActions) {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const action = F_KEYS[event.key];
      if (action) {
        event.preventDefault();
        latest.current.fKey(action);
        return;
      }
      const target = event.target instanceof Element ? event.target : null;
      // Fields keep their own keys (the search, the customer's mobile, the tender amounts).
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const isControl = Boolean(target?.closest('button, a, summary'));
      if (/^[0-9.]$/.test(event.key) || event.key === 'Backspace') {
        event.preventDefault();
        latest.current.keypad(event.key);
      } else if (event.key === 'Enter' && !isControl) {
        event.preventDefault();
        latest.current.enter();
      } else if (event.key === 'Escape') {
        latest.current.escape();
      } else if (event.key === '/' || /^\p{L}$/u.test(event.key)) {
        event.preventDefault();
        latest.current.search(event.key === '/' ? '' : event.key);
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

function CounterDesk({
  device,
  store,
  send,
  isOnline,
}: {
  device: CounterDevice;
  store: CounterStore;
  send: SendSale;
  isOnline: boolean;
}) {
  const t = useT();
  const language = useLanguage();
  const shop = useShop();
  const catalogue = useCounterCatalogue(store);
  const queue = useQueue(store);
  const sender = useQueueSender(store, send);
  const nextBillNumber = useNextBillNumber(store, device);
  const last = useLastBill(store, device._id);
  const [held, saveHeld] = useHeldBills(store, device._id);

  const [bill, setBill] = useState<Bill>(emptyBill);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [entry, setEntry] = useState('');
  const [mode, setMode] = useState<KeypadMode>('quantity');
  const [keypadProblem, setKeypadProblem] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [tenderOpen, setTenderOpen] = useState<CounterTenderMethod | null>(null);
  const [justMade, setJustMade] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [paper, setPaper] = useState<58 | 80>(device.printer?.width ?? 80);
  const [isBusy, setIsBusy] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const displayRef = useRef<HTMLOutputElement>(null);
  const customerRef = useRef<HTMLInputElement>(null);
  const completeRef = useRef<HTMLButtonElement>(null);
  const isCompleting = useRef(false);

  const customers = catalogue.data?.customers ?? [];
  const customer = customers.find((entry) => entry._id === bill.customerId) ?? null;
  const totals = billTotals(bill.lines);
  const { duePaise: due, changePaise: change } = billPayment(bill);
  const canComplete = bill.lines.length > 0 && due === 0 && !isBusy;
  const isOfflineSale = !isOnline || catalogue.data?.isKept === true;
  const khataAvailablePaise = customer?.khata ? khataAvailable(customer, queue, bill.tenders) : null;

  const words: KeypadWords = {
    quantity: (unit: Unit, thousandths: number) => formatInUnit(quantityNumber(thousandths), unit),
    unit: (unit: Unit) => unitName(unit),
  };
  const reading = chosen ? readKeypad(entry, mode, chosen.product, words) : null;

  const focusKeypad = () => displayRef.current?.focus();

  // Paid in full: Enter (or a tap) completes the sale; focused in the same commit, before the next key.
  useLayoutEffect(() => {
    if (canComplete) completeRef.current?.focus();
  }, [canComplete]);

  function resetKeypad() {
    setChosen(null);
    setEntry('');
    setMode('quantity');
    setKeypadProblem(null);
  }

  function addLine(target: Chosen, typed: string, typedMode: KeypadMode) {
    const result = readKeypad(typed, typedMode, target.product, words);
    if (result.kind === 'empty') {
      setKeypadProblem(t(x.typeTheQuantity));
      return;
    }
    if (result.kind === 'problem') {
      setKeypadProblem(t(result.problem, result.values));
      return;
    }
    putOnBill(target, result.thousandths, 'manual');
  }

  /** A line's quantity on the bill: typed on the keypad, read from the scale, or from a scanned label. */
  function putOnBill(target: Chosen, thousandths: number, source: LineSource) {
    if (!isCounterQuantity(target.product.unit, thousandths)) {
      setKeypadProblem(t(x.measuredLimits, { unit: words.unit(target.product.unit) }));
      return;
    }
    let lines: BillLine[];
    if (target.isChange) {
      lines = setLineQuantity(bill.lines, target.product.productId, thousandths, source);
    } else {
      const added = addToLines(bill.lines, target.product, thousandths, source);
      if ('tooMuch' in added) {
        setKeypadProblem(t(x.tooMuchOnLine, { max: words.quantity(target.product.unit, added.tooMuch) }));
        return;
      }
      lines = added.lines;
    }
    setBill((current) => ({ ...current, lines }));
    setJustMade(null);
    setProblem(null);
    resetKeypad();
    focusKeypad();
  }

  function chooseProduct(product: CounterProduct) {
    const target: Chosen = { product: lineProduct(product), isChange: false };
    const nextMode = canTypeRupees(target.product.unit) ? mode : 'quantity';
    setQuery('');
    setChosen(target);
    setMode(nextMode);
    setKeypadProblem(null);
    // A quantity typed before the product was chosen goes on the bill at once.
    if (entry !== '') addLine(target, entry, nextMode);
    else focusKeypad();
  }

  function changeLine(line: BillLine) {
    const { thousandths, ...product } = line;
    setChosen({ product, isChange: true });
    setEntry(gramsToKgString(thousandths));
    setMode('quantity');
    setKeypadProblem(null);
    focusKeypad();
  }

  function openTender(method: CounterTenderMethod) {
    if (bill.lines.length === 0 || due <= 0) return;
    setTenderOpen(method);
    if (method === 'Khata' && !customer?.khata) customerRef.current?.focus();
  }

  function takeTender(tender: TenderInPaise) {
    setBill((current) => ({ ...current, tenders: [...current.tenders, tender] }));
    setTenderOpen(null);
    focusKeypad();
  }

  async function complete() {
    // Two Enters before the screen renders again must not make two bills of one.
    if (!canComplete || isCompleting.current) return;
    isCompleting.current = true;
    setIsBusy(true);
    setProblem(null);
    try {
      const queued = await queueSale(store, device, saleDraft(bill, new Date(), isOfflineSale), {
        totalPaise: totals.totalPaise,
        changePaise: change,
      });
      setBill(emptyBill());
      resetKeypad();
      setTenderOpen(null);
      setJustMade(queued.clientSaleId);
      focusKeypad();
      void sender.send();
    } catch (error) {
      setProblem(
        error instanceof NoBillNumberError
          ? t(x.needsNumbering)
          : t(x.notKept, { message: error instanceof Error ? error.message : String(error) }),
      );
    } finally {
      isCompleting.current = false;
      setIsBusy(false);
    }
  }

  async function hold() {
    if (bill.lines.length === 0) {
      const oldest = held[0];
      if (oldest) await resume(oldest);
      return;
    }
    try {
      await saveHeld([...held, { id: newSaleId(), bill, heldAt: Date.now() }]);
    } catch (error) {
      setProblem(t(x.notKept, { message: error instanceof Error ? error.message : String(error) }));
      return;
    }
    setBill(emptyBill());
    resetKeypad();
    setTenderOpen(null);
    setJustMade(null);
  }

  async function resume(entry: HeldBill) {
    const rest = held.filter((other) => other.id !== entry.id);
    // The bill on the counter is held in its place, so nothing is dropped.
    if (bill.lines.length > 0) rest.push({ id: newSaleId(), bill, heldAt: Date.now() });
    await saveHeld(rest).catch(() => undefined);
    setBill(entry.bill);
    resetKeypad();
    setTenderOpen(null);
    setJustMade(null);
  }

  function print() {
    if (!last) {
      setProblem(t(x.noLastBill));
      return;
    }
    if (!last.orderId) {
      setProblem(t(x.printWaits));
      return;
    }
    setProblem(null);
    printBill({
      printer: device.printer,
      orderId: last.orderId,
      width: paper,
      language,
      title: t(x.receiptFrame, { number: last.billNumber }),
      onPrinted: () => {
        window.focus();
        focusKeypad();
      },
      onProblem: setProblem,
    });
  }

  useCounterKeys({
    fKey: (action) => {
      if (action === 'rupees') toggleRupees();
      else if (action === 'hold') void hold();
      else if (action === 'print') print();
      else openTender(action);
    },
    keypad: (key) => {
      setEntry((current) => pressKey(current, key, mode, chosen?.product.unit ?? null));
      setKeypadProblem(null);
    },
    enter: () => {
      if (chosen) addLine(chosen, entry, mode);
      else if (canComplete) void complete();
    },
    escape: () => {
      if (tenderOpen) setTenderOpen(null);
      else if (entry) setEntry('');
      else resetKeypad();
    },
    search: (text) => {
      setQuery((current) => current + text);
      searchRef.current?.focus();
    },
  });

  function toggleRupees() {
    if (!chosen || !canTypeRupees(chosen.product.unit)) return;
    setMode((current) => (current === 'rupees' ? 'quantity' : 'rupees'));
    setEntry('');
    setKeypadProblem(null);
  }

  const upi =
    shop?.upiId && nextBillNumber !== undefined
      ? { upiId: shop.upiId, name: shop.name, note: nextBillNumber ?? t(x.counter) }
      : null;

  return (
    <>
      <QueueStatus
        queue={queue}
        stopped={sender.stopped}
        isOnline={isOnline}
        onSend={() => void sender.send()}
        onRetry={async (sale) => {
          await retryRefused(store, sale.clientSaleId);
          void sender.send();
        }}
        onRenumber={async (sale) => {
          const number = await renumberRefused(store, sale.clientSaleId);
          void sender.send();
          return number;
        }}
      />
      {nextBillNumber === null && <ErrorBlock messages={[t(x.needsNumbering)]} />}
      <CatalogueState catalogue={catalogue} />
      <ErrorBlock messages={problem ? [problem] : null} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_23rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <ProductTiles
            products={catalogue.data?.products ?? []}
            query={query}
            onQuery={setQuery}
            onChoose={chooseProduct}
            searchRef={searchRef}
          />
          <KeyboardHelp />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <CounterDevices
            device={device}
            products={catalogue.data?.products ?? []}
            rules={catalogue.data?.barcodeRules ?? []}
            chosen={chosen}
            onAdd={putOnBill}
          />
          <KeypadPanel
            chosen={chosen}
            entry={entry}
            mode={mode}
            reading={reading}
            problem={keypadProblem}
            displayRef={displayRef}
            onKey={(key) => {
              setEntry((current) => pressKey(current, key, mode, chosen?.product.unit ?? null));
              setKeypadProblem(null);
            }}
            onAdd={() => chosen && addLine(chosen, entry, mode)}
            onClear={() => (entry ? setEntry('') : resetKeypad())}
            onToggleRupees={toggleRupees}
          />
          <BillPanel
            lines={bill.lines}
            totals={totals}
            onChange={changeLine}
            onRemove={(line) =>
              setBill((current) => ({ ...current, lines: removeLine(current.lines, line.productId) }))
            }
            onHold={() => void hold()}
          />
          <div className="card flex flex-col gap-3 p-3 sm:p-4">
            <CustomerField
              customers={customers}
              customer={customer}
              khataAvailablePaise={khataAvailablePaise}
              inputRef={customerRef}
              onChoose={(next) => setBill((current) => ({ ...current, customerId: next?._id ?? null }))}
            />
          </div>
          <PaymentPanel
            totalPaise={totals.totalPaise}
            duePaise={due}
            tenders={bill.tenders}
            open={tenderOpen}
            khata={
              customer?.khata && khataAvailablePaise !== null
                ? { name: customer.name, availablePaise: khataAvailablePaise }
                : null
            }
            isOnline={!isOfflineSale}
            upi={upi}
            completeRef={completeRef}
            canComplete={canComplete}
            onOpen={openTender}
            onClose={() => {
              setTenderOpen(null);
              focusKeypad();
            }}
            onTake={takeTender}
            onRemoveTender={(index) =>
              setBill((current) => ({ ...current, tenders: current.tenders.filter((_, at) => at !== index) }))
            }
            onComplete={() => void complete()}
          />
          <LastBillPanel
            last={last}
            isJustMade={last !== null && last.clientSaleId === justMade}
            isWaiting={last !== null && queue.some((sale) => sale.clientSaleId === last.clientSaleId)}
            width={paper}
            onWidth={setPaper}
            onPrint={print}
          />
          <HeldBills held={held} onResume={(entry) => void resume(entry)} />
        </div>
      </div>
      <DayBills device={device} width={paper} lastSentOrderId={last?.orderId ?? null} />
    </>
  );
}

/**
 * What the customer's khata has available now: the snapshot's figure, less the khata tenders of
 * the bills still waiting to be sent (the snapshot does not know them) and of this bill.
 */
function khataAvailable(
  customer: CounterCustomer,
  queue: readonly { body: { customerId: string | null; tenders: { method: string; amount: number }[] } }[],
  tenders: readonly TenderInPaise[],
): number {
  const waiting = queue
    .filter((sale) => sale.body.customerId === customer._id)
    .flatMap((sale) => sale.body.tenders)
    .filter((tender) => tender.method === 'Khata')
    .reduce((sum, tender) => sum + rupeesToPaise(tender.amount), 0);
  const onThisBill = tenders
    .filter((tender) => tender.method === 'Khata')
    .reduce((sum, tender) => sum + tender.amountPaise, 0);
  return rupeesToPaise(customer.khata?.available ?? 0) - waiting - onThisBill;
}

function CatalogueState({ catalogue }: { catalogue: ReturnType<typeof useCounterCatalogue> }) {
  const t = useT();
  if (catalogue.isPending) return <p role="status">{t(loadingTexts.loading)}</p>;
  if (catalogue.isError) {
    return (
      <ErrorBlock
        messages={
          isNetworkFailure(catalogue.error)
            ? [t(x.noKeptCatalogue)]
            : [t(x.catalogueFailed), ...errorMessages(catalogue.error)]
        }
      />
    );
  }
  if (catalogue.data.isKept) {
    return (
      <p className="font-semibold text-amber-900">{t(x.keptCatalogue, { time: formatAsOf(catalogue.data.keptAt) })}</p>
    );
  }
  return null;
}
