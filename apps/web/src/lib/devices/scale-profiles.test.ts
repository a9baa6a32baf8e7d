/**
 * Each scale profile against byte streams as the scales send them (contract "The scale and
 * barcodes"): steady, unsteady, net, overload, under zero, and the same bytes split across chunks
 * or several records joined in one, read through the reader over the in-memory link.
 */
import { describe, expect, it } from 'vitest';
import { asciiBytes, unescapeCommand, visibleText } from './byte-link';
import { profileSettings, type ScaleReading, type ScaleSettings, scaleProtocol } from './scale-profiles';
import { ScaleReader } from './scale-reader';
import { manualClock, memoryLink } from './test-memory-link';

/** Every reading of a stream fed in the given chunks. */
function readAll(settings: ScaleSettings, chunks: readonly string[]): ScaleReading[] {
  const decode = scaleProtocol(settings).decoder();
  return chunks.flatMap((chunk) => decode(chunk).readings);
}

/** The stream cut into chunks of `size` characters (a UART's timing splits records anywhere). */
const cut = (stream: string, size: number) => stream.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];

const weight = (grams: number, stable: boolean | null, net = false, division = 1) => ({
  kind: 'weight',
  grams,
  division,
  stable,
  net,
});

describe('toledo-8217', () => {
  const toledo = profileSettings('toledo-8217');
  // Recorded answers to W: in motion (status ? + 0x61: bit 0), then 1.234 kg steady, the same
  // net, over capacity (0x62: bit 1), under zero (0x64: bit 2), and a 5-digit weight with implied decimals.
  const STREAM = '\x02?a\r\x0201.234\r\x0201.234N\r\x02?b\r\x02?d\r\x0201234\r';
  const EXPECTED = [
    { kind: 'motion' },
    weight(1234, true),
    weight(1234, true, true),
    { kind: 'overload' },
    { kind: 'underZero' },
    weight(1234, true),
  ];

  it('reads steady, net, motion, overload and under-zero records', () => {
    expect(readAll(toledo, [STREAM])).toEqual(EXPECTED);
  });

  it('reads the same records split into any chunks, or joined', () => {
    for (const size of [1, 2, 3, 5, 7, 64])
      expect(readAll(toledo, cut(STREAM, size)), `chunks of ${size}`).toEqual(EXPECTED);
  });

  it('asks with W, zeroes with Z, has no tare, and starts at 9600 7E1', () => {
    const protocol = scaleProtocol(toledo);
    expect(protocol.poll).toEqual(asciiBytes('W'));
    expect(protocol.zero).toEqual(asciiBytes('Z'));
    expect(protocol.tare).toBeNull();
    expect(toledo).toMatchObject({ baudRate: 9600, dataBits: 7, parity: 'even', stopBits: 1 });
  });

  it('skips noise before a record, and reads a weight with two decimals to its 10 g division', () => {
    expect(readAll(toledo, ['\x00\xff', 'garbage\r\x02 2.50\r'])).toEqual([weight(2500, true, false, 10)]);
  });
});

describe('continuous', () => {
  const continuous = profileSettings('continuous');
  const STREAM =
    'US,GS,+  1.100kg\r\nST,GS,+  1.234kg\r\nST,NT,+  12.350kg\r\nOL,GS,+ 99.999kg\r\nST,GS,-  0.005kg\r\nST,GS,+   950g\r\n';
  const EXPECTED = [
    weight(1100, false),
    weight(1234, true),
    weight(12_350, true, true),
    { kind: 'overload' },
    { kind: 'underZero' },
    weight(950, true),
  ];

  it('reads ST steady, US unsteady, NT net, OL overload, a negative weight as under zero, grams', () => {
    expect(readAll(continuous, [STREAM])).toEqual(EXPECTED);
  });

  it('reads the stream split into any chunks, or joined', () => {
    for (const size of [1, 4, 9, 17, 200])
      expect(readAll(continuous, cut(STREAM, size)), `chunks of ${size}`).toEqual(EXPECTED);
  });

  it('streams without being asked, tares and zeroes', () => {
    const protocol = scaleProtocol(continuous);
    expect(protocol.poll).toBeNull();
    expect(protocol.tare).toEqual(asciiBytes('T\r\n'));
    expect(protocol.zero).toEqual(asciiBytes('Z\r\n'));
  });

  it('says when the scale weighs in another unit', () => {
    expect(readAll(continuous, ['ST,GS,+  2.500lb\r\n'])).toEqual([{ kind: 'otherUnit', unit: 'lb' }]);
  });
});

describe('adam', () => {
  const adam = profileSettings('adam');
  const STREAM = '  12.350kg\r\n-  0.020 kg\r\nO-L\r\n  0.500 kg\r\n';
  const EXPECTED = [weight(12_350, null), { kind: 'underZero' }, { kind: 'overload' }, weight(500, null)];

  it('reads weights without a steadiness flag (the repeated reading rule decides), under zero and overload', () => {
    expect(readAll(adam, [STREAM])).toEqual(EXPECTED);
    for (const size of [1, 3, 11]) expect(readAll(adam, cut(STREAM, size)), `chunks of ${size}`).toEqual(EXPECTED);
  });

  it('asks with P, tares and zeroes, at 4800 8N1', () => {
    const protocol = scaleProtocol(adam);
    expect(protocol.poll).toEqual(asciiBytes('P\r\n'));
    expect(protocol.tare).toEqual(asciiBytes('T\r\n'));
    expect(adam).toMatchObject({ baudRate: 4800, dataBits: 8, parity: 'none' });
  });
});

