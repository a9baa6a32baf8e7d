/** Suggestions as a shopper types (GET /api/product/suggest): best matches first, or the closest names. */
import { isTooShortToSuggest, SEARCH_QUERY_MAX_LENGTH } from '@mandi/shared';
import type { Suggestion, SuggestResponse } from '@mandi/shared/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type { Suggestion };

/** The text as the route takes it: trimmed, at most SEARCH_QUERY_MAX_LENGTH characters. */
export const suggestionText = (text: string) => text.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);

export const suggestionsQuery = (text: string) =>
  queryOptions({
    // Under 'products', so a catalogue change (which refreshes every product list) refreshes these too.
    queryKey: ['products', 'suggest', text],
    queryFn: async (): Promise<Suggestion[]> =>
      (await api.get<SuggestResponse>(`/api/product/suggest?q=${encodeURIComponent(text)}`)).suggestions,
    staleTime: 60_000,
  });

/** Suggestions for a text (none asked under 2 characters: the server has none); the last list stays while the next loads. */
export function useSuggestions(text: string, options: { keepPrevious?: boolean } = {}) {
  const q = suggestionText(text);
  return useQuery({
    ...suggestionsQuery(q),
    enabled: !isTooShortToSuggest(q),
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}
