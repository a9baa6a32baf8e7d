/**
 * A shopper's own answers kept on this browser for reading offline (issue 42, decision 0041): the
 * last list of their orders and their saved addresses. The service worker keeps no shopper's
 * answer (it cannot tell whose an answer is), so the page keeps them, in local storage under the
 * shopper's id: written each time they are read from the server, read back only for that same
 * shopper, and forgotten as soon as the session says no one or someone else (register-worker.ts).
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { errorMessages } from '../api-client';
import { formatAsOf } from '../i18n';
import { translate } from '../i18n/texts';
import { keptAnswersTexts as x } from './kept-answers.texts';
import { keepAnswer, readKeptAnswer } from './kept-store';

/** A failure before any answer: the fetch itself failed (no network, or a signal too weak to answer). */
export const isNetworkFailure = (error: unknown): boolean => error instanceof TypeError;

/** A read that found no network: it failed for want of one, or waits for one to try again. */
export function isWithoutNetwork(query: Pick<UseQueryResult, 'fetchStatus' | 'error' | 'failureReason'>): boolean {
  return query.fetchStatus === 'paused' || isNetworkFailure(query.error) || isNetworkFailure(query.failureReason);
}

/** What went wrong, in plain words: "you are offline" for a request that found no network, else the server's messages. */
export function plainErrorMessages(error: unknown): string[] {
  return isNetworkFailure(error) ? [translate(x.noNetwork)] : errorMessages(error);
}

/** "07:10", with the day when it was not today (shop time, as the offline banner says it). */
export const formatKeptAt = formatAsOf;

export interface KeptQuery<T> {
  /** The server's answer; offline, the last one read this visit or kept on this browser. */
  data: T | undefined;
  /** Offline, when the answer shown was read from the server (null: none, or online). */
  keptAt: number | null;
  /** The read found no network (offline, or a signal too weak to answer). */
  isOffline: boolean;
  isPending: boolean;
  /** The server answered (online). */
  isSuccess: boolean;
  /** The server failed (never set for a missing network). */
  isError: boolean;
  refetch: UseQueryResult<T>['refetch'];
}

/**
 * A shopper's read with its kept copy: each answer from the server is kept as `name`; when the read
 * finds no network (failed, or paused until the network returns), the answer shown is the last one
 * this page read or, failing that, the one kept for this shopper, with when it was read.
 */
export function useKeptQuery<T>(name: string, query: UseQueryResult<T>, userId: string | undefined): KeptQuery<T> {
  const { data, dataUpdatedAt, fetchStatus, error, failureReason, isPending, isSuccess, isError, refetch } = query;
  useEffect(() => {
    if (userId && data !== undefined && dataUpdatedAt > 0) keepAnswer(userId, name, data, dataUpdatedAt);
  }, [userId, name, data, dataUpdatedAt]);
  const isOffline = isWithoutNetwork({ fetchStatus, error, failureReason });
  const kept = useMemo(
    () => (isOffline && data === undefined && userId ? readKeptAnswer<T>(userId, name) : null),
    [isOffline, data, userId, name],
  );
  if (!isOffline) return { data, keptAt: null, isOffline, isPending, isSuccess, isError, refetch };
  const shown = data !== undefined ? { data, keptAt: dataUpdatedAt } : kept;
  return {
    data: shown?.data,
    keptAt: shown?.keptAt ?? null,
    isOffline,
    isPending: false,
    isSuccess: false,
    isError: false,
    refetch,
  };
}
