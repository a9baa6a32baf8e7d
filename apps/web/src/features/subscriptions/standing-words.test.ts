/** A standing order in words, in English and Hindi. */
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage, translate } from '../../lib/i18n';
import { cutoffInWords, scheduleInWords } from './standing-words';

afterEach(() => setLanguage('en', { remember: false }));

const t = translate;
const TODAY = '2026-11-26';
const schedule = (overrides: Partial<Parameters<typeof scheduleInWords>[0]>) => ({
  kind: 'daily' as const,
  weekdays: [],
  everyNDays: null,
  startDate: '2026-11-20',
  ...overrides,
});

describe('scheduleInWords', () => {
  it('says every day, Monday to Friday, chosen days Monday first, and every N days', () => {
    expect(scheduleInWords(schedule({}), TODAY, t)).toBe('Every day');
    expect(scheduleInWords(schedule({ kind: 'weekdays', weekdays: [5, 3, 1, 2, 4] }), TODAY, t)).toBe(
      'Weekdays (Mon–Fri)',
    );
    expect(scheduleInWords(schedule({ kind: 'weekdays', weekdays: [0, 3, 1] }), TODAY, t)).toBe('Every Mon, Wed, Sun');
    expect(scheduleInWords(schedule({ kind: 'weekdays', weekdays: [0, 1, 2, 3, 4, 5, 6] }), TODAY, t)).toBe(
      'Every day',
    );
    expect(scheduleInWords(schedule({ kind: 'everyNDays', everyNDays: 3 }), TODAY, t)).toBe('Every 3 days');
  });

  it('names the first day of one that has not started', () => {
    expect(scheduleInWords(schedule({ startDate: '2026-12-01' }), TODAY, t)).toBe('Every day, from Tue 1 Dec');
    expect(scheduleInWords(schedule({ startDate: TODAY }), TODAY, t)).toBe('Every day');
  });

  it('says it in Hindi', async () => {
    await setLanguage('hi', { remember: false });
    expect(scheduleInWords(schedule({ kind: 'weekdays', weekdays: [1, 3] }), TODAY, t)).toBe('हर सोम, बुध');
    expect(scheduleInWords(schedule({ kind: 'everyNDays', everyNDays: 2 }), TODAY, t)).toBe('हर 2 दिन में');
  });
});

describe('cutoffInWords', () => {
  it('says tomorrow closes tonight before the cut-off, and from when changes count after it', () => {
    expect(cutoffInWords('21:00', '2026-11-27', TODAY, t)).toBe(
      'Changes for tomorrow, Fri 27 Nov, close at 21:00 tonight.',
    );
    expect(cutoffInWords('21:00', '2026-11-28', TODAY, t)).toBe(
      'Tomorrow’s orders are closed. Changes you make now count from Sat 28 Nov; each day closes at 21:00 the evening before.',
    );
  });
});
