/**
 * How each kind of scale talks (contract "The scale and barcodes"), pure: the serial settings a
 * profile starts from, the bytes that ask for a weight, tare or zero it, and a decoder that turns
 * the bytes as they arrive (split or joined in any way) into readings.
 *
 * - `toledo-8217` (9600 baud, 7 data bits, even parity): `W` asks; the answer is `<STX>` + weight +
 *   optional `N` (net) + `<CR>` when the weight is steady, else `<STX>?` + a status byte (bit 0 in
 *   motion, bit 1 over capacity, bit 2 under zero). A weight without a point has 3 implied
 *   decimals (kg). `Z` zeroes; the protocol has no tare.
 * - `continuous` (9600 8N1): the scale streams lines like `ST,NT,+  12.350kg` (`ST` steady, `US`
 *   unsteady, `OL` overload; `GS`/`NT` gross or net). `T` tares, `Z` zeroes (A&D style, `\r\n`).
 * - `adam` (4800 8N1): `P\r\n` asks; the answer is `12.350kg` with no steadiness flag (the repeated
 *   reading rule decides). `T\r\n` tares, `Z\r\n` zeroes.
 * - `custom`: the device's `command` (escapes as `unescapeCommand`) asks, when there is one; each
 *   line is read with `pattern`, a regular expression with the named group `weight` and optionally
 *   `unit` and `stable`. When the pattern has a `stable` group, a line is steady when that group
 *   matched some text; without one, the repeated reading rule decides.
 */
import type { CounterScale } from '@mandi/shared/schemas';
import { asciiBytes, unescapeCommand } from './byte-link';

export type ScaleSettings = CounterScale;
export type ScaleProfile = ScaleSettings['profile'];
export const SCALE_PROFILES: readonly ScaleProfile[] = ['toledo-8217', 'continuous', 'adam', 'custom'];

/** What one answer of the scale says. Weights are whole grams (thousandths of a kg). */
export type ScaleReading =
  | {
      kind: 'weight';
      grams: number;
      /** The scale's display step (grams): one unit of its last shown digit. */
      division: number;
      /** What the scale says of it: steady, moving, or null when it does not say. */
      stable: boolean | null;
      net: boolean;
    }
  | { kind: 'motion' }
  | { kind: 'overload' }
  | { kind: 'underZero' }
  /** A weight in another unit than kg or g (lb): the scale must be set to kg. */
  | { kind: 'otherUnit'; unit: string }
  /** An answer this profile cannot read (shown on the settings page for a custom profile). */
  | { kind: 'unreadable' };

export interface DecodedChunk {
  readings: ScaleReading[];
  /** The complete records or lines of the chunk, as sent (for the settings page). */
  lines: string[];
}

export interface ScaleProtocol {
  /** Bytes that ask for one weight, or null for a scale that streams on its own. */
  poll: Uint8Array | null;
  tare: Uint8Array | null;
  zero: Uint8Array | null;
  /** A new decoder: feed it the text of each chunk as it arrives; it keeps what is not complete yet. */
  decoder(): (text: string) => DecodedChunk;
}

/** The serial settings each profile starts from (the settings page fills them in). */
export const PROFILE_DEFAULTS: Record<ScaleProfile, Omit<ScaleSettings, 'profile'>> = {
  'toledo-8217': { baudRate: 9600, dataBits: 7, parity: 'even', stopBits: 1 },
  continuous: { baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 },
  adam: { baudRate: 4800, dataBits: 8, parity: 'none', stopBits: 1 },
  custom: { baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1, command: '', pattern: '' },
};

/** Settings of a profile with its defaults. */
export function profileSettings(profile: ScaleProfile): ScaleSettings {
  return { profile, ...PROFILE_DEFAULTS[profile] };
}

