/**
 * The rate board (/admin/rates, decision 0036): every product in the order the seller walks the
 * market (category, then name), 100 a page and searchable by name (`?q=&page=` in the address, as
 * the admin tables), with its rate now, the one before, its cost and a new-rate field; the margin
 * follows what is typed; Enter moves to the next row. Rates typed on one page stay typed on the
 * others. "Publish now" applies every typed rate at once, "Schedule for…" at a moment in shop time
 * (06:00 tomorrow by default); a pending change shows on its row; each row opens its history;
 * "Copy for WhatsApp" copies the day's list.
 */

import { RATE_BOARD_PAGE_SIZE } from '@mandi/shared';
import { marginPercent, rupeesToPaise } from '@mandi/shared/kernel';
import type { RateRow } from '@mandi/shared/schemas';
import { type KeyboardEvent, useRef, useState } from 'react';
import {
  ListPages,
  SearchBox,
  SearchMatches,
  useListParams,
  useStepBackWhenEmpty,
} from '../../../components/admin/admin-list';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { LoadFailed } from '../../../components/ui/load-failed';
import { errorMessages } from '../../../lib/api-client';
import { formatRupees, unitName, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminRates, usePublishRates } from '../api/rates';
import { CopyForWhatsApp } from '../components/copy-for-whatsapp';
import { formatMoment, nextSixAm, shopMomentOf, typedRate } from '../components/format-moment';
import { RateHistoryDialog } from '../components/rate-history-dialog';
import { ratesTexts as x } from '../rates.texts';

function marginText(row: RateRow, typed: string): string | null {
  const rate = typedRate(typed) ?? row.rate;
  const margin = marginPercent(rupeesToPaise(rate), row.costRate === null ? null : rupeesToPaise(row.costRate));
  return margin === null ? null : `${margin}%`;
}

/** The rows grouped by category, in the order the server gave them. */
function byCategory(rows: readonly RateRow[]): { category: string; rows: RateRow[] }[] {
  const groups: { category: string; rows: RateRow[] }[] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (last && last.category === row.category) last.rows.push(row);
    else groups.push({ category: row.category, rows: [row] });
  }
  return groups;
}

