/**
 * Keyword matching and ranking over products.search_text (name and aliases, one per line, folded
 * by product_search_text in the database and normaliseSearchText here; docs/decisions/0009-search.md).
 *
 * A product matches when the folded keyword is in its search text as plain text (LIKE with the
 * wildcards escaped), or, for a keyword with a word of 5+ letters, when pg_trgm's word similarity
 * reaches its threshold (0.6: "tomatos", "bananna"). Both are served by products_search_trgm_idx.
 * Best first: a whole name or alias, then the start of one, then the start of a word, then any
 * other literal match, then typo matches by similarity; ties by name.
 */
import { hasFuzzyWord, normaliseSearchText } from '@mandi/shared';
import { type SQL, sql } from 'drizzle-orm';
import { products } from '../../db/schema.js';

/** The placeholder values of one keyword, all derived from its folded text. */
export interface KeywordValues {
  /** The folded keyword, for word similarity. */
  searchText: string;
  /** LIKE patterns: anywhere, a whole line (name or alias), the start of a line. */
  contains: string;
  whole: string;
  start: string;
  /** A regular expression: the keyword at the start of a word. */
  wordStart: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** ASCII punctuation is all a regular expression treats specially; other characters stay as they are. */
const escapeRegex = (text: string) => text.replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`);

/** Folds a keyword; null when nothing searchable is left (then it filters nothing). */
export function keywordValues(keyword: string): { fuzzy: boolean; values: KeywordValues } | null {
  const folded = normaliseSearchText(keyword);
  if (!folded) return null;
  const like = escapeLike(folded);
  return {
    fuzzy: hasFuzzyWord(folded),
    values: {
      searchText: folded,
      contains: `%${like}%`,
      whole: `%\n${like}\n%`,
      start: `%\n${like}%`,
      wordStart: `(^|[[:space:][:punct:]])${escapeRegex(folded)}`,
    },
  };
}

const p = (name: keyof KeywordValues) => sql.placeholder(name);
const lines = sql`(chr(10) || ${products.searchText} || chr(10))`;

/** The WHERE condition of a keyword search, with or without typo tolerance. */
export function keywordMatch(fuzzy: boolean): SQL {
  const literal = sql`${products.searchText} like ${p('contains')}`;
  return fuzzy ? sql`(${literal} or ${p('searchText')}::text <% ${products.searchText})` : literal;
}

/**
 * When nothing matches, the closest names still help ("Did you mean …?"): word similarity down to
 * this, instead of pg_trgm's 0.6, for keywords of at least CLOSEST_MIN_LENGTH characters.
 */
export const CLOSEST_SIMILARITY = 0.3;
export const CLOSEST_MIN_LENGTH = 3;

/** ORDER BY of a keyword search: best match first (see the file comment). */
export function bestMatchFirst(): SQL[] {
  return [
    sql`case
      when ${lines} like ${p('whole')} then 0
      when ${lines} like ${p('start')} then 1
      when ${products.searchText} ~ ${p('wordStart')} then 2
      when ${products.searchText} like ${p('contains')} then 3
      else 4 end`,
    sql`case when ${products.searchText} like ${p('contains')} then 0
      else 1 - word_similarity(${p('searchText')}::text, ${products.searchText}) end`,
    sql`lower(${products.name})`,
    sql`${products.id}`,
  ];
}