/** The decimal text of a weight ("12.350", "01234" with implied decimals) as grams and the display step. */
function gramsOf(
  number: string,
  unit: string,
  impliedDecimals = 0,
): { grams: number; division: number } | { otherUnit: string } | null {
  let digits = number.replace(',', '.');
  if (!/^(\d+\.?\d*|\.\d+)$/.test(digits)) return null;
  if (!digits.includes('.') && impliedDecimals > 0) {
    const padded = digits.padStart(impliedDecimals + 1, '0');
    digits = `${padded.slice(0, -impliedDecimals)}.${padded.slice(-impliedDecimals)}`;
  }
  const [whole = '', fraction = ''] = digits.split('.');
  const lower = unit.trim().toLowerCase();
  if (lower === 'g' || lower === 'gm' || lower === 'gms' || lower === 'gr') {
    return { grams: Math.round(Number(`${whole || '0'}.${fraction || '0'}`)), division: 1 };
  }
  if (lower !== '' && lower !== 'kg' && lower !== 'kgs') return { otherUnit: unit.trim() };
  const places = Math.min(fraction.length, 3);
  const thousandths = Math.round(Number(`${whole || '0'}.${fraction || '0'}`) * 1000);
  return { grams: thousandths, division: 10 ** (3 - places) };
}

/** A reading from a sign, a number and a unit (a negative weight is under zero, never a weight). */
function weightReading(
  sign: string,
  number: string,
  unit: string,
  stable: boolean | null,
  net: boolean,
  impliedDecimals = 0,
): ScaleReading {
  const read = gramsOf(number, unit, impliedDecimals);
  if (read === null) return { kind: 'unreadable' };
  if ('otherUnit' in read) return { kind: 'otherUnit', unit: read.otherUnit };
  if (sign === '-' && read.grams > 0) return { kind: 'underZero' };
  return { kind: 'weight', grams: read.grams, division: read.division, stable, net };
}

/** Splits text into lines ended by CR, LF or CR LF, keeping the unfinished rest between chunks. */
function lineSplitter(): (text: string) => string[] {
  let rest = '';
  return (text) => {
    rest += text;
    const lines: string[] = [];
    for (;;) {
      const end = rest.search(/[\r\n]/);
      if (end < 0) break;
      const line = rest.slice(0, end);
      rest = rest.slice(end + 1);
      if (line.trim() !== '') lines.push(line);
    }
    // A line that never ends (a wrong profile) is not kept for ever.
    if (rest.length > 256) {
      lines.push(rest);
      rest = '';
    }
    return lines;
  };
}

// Toledo 8217 -----------------------------------------------------------------------------------

const STX = '\x02';

/** One Toledo record's body (between `<STX>` and `<CR>`). */
export function readToledoRecord(body: string): ScaleReading {
  if (body.startsWith('?')) {
    const status = body.charCodeAt(1);
    if (Number.isNaN(status)) return { kind: 'unreadable' };
    if (status & 0b010) return { kind: 'overload' };
    if (status & 0b100) return { kind: 'underZero' };
    if (status & 0b001) return { kind: 'motion' };
    return { kind: 'unreadable' };
  }
  const match = /^\s*([+-])?\s*([\d.]+)\s*(N)?\s*$/.exec(body);
  if (!match) return { kind: 'unreadable' };
  const [, sign = '', number = '', net] = match;
  // The scale sends a weight only when it is steady: anything else is a status record.
  return weightReading(sign, number, 'kg', true, net === 'N', 3);
}

const toledo: ScaleProtocol = {
  poll: asciiBytes('W'),
  tare: null,
  zero: asciiBytes('Z'),
  decoder() {
    let rest = '';
    return (text) => {
      rest += text;
      const readings: ScaleReading[] = [];
      const lines: string[] = [];
      for (;;) {
        const start = rest.indexOf(STX);
        if (start < 0) {
          // Nothing of a record yet: whatever came is noise (kept visible for the settings page).
          if (rest.includes('\r')) {
            lines.push(rest.slice(0, rest.indexOf('\r') + 1));
            rest = rest.slice(rest.indexOf('\r') + 1);
            continue;
          }
          if (rest.length > 64) rest = '';
          break;
        }
        const end = rest.indexOf('\r', start);
        if (end < 0) {
          rest = rest.slice(start);
          break;
        }
        const record = rest.slice(start, end + 1);
        rest = rest.slice(end + 1);
        lines.push(record);
        readings.push(readToledoRecord(record.slice(1, -1)));
      }
      return { readings, lines };
    };
  },
};

// Continuous (ST/US/OL lines) -------------------------------------------------------------------