export default function RateBoardPage() {
  const t = useT();
  usePageTitle(x.boardTitle);
  const list = useListParams<never>([]);
  const { params } = list;
  const board = useAdminRates(params);
  useStepBackWhenEmpty(board.data, board.isPlaceholderData, params.page, RATE_BOARD_PAGE_SIZE, list.pageHref);
  const publish = usePublishRates();
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isScheduling, setIsScheduling] = useState(false);
  const [scheduleAt, setScheduleAt] = useState(() => nextSixAm(new Date()));
  const [historyOf, setHistoryOf] = useState<RateRow | null>(null);
  const [mode, setMode] = useState<'now' | 'schedule'>('now');
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const publishButton = useRef<HTMLButtonElement>(null);

  const rows = board.data?.items ?? [];
  const matched = board.data?.total ?? 0;
  // Every row seen on any page, so a rate typed on another page keeps its product's name.
  const seen = useRef(new Map<string, RateRow>());
  for (const row of rows) seen.current.set(row.productId, row);
  const entered = Object.entries(typed).flatMap(([productId, value]) => {
    const row = seen.current.get(productId);
    return row && value.trim() !== '' ? [row] : [];
  });
  const enteredElsewhere = entered.some((row) => !rows.some((shown) => shown.productId === row.productId));
  const showTop = () => window.scrollTo?.({ top: 0 });
  // While the next page or search loads, the rows on screen are the last ones: not typed into then.
  const isTurning = board.isPlaceholderData;

  function moveDown(event: KeyboardEvent<HTMLInputElement>, index: number) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const next = inputs.current[index + 1];
    if (next) next.focus();
    else publishButton.current?.focus();
  }

  async function send(when: 'now' | 'schedule') {
    setStatus(null);
    setProblem(null);
    setMode(when);
    if (entered.length === 0) return setProblem(t(x.nothingTyped));
    const bad = entered.find((row) => typedRate(typed[row.productId] ?? '') === null);
    if (bad) return setProblem(t(x.rateProblem, { name: bad.name }));
    const effectiveAt = when === 'schedule' ? shopMomentOf(scheduleAt) : null;
    if (when === 'schedule' && (!effectiveAt || Date.parse(effectiveAt) <= Date.now())) {
      return setProblem(t(x.scheduleProblem));
    }
    try {
      await publish.mutateAsync({
        rates: entered.map((row) => ({ productId: row.productId, rate: typedRate(typed[row.productId] ?? '') })),
        ...(effectiveAt ? { effectiveAt } : {}),
      });
      setTyped({});
      const count = entered.length;
      setStatus(
        effectiveAt
          ? t(count === 1 ? x.scheduledOne : x.scheduled, { count, moment: formatMoment(effectiveAt) })
          : t(count === 1 ? x.publishedOne : x.published, { count }),
      );
      if (effectiveAt) setIsScheduling(false);
    } catch (error) {
      setProblem(errorMessages(error).join(' '));
    }
  }

  let index = -1;
  return (
    <div className="flex flex-col gap-4">
      <AdminPageHeader title={t(x.boardTitle)} />
      <p className="text-stone-700">{t(x.boardLead)}</p>
      <CopyForWhatsApp />
      <p role="status" className={status ? 'rounded-lg bg-green-50 px-3 py-2 font-semibold text-green-800' : 'sr-only'}>
        {status}
      </p>
      {(params.q || matched > RATE_BOARD_PAGE_SIZE) && (
        <>
          <SearchBox label={t(x.searchProducts)} value={params.q} onSearch={list.setSearch} />
          {params.q && board.data && (
            <SearchMatches
              q={params.q}
              matched={matched}
              texts={{ none: x.searchNone, one: x.searchMatch, many: x.searchMatches }}
            />
          )}
        </>
      )}
      {board.isPending ? (
        <p className="text-stone-700">{t(x.loading)}</p>
      ) : board.isError ? (
        <LoadFailed message={t(x.loadFailed)} retryLabel={t(x.tryAgain)} onRetry={() => void board.refetch()} />
      ) : rows.length === 0 && !params.q ? (
        <p className="card p-5 text-stone-700">{t(x.empty)}</p>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send('now');
          }}
          className="flex flex-col gap-3"
        >
          {/* A search that finds nothing keeps the Publish bar: rates typed on other pages stay publishable. */}
          {rows.length > 0 && (
            <div className={`card overflow-hidden ${isTurning ? 'opacity-60' : ''}`} aria-busy={isTurning}>
              <table className="w-full border-collapse text-left">
                <caption className="sr-only">{t(x.boardTitle)}</caption>
                <thead className="bg-stone-50 text-sm text-stone-700">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {t(x.product)}
                    </th>
                    <th scope="col" className="px-1 py-2 font-semibold">
                      {t(x.newRate)}
                    </th>
                    <th scope="col" className="px-1 py-2 text-right font-semibold">
                      {t(x.margin)}
                    </th>
                    <th scope="col" className="px-2 py-2">
                      <span className="sr-only">{t(x.history)}</span>
                    </th>
                  </tr>
                </thead>
                {byCategory(rows).map((group) => (
                  <tbody key={group.category}>
                    <tr className="bg-green-50">
                      <th scope="colgroup" colSpan={4} className="px-3 py-1.5 text-sm font-bold text-green-900">
                        {group.category}
                      </th>
                    </tr>
                    {group.rows.map((row) => {
                      index += 1;
                      const at = index;
                      const value = typed[row.productId] ?? '';
                      const margin = marginText(row, value);
                      const isNegative = margin?.startsWith('-') ?? false;
                      return (
                        <tr key={row.productId} className="border-t border-stone-100 align-top">
                          <th scope="row" className="px-3 py-2 font-normal">
                            <span className="block font-semibold text-stone-900">{row.name}</span>
                            <span className="block text-xs text-stone-700">
                              {t(x.now, { rate: `${formatRupees(row.rate)}/${unitName(row.unit)}` })} ·{' '}
                              {row.previousRate === null
                                ? t(x.noPrevious)
                                : t(x.previous, { rate: formatRupees(row.previousRate) })}{' '}
                              · {row.costRate === null ? t(x.noCost) : t(x.cost, { rate: formatRupees(row.costRate) })}
                            </span>
                            {row.scheduled && (
                              <span className="mt-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                                {t(x.scheduledAt, {
                                  moment: formatMoment(row.scheduled.effectiveAt),
                                  rate: formatRupees(row.scheduled.rate),
                                })}
                              </span>
                            )}
                          </th>
                          <td className="px-1 py-2">
                            <input
                              ref={(element) => {
                                inputs.current[at] = element;
                              }}
                              type="text"
                              inputMode="decimal"
                              enterKeyHint="next"
                              autoComplete="off"
                              aria-label={t(x.newRateFor, { name: row.name, unit: unitName(row.unit) })}
                              placeholder={String(row.rate)}
                              readOnly={isTurning}
                              className="field-input w-20 px-2 py-1.5 text-right sm:w-28"
                              value={value}
                              onChange={(event) => setTyped((all) => ({ ...all, [row.productId]: event.target.value }))}
                              onKeyDown={(event) => moveDown(event, at)}
                            />
                          </td>
                          <td
                            className={`px-1 py-2 text-right font-semibold tabular-nums ${isNegative ? 'text-red-700' : 'text-stone-900'}`}
                            aria-label={t(x.marginFor, { name: row.name })}
                          >
                            {margin ?? t(x.noMargin)}
                          </td>
                          <td className="px-2 py-2 text-right">
                            <button
                              type="button"
                              className="text-sm font-semibold text-green-800 underline underline-offset-4"
                              aria-label={t(x.historyOf, { name: row.name })}
                              onClick={() => setHistoryOf(row)}
                            >
                              {t(x.history)}
                            </button>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                ))}
              </table>
            </div>
          )}
          {board.data && rows.length > 0 && (
            <ListPages
              noun={t(x.productsNoun)}
              page={board.data.page}
              total={board.data.total}
              pageSize={RATE_BOARD_PAGE_SIZE}
              pageHref={list.pageHref}
              onTurn={showTop}
            />
          )}
          <div className="sticky bottom-0 flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-3 shadow-lg">
            <p role="alert" className="error-text empty:hidden">
              {problem}
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <span className="w-full text-sm text-stone-700 sm:mr-auto sm:w-auto">
                {entered.length === 1 ? t(x.changedOne) : t(x.changedCount, { count: entered.length })}
                {enteredElsewhere && <span className="block text-xs">{t(x.typedElsewhere)}</span>}
              </span>
              <button ref={publishButton} type="submit" className="btn-primary" disabled={publish.isPending}>
                {publish.isPending && mode === 'now' ? t(x.publishing) : t(x.publishNow)}
              </button>
              <button
                type="button"
                className="btn-secondary"
                aria-expanded={isScheduling}
                aria-controls="rate-schedule"
                onClick={() => setIsScheduling((open) => !open)}
              >
                {t(x.scheduleFor)}
              </button>
            </div>
            {isScheduling && (
              <div id="rate-schedule" className="flex flex-wrap items-end gap-2">
                <div>
                  <label htmlFor="rate-schedule-at" className="field-label">
                    {t(x.scheduleAt)}
                  </label>
                  <input
                    id="rate-schedule-at"
                    type="datetime-local"
                    className="field-input"
                    value={scheduleAt}
                    aria-describedby="rate-schedule-hint"
                    onChange={(event) => setScheduleAt(event.target.value)}
                  />
                  <p id="rate-schedule-hint" className="text-xs text-stone-600">
                    {t(x.scheduleHint)}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn-primary"
                  disabled={publish.isPending}
                  onClick={() => void send('schedule')}
                >
                  {publish.isPending && mode === 'schedule' ? t(x.scheduling) : t(x.schedule)}
                </button>
              </div>
            )}
          </div>
        </form>
      )}
      {historyOf && (
        <RateHistoryDialog productId={historyOf.productId} name={historyOf.name} onClose={() => setHistoryOf(null)} />
      )}
    </div>
  );
}
