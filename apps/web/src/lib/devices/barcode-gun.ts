/**
 * A barcode gun is a keyboard that types a whole code and Enter in a few milliseconds. Its keys come
 * under 30 ms apart; a person's, even a quick one's, come further apart. `BarcodeGunDetector` is
 * the rule, pure (fed keys and their times): a code of at least 8 characters ended by Enter whose
 * keys came under 30 ms apart on average (a busy computer delivers a gun's keys with some jitter,
 * so one late key does not spoil a scan), none more than 100 ms after the one before.
 * `listenForScans` puts it on the page: the Enter that ends a gun's burst is taken from the page
 * (it adds nothing, submits nothing), the field the gun typed into gets its text back, and the
 * screen is given the code.
 */
import { useEffect, useRef } from 'react';

export const GUN_KEY_GAP_MS = 30;
/** A longer pause ends a burst whatever came before. */
export const GUN_MAX_PAUSE_MS = 100;
/** The shortest code taken as scanned (EAN-8); a shorter quick burst is a person's. */
export const GUN_MIN_LENGTH = 8;

export interface KeyStroke {
  key: string;
  /** When it was pressed (ms, the event's timeStamp). */
  time: number;
}

export class BarcodeGunDetector {
  private code = '';
  /** When the burst's first key came, and the last. */
  private first = 0;
  private last = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly meanGapMs = GUN_KEY_GAP_MS,
    private readonly minLength = GUN_MIN_LENGTH,
    private readonly maxPauseMs = GUN_MAX_PAUSE_MS,
  ) {}

  /** Whether this key starts a new burst (no burst yet, or the last key was too long ago). */
  startsBurst(stroke: KeyStroke): boolean {
    return this.code === '' || stroke.time - this.last > this.maxPauseMs;
  }

  /** Feeds one key: the code when it is the Enter that ends a gun's burst, else null. */
  key(stroke: KeyStroke): string | null {
    const { key, time } = stroke;
    const starts = this.startsBurst(stroke);
    const gap = time - this.last;
    this.last = time;
    if (key === 'Enter') {
      const code = this.code;
      this.code = '';
      // The mean of the gaps between the code's first key and the Enter (one gap per key).
      const mean = (time - this.first) / Math.max(1, code.length);
      return !starts && gap <= this.maxPauseMs && code.length >= this.minLength && mean < this.meanGapMs ? code : null;
    }
    if (key.length !== 1) {
      // Shift and other keys without a character are no part of a code; anything else ends it.
      if (!/^(Shift|Control|Alt|Meta|CapsLock|Unidentified)$/.test(key)) this.code = '';
      return null;
    }
    if (starts) {
      this.code = key;
      this.first = time;
    } else {
      this.code += key;
    }
    return null;
  }
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

const isTextField = (target: EventTarget | null): target is TextField =>
  target instanceof HTMLTextAreaElement ||
  (target instanceof HTMLInputElement && /^(text|search|tel|number|email|url|password|)$/.test(target.type));

/** Puts a text back into a field as if typed, so the screen's own state follows it. */
function putBack(field: TextField, text: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  if (setter) setter.call(field, text);
  else field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

export interface ScanListener {
  /** A scanned code. */
  onScan: (code: string) => void;
  /** Whether the screen takes a code (others go on as typed keys, Enter included). */
  accepts?: (code: string) => boolean;
}

/** Listens for a gun's codes on the page (before the screen's own keys); returns a way to stop. */
export function listenForScans({ onScan, accepts = () => true }: ScanListener, target: Window = window): () => void {
  const detector = new BarcodeGunDetector();
  let field: TextField | null = null;
  let before = '';
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return;
    const stroke = { key: event.key, time: event.timeStamp };
    if (event.key !== 'Enter' && event.key.length === 1 && detector.startsBurst(stroke)) {
      field = isTextField(event.target) ? event.target : null;
      before = field?.value ?? '';
    }
    const code = detector.key(stroke);
    if (code === null || !accepts(code)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (field?.isConnected && field.value !== before) putBack(field, before);
    field = null;
    onScan(code);
  };
  target.addEventListener('keydown', onKeyDown, { capture: true });
  return () => target.removeEventListener('keydown', onKeyDown, { capture: true });
}

/** Scans on this screen while it is shown: `onScan` is the latest given. */
export function useBarcodeGun(onScan: (code: string) => void, accepts?: (code: string) => boolean): void {
  const latest = useRef({ onScan, accepts });
  latest.current = { onScan, accepts };
  useEffect(
    () =>
      listenForScans({
        onScan: (code) => latest.current.onScan(code),
        accepts: (code) => latest.current.accepts?.(code) ?? true,
      }),
    [],
  );
}