/** One streamed line: `ST,NT,+  12.350kg`, `US,GS,+  0.105kg`, `OL,GS,+ 99.999kg`. */
export function readContinuousLine(line: string): ScaleReading {
  const match = /^\s*(ST|US|OL)\s*,\s*(?:(GS|NT|TR|GR|NET|GROSS)\s*,?)?\s*([+-])?\s*([\d.,]*)\s*([a-zA-Z]*)\s*$/i.exec(
    line,
  );
  if (!match) return { kind: 'unreadable' };
  const [, state = '', kind = '', sign = '', number = '', unit = ''] = match;
  if (state.toUpperCase() === 'OL') return { kind: 'overload' };
  if (number === '') return { kind: 'unreadable' };
  return weightReading(sign, number, unit, state.toUpperCase() === 'ST', /^N/i.test(kind));
}

function lineProtocol(read: (line: string) => ScaleReading, commands: Omit<ScaleProtocol, 'decoder'>): ScaleProtocol {
  return {
    ...commands,
    decoder() {
      const split = lineSplitter();
      return (text) => {
        const lines = split(text);
        return { readings: lines.map(read), lines };
      };
    },
  };
}

const continuous = lineProtocol(readContinuousLine, {
  poll: null,
  tare: asciiBytes('T\r\n'),
  zero: asciiBytes('Z\r\n'),
});

// Adam --------------------------------------------------------------------------------------------

/** One Adam answer: `12.350kg`, `-  0.005 kg`, `O-L` (some models prefix `ST,GS,` as the continuous format). */
export function readAdamLine(line: string): ScaleReading {
  if (/^\s*(ST|US|OL)\s*,/i.test(line)) return readContinuousLine(line);
  if (/O\s*-?\s*L|OVER/i.test(line)) return { kind: 'overload' };
  const match = /^\s*([+-])?\s*([\d.,]+)\s*([a-zA-Z]*)\s*$/.exec(line);
  if (!match) return { kind: 'unreadable' };
  const [, sign = '', number = '', unit = ''] = match;
  return weightReading(sign, number, unit, null, false);
}

const adam = lineProtocol(readAdamLine, {
  poll: asciiBytes('P\r\n'),
  tare: asciiBytes('T\r\n'),
  zero: asciiBytes('Z\r\n'),
});

// Custom --------------------------------------------------------------------------------------------

/** A custom profile's pattern, or why it cannot be used (null pattern: none typed yet). */
export function customPattern(pattern: string | undefined): RegExp | { problem: 'empty' | 'invalid' | 'noWeight' } {
  if (!pattern) return { problem: 'empty' };
  let regex: RegExp;
  try {
    regex = new RegExp(pattern);
  } catch {
    return { problem: 'invalid' };
  }
  return pattern.includes('(?<weight>') ? regex : { problem: 'noWeight' };
}

/** One line read with a custom pattern: `weight` (a sign and a number, or an overload word), `unit`, `stable`. */
export function readCustomLine(line: string, pattern: RegExp): ScaleReading {
  const match = pattern.exec(line);
  const weight = match?.groups?.weight;
  if (!match || weight === undefined) return { kind: 'unreadable' };
  if (/O\s*-?\s*L|OVER/i.test(weight)) return { kind: 'overload' };
  const parts = /^\s*([+-])?\s*([\d.,]+)\s*$/.exec(weight);
  if (!parts) return { kind: 'unreadable' };
  const hasStableGroup = pattern.source.includes('(?<stable>');
  const stable = hasStableGroup ? Boolean(match.groups?.stable) : null;
  return weightReading(parts[1] ?? '', parts[2] ?? '', match.groups?.unit ?? 'kg', stable, false);
}

/** The protocol of a device's scale settings. */
export function scaleProtocol(settings: ScaleSettings): ScaleProtocol {
  if (settings.profile === 'toledo-8217') return toledo;
  if (settings.profile === 'continuous') return continuous;
  if (settings.profile === 'adam') return adam;
  const pattern = customPattern(settings.pattern);
  const command = unescapeCommand(settings.command ?? '');
  return lineProtocol((line) => ('problem' in pattern ? { kind: 'unreadable' } : readCustomLine(line, pattern)), {
    poll: command ? asciiBytes(command) : null,
    tare: null,
    zero: null,
  });
}
