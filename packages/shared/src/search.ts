/**
 * Search text: how product names, aliases and shoppers' queries are folded before they are compared
 * (docs/product.md#search). The database computes the same folding for the stored side (function
 * product_search_text, migration "product aliases"); a test checks the two agree.
 */

/** Longest keyword or suggestion query, in characters. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
/**
 * Suggestions start at this many characters (code points): one letter matches most of the
 * catalogue and tells the shopper nothing, so it is answered with an empty list and no query.
 */
export const SUGGEST_MIN_LENGTH = 2;
/** At most this many suggestions, best first. */
export const SUGGESTION_LIMIT = 8;
/** Typo tolerance starts at words of this many letters; shorter words must match as typed. */
export const FUZZY_MIN_LETTERS = 5;
export const ALIAS_MAX_LENGTH = 60;
export const ALIASES_MAX_COUNT = 20;

/**
 * Combining accents of Latin letters (U+0300–U+036F) and the Devanagari nukta (U+093C). After NFD,
 * "é" is "e" + accent and the precomposed nukta letters (ज़ U+095B) are the base letter + nukta, so
 * dropping these marks folds "Crème" to "creme" and "प्याज़" to "प्याज". Devanagari vowel signs stay.
 */
const FOLDED_MARKS = /[\u0300-\u036f\u093c]/g;

/** Lower case, accents and nukta removed, runs of white space as one space, trimmed. */
export function normaliseSearchText(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(FOLDED_MARKS, '').replace(/\s+/g, ' ').trim();
}

/**
 * A product's search text, as the database keeps it (`product_search_text`): its names (name,
 * aliases, a Hindi name) each folded, one per line, so a match stays inside one name.
 */
export function productSearchText(names: readonly (string | null | undefined)[]): string {
  return names
    .filter((name): name is string => Boolean(name))
    .map(normaliseSearchText)
    .join('\n');
}

/**
 * The listing's literal match, in memory (the counter's kept catalogue, offline): the folded
 * query anywhere in the search text, as `search_text LIKE '%query%'`. Typo matches need the
 * database's trigrams and are not made here. An empty query matches everything.
 */
export function isSearchMatch(searchText: string, query: string): boolean {
  const folded = normaliseSearchText(query);
  return folded === '' || searchText.includes(folded);
}

/** Whether a query (folded or as typed, trimmed) is too short to suggest from. */
export const isTooShortToSuggest = (text: string): boolean => [...text.trim()].length < SUGGEST_MIN_LENGTH;

/** Whether a folded query has a word long enough for typo tolerance (vowel signs count as letters). */
export function hasFuzzyWord(folded: string): boolean {
  return folded.split(' ').some((word) => (word.match(/[\p{L}\p{M}\p{N}]/gu)?.length ?? 0) >= FUZZY_MIN_LETTERS);
}

/**
 * Reads an admin's comma-separated "other names": trimmed, empty entries dropped, repeats (ignoring
 * case) folded into the first. Problems are reported, not thrown, so a form shows all of them.
 */
/**
 * A problem with the other names: its message code in SERVER_MESSAGES and values (the API sends
 * the message; this module stays free of the messages, which the browser does not need).
 */
export type AliasProblem =
  | { code: 'otherNameTooLong'; values: { max: number; start: string } }
  | { code: 'tooManyOtherNames'; values: { max: number } };

export function parseAliases(text: string, problems: AliasProblem[]): string[] {
  const aliases: string[] = [];
  const seen = new Set<string>();
  for (const entry of text.split(',')) {
    const alias = entry.replace(/\s+/g, ' ').trim();
    if (!alias) continue;
    const key = alias.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    if (alias.length > ALIAS_MAX_LENGTH) {
      problems.push({ code: 'otherNameTooLong', values: { max: ALIAS_MAX_LENGTH, start: alias.slice(0, 20) } });
    }
    aliases.push(alias);
  }
  if (aliases.length > ALIASES_MAX_COUNT)
    problems.push({ code: 'tooManyOtherNames', values: { max: ALIASES_MAX_COUNT } });
  return aliases;
}