describe('custom', () => {
  const custom: ScaleSettings = {
    ...profileSettings('custom'),
    command: '\\x05',
    pattern: '^(?<stable>S)?\\s*W:\\s*(?<weight>[-+]?[\\d.]+)\\s*(?<unit>kg|g)$',
  };

  it('reads lines with the pattern: weight, unit, and stable when its group matched', () => {
    expect(readAll(custom, ['S W: 1.234kg\nW: 1.240kg\nS W: 800g\nS W: -0.010kg\nhello\n'])).toEqual([
      weight(1234, true),
      weight(1240, false),
      weight(800, true),
      { kind: 'underZero' },
      { kind: 'unreadable' },
    ]);
  });

  it('asks with its command (escapes as bytes) and leaves steadiness to the rule without a stable group', () => {
    expect(scaleProtocol(custom).poll).toEqual(Uint8Array.of(5));
    const plain = { ...custom, command: '', pattern: '(?<weight>[\\d.]+)' };
    expect(scaleProtocol(plain).poll).toBeNull();
    expect(readAll(plain, ['12.5\r'])).toEqual([weight(12_500, null, false, 100)]);
  });

  it('reads nothing with a pattern that has no weight group', () => {
    expect(readAll({ ...custom, pattern: '([\\d.]+)' }, ['1.000\n'])).toEqual([{ kind: 'unreadable' }]);
  });
});

describe('the reader over a link', () => {
  it('asks the Toledo scale every poll and takes a weight only once it is steady', async () => {
    const clock = manualClock();
    let moving = true;
    const link = memoryLink({ answer: (sent) => (sent === 'W' ? (moving ? '\x02?a\r' : '\x0201.234\r') : null) });
    const reader = new ScaleReader(link, profileSettings('toledo-8217'), clock, 200);
    reader.start();
    let taken: number | null = null;
    void reader.nextSteady().then((weight) => {
      taken = weight.grams;
    });
    for (let i = 0; i < 5; i++) {
      clock.advance(200);
      await Promise.resolve();
    }
    expect(reader.state.reading).toEqual({ kind: 'motion' });
    expect(taken).toBeNull();
    moving = false;
    clock.advance(200);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(taken).toBe(1234);
    expect(link.written.length).toBeGreaterThan(5);
    expect(link.written.every((sent) => sent === 'W')).toBe(true);
  });

  it('takes the first steady weight read after Weigh, not one read before it', async () => {
    const clock = manualClock();
    let grams = 1234;
    const link = memoryLink({
      answer: (sent) => (sent === 'W' ? `\x02${(grams / 1000).toFixed(3).padStart(6, '0')}\r` : null),
    });
    const reader = new ScaleReader(link, profileSettings('toledo-8217'), clock, 200);
    reader.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reader.state).toMatchObject({ steady: true, reading: { grams: 1234 } });
    // The goods changed on the scale; Weigh is pressed before the scale was asked again.
    grams = 2010;
    const taken = reader.nextSteady();
    clock.advance(200);
    await expect(taken).resolves.toEqual({ grams: 2010, net: false });
  });

  it('takes an Adam weight after the same value 3 times over 500 ms, never an under-zero or overload one', async () => {
    const clock = manualClock();
    const link = memoryLink();
    const reader = new ScaleReader(link, profileSettings('adam'), clock, 200);
    reader.start();
    let taken: number | null = null;
    void reader.nextSteady().then((weight) => {
      taken = weight.grams;
    });
    const say = async (line: string, after: number) => {
      clock.advance(after);
      link.send(line);
      await Promise.resolve();
    };
    await say('-  0.020 kg\r\n', 200);
    await say('O-L\r\n', 200);
    await say('  1.230kg\r\n', 200);
    await say('  1.234kg\r\n', 200);
    await say('  1.234kg\r\n', 200);
    await say('  1.234kg\r\n', 200);
    // Three readings of 1.234 in a row, but only 400 ms from the first to the last.
    expect(taken).toBeNull();
    await say('  1.234kg\r\n', 200);
    expect(taken).toBe(1234);
  });

  it('keeps the last raw lines, shown with their control bytes', () => {
    const link = memoryLink();
    const reader = new ScaleReader(link, profileSettings('continuous'), manualClock(), 200);
    reader.start();
    link.send('ST,GS,+  1.234kg\r\nUS,GS');
    link.send(',+  1.240kg\r\n');
    expect(reader.state.lines.map(visibleText)).toEqual(['ST,GS,+  1.234kg', 'US,GS,+  1.240kg']);
    expect(visibleText('\x0201.234N\r')).toBe('<STX>01.234N\\r');
  });

  it('sends tare and zero where the protocol has them', async () => {
    const link = memoryLink();
    const reader = new ScaleReader(link, profileSettings('continuous'), manualClock(), 200);
    await reader.tare();
    await reader.zero();
    expect(link.written).toEqual(['T\r\n', 'Z\r\n']);
    const toledo = new ScaleReader(memoryLink(), profileSettings('toledo-8217'), manualClock(), 200);
    expect(toledo.canTare).toBe(false);
    await expect(toledo.tare()).rejects.toThrow('unsupported');
  });

  it('ends a weighing when the scale goes away, or after its time', async () => {
    const clock = manualClock();
    const link = memoryLink();
    const reader = new ScaleReader(link, profileSettings('continuous'), clock, 200);
    reader.start();
    const lost = reader.nextSteady();
    link.lose();
    await expect(lost).rejects.toThrow('weighing closed');
    const other = new ScaleReader(memoryLink(), profileSettings('continuous'), clock, 200);
    other.start();
    const late = other.nextSteady({ timeoutMs: 1000 });
    clock.advance(1000);
    await expect(late).rejects.toThrow('weighing timeout');
  });

  it('reads escapes in a custom command', () => {
    expect(unescapeCommand('P\\r\\n')).toBe('P\r\n');
    expect(unescapeCommand('\\x02W\\\\')).toBe('\x02W\\');
  });
});
