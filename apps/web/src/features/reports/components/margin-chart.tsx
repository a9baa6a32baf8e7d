/**
 * The daily margin as a small inline SVG bar chart: a bar per day above the zero line for a
 * margin, below it (red) for a loss. The picture is described in words for a screen reader, and
 * each bar names its day and margin on hover.
 */
import type { MarginDay } from '@mandi/shared/schemas';
import { useT } from '../../../lib/i18n';
import { reportsTexts as x } from '../reports.texts';
import { formatDay, formatSignedRupees } from './format';

/** The drawing's own units: it scales to the width it is given, keeping its shape (text stays upright). */
const WIDTH = 360;
const HEIGHT = 110;
const LABELS = 22;

export function MarginChart({ days, from, to }: { days: readonly MarginDay[]; from: string; to: string }) {
  const t = useT();
  if (!days.length) return null;
  const margins = days.map((day) => day.margin);
  const high = Math.max(0, ...margins);
  const low = Math.min(0, ...margins);
  const span = high - low || 1;
  const zero = (high / span) * HEIGHT;
  const slot = WIDTH / days.length;
  const bar = Math.min(slot * 0.7, 36);
  // Every day is labelled on a short range; a long one names about ten days.
  const every = Math.max(1, Math.ceil(days.length / 10));
  return (
    <figure className="card p-4">
      <figcaption className="mb-2 text-base font-semibold text-stone-900">{t(x.chartTitle)}</figcaption>
      <svg
        role="img"
        aria-label={t(x.chartLabel, {
          from: formatDay(from),
          to: formatDay(to),
          high: formatSignedRupees(Math.max(...margins)),
          low: formatSignedRupees(Math.min(...margins)),
        })}
        viewBox={`0 0 ${WIDTH} ${HEIGHT + LABELS}`}
        className="h-auto w-full max-w-2xl"
      >
        {days.map((day, index) => {
          const size = (Math.abs(day.margin) / span) * HEIGHT;
          const x0 = index * slot + (slot - bar) / 2;
          return (
            <g key={day.date}>
              <rect
                x={x0}
                y={day.margin >= 0 ? zero - size : zero}
                width={bar}
                height={Math.max(size, day.margin === 0 ? 0 : 1)}
                className={day.margin >= 0 ? 'fill-green-700' : 'fill-red-700'}
              >
                <title>{t(x.chartDay, { date: formatDay(day.date), margin: formatSignedRupees(day.margin) })}</title>
              </rect>
              {index % every === 0 && (
                <text
                  x={x0 + bar / 2}
                  y={HEIGHT + 16}
                  textAnchor="middle"
                  className="fill-stone-700"
                  style={{ fontSize: 11 }}
                >
                  {day.date.slice(8)}
                </text>
              )}
            </g>
          );
        })}
        <line x1={0} x2={WIDTH} y1={zero} y2={zero} className="stroke-stone-500" strokeWidth={1} />
      </svg>
    </figure>
  );
}
