/**
 * A barcode gun against a person typing: the gun's keys come under 30 ms apart (on average: a
 * busy computer adds jitter) and end with Enter; a person's do not, however long the text. On the page, the gun's Enter is taken from the
 * screen and the field it typed into gets its text back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BarcodeGunDetector, listenForScans } from './barcode-gun';

/** Keys typed `gap` ms apart from `start`, then Enter after the same gap. */
function strokes(text: string, gap: number | number[], start = 1000) {
  const gaps = Array.isArray(gap) ? gap : Array.from({ length: text.length + 1 }, () => gap);
  let time = start;
  return [...text, 'Enter'].map((key, index) => {
    time += index === 0 ? 0 : (gaps[index - 1] ?? 0);
    return { key, time };
  });
}

function feed(detector: BarcodeGunDetector, keys: { key: string; time: number }[]): (string | null)[] {
  return keys.map((stroke) => detector.key(stroke)).filter((code) => code !== null);
}

describe('the gun-versus-typing rule', () => {
  it('takes 13 digits and Enter 5 ms apart as a scan', () => {
    expect(feed(new BarcodeGunDetector(), strokes('2100042012349', 5))).toEqual(['2100042012349']);
  });

  it('takes keys just under 30 ms apart, not at 30 ms', () => {
    expect(feed(new BarcodeGunDetector(), strokes('2100042012349', 29))).toEqual(['2100042012349']);
    expect(feed(new BarcodeGunDetector(), strokes('2100042012349', 30))).toEqual([]);
  });

  it('takes a gun whose keys a busy computer delivers with jitter (27 and 45 ms gaps, under 30 on average)', () => {
    const jitter = [13, 5, 1, 7, 45, 1, 1, 27, 1, 20, 1, 1, 2, 4];
    expect(feed(new BarcodeGunDetector(), strokes('2100042012349', jitter))).toEqual(['2100042012349']);
  });

  it('does not take a person typing the same code, even quickly (80 ms a key)', () => {
    expect(feed(new BarcodeGunDetector(), strokes('2100042012349', 80))).toEqual([]);
    expect(feed(new BarcodeGunDetector(), strokes('2100042012349', 45))).toEqual([]);
    // Rolled keys now and then do not make a person a gun: 10 ms and 60 ms in turn is 35 ms on average.
    const rolled = Array.from({ length: 14 }, (_, index) => (index % 2 === 0 ? 10 : 60));
    expect(feed(new BarcodeGunDetector(), strokes('2100042012349', rolled))).toEqual([]);
  });

  it('does not take a burst of two rolled keys in typing, nor a short quick burst', () => {
    // A person's 9822012345: mostly slow, two keys rolled 10 ms apart.
    const person = strokes('9822012345', [120, 10, 150, 130, 90, 140, 110, 100, 160, 120]);
    expect(feed(new BarcodeGunDetector(), person)).toEqual([]);
    expect(feed(new BarcodeGunDetector(), strokes('1.5', 3))).toEqual([]);
  });

  it('takes a scan right after a person typed (the slow keys before are not part of it)', () => {
    const typed = strokes('12', 150, 0).slice(0, 2);
    const scan = strokes('2100042012349', 4, 2000);
    expect(feed(new BarcodeGunDetector(), [...typed, ...scan])).toEqual(['2100042012349']);
  });

  it('does not take a scan whose Enter came late (a person pressed it)', () => {
    const keys = strokes('2100042012349', 4);
    const enter = keys[keys.length - 1] as { key: string; time: number };
    enter.time += 300;
    expect(feed(new BarcodeGunDetector(), keys)).toEqual([]);
  });

  it('ignores Shift in a code, and an arrow key ends it', () => {
    const detector = new BarcodeGunDetector();
    const keys = strokes('ABC12345', 3).flatMap((stroke) =>
      stroke.key === 'Enter' ? [stroke] : [{ key: 'Shift', time: stroke.time }, stroke],
    );
    expect(feed(detector, keys)).toEqual(['ABC12345']);
    const broken = strokes('2100042012349', 3);
    broken.splice(8, 0, { key: 'ArrowLeft', time: (broken[7]?.time ?? 0) + 1 });
    expect(feed(new BarcodeGunDetector(), broken)).toEqual([]);
  });
});

describe('scans on the page', () => {
  let stop: () => void = () => undefined;
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });

  /** Keys dispatched to `target` with given timestamps (jsdom lets a test set them). */
  function press(target: EventTarget, key: string, time: number): KeyboardEvent {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    Object.defineProperty(event, 'timeStamp', { value: time });
    target.dispatchEvent(event);
    // A key typed into a field changes its text, as the browser would after keydown.
    if (!event.defaultPrevented && key.length === 1 && target instanceof HTMLInputElement) target.value += key;
    return event;
  }

  it('gives the code, takes the Enter from the screen and gives the field its text back', () => {
    const scanned: string[] = [];
    const input = document.createElement('input');
    input.value = '1.2';
    document.body.append(input);
    const seenByScreen: string[] = [];
    document.addEventListener('keydown', (event) => seenByScreen.push(event.key));
    stop = listenForScans({ onScan: (code) => scanned.push(code), accepts: (code) => /^\d{13}$/.test(code) });
    const times = (start: number) => Array.from({ length: 14 }, (_, index) => start + index * 4);
    const at = times(5000);
    for (const [index, key] of [...'2100042012349'].entries()) press(input, key, at[index] ?? 0);
    const enter = press(input, 'Enter', at[13] ?? 0);
    expect(scanned).toEqual(['2100042012349']);
    expect(enter.defaultPrevented).toBe(true);
    expect(seenByScreen).not.toContain('Enter');
    expect(input.value).toBe('1.2');
  });

  it('leaves a quick code the screen does not take as typed keys, Enter included', () => {
    const scanned: string[] = [];
    const input = document.createElement('input');
    document.body.append(input);
    stop = listenForScans({ onScan: (code) => scanned.push(code), accepts: (code) => /^\d{13}$/.test(code) });
    for (const [index, key] of [...'9822012345'].entries()) press(input, key, 100 + index * 4);
    const enter = press(input, 'Enter', 140);
    expect(scanned).toEqual([]);
    expect(enter.defaultPrevented).toBe(false);
    expect(input.value).toBe('9822012345');
  });
});
