import { describe, expect, it } from 'vitest';
import {
  ALIASES_MAX_COUNT,
  type AliasProblem,
  hasFuzzyWord,
  isSearchMatch,
  normaliseSearchText,
  parseAliases,
  productSearchText,
} from './search.js';

describe('normaliseSearchText', () => {
  it('folds case, Latin accents and white space', () => {
    expect(normaliseSearchText('  Crème   BRÛLÉE\tJalapeño ')).toBe('creme brulee jalapeno');
  });

  it('folds the Devanagari nukta, precomposed or combining, and keeps vowel signs', () => {
    const precomposed = 'प्या\u095B';
    const combining = 'प्याज\u093C';
    expect(normaliseSearchText(precomposed)).toBe('प्याज');
    expect(normaliseSearchText(combining)).toBe('प्याज');
    expect(normaliseSearchText('प्याज')).toBe('प्याज');
    expect(normaliseSearchText('आलू')).toBe('आलू');
    expect(normaliseSearchText('भिंडी')).toBe('भिंडी');
  });

  it('keeps punctuation and wildcards as text', () => {
    expect(normaliseSearchText('100% Pure_Ghee \\')).toBe('100% pure_ghee \\');
  });
});

describe('isSearchMatch over productSearchText', () => {
  const potato = productSearchText(['Potato', 'आलू', 'aloo', 'batata', null]);

  it('finds a product by any of its names, folded, in English, Devanagari or Hindi in Latin letters', () => {
    expect(potato).toBe('potato\nआलू\naloo\nbatata');
    expect(isSearchMatch(potato, 'ALOO')).toBe(true);
    expect(isSearchMatch(potato, ' आलू ')).toBe(true);
    expect(isSearchMatch(potato, 'tat')).toBe(true);
    expect(isSearchMatch(productSearchText(['Onion', 'प्याज़']), 'प्याज')).toBe(true);
    expect(isSearchMatch(potato, 'tomato')).toBe(false);
  });

  it('keeps a match inside one name, and matches everything with nothing typed', () => {
    expect(isSearchMatch(potato, 'potato आलू')).toBe(false);
    expect(isSearchMatch(potato, '  ')).toBe(true);
  });
});

describe('hasFuzzyWord', () => {
  it('needs a word of five letters or more', () => {
    expect(hasFuzzyWord('aloo')).toBe(false);
    expect(hasFuzzyWord('red tomatos')).toBe(true);
    expect(hasFuzzyWord('bananna')).toBe(true);
    expect(hasFuzzyWord('टमाटर')).toBe(true);
    expect(hasFuzzyWord('a b c d e')).toBe(false);
  });
});

describe('parseAliases', () => {
  it('trims, drops empty entries and folds repeats ignoring case', () => {
    const problems: AliasProblem[] = [];
    expect(parseAliases(' aloo , आलू,, Aloo,  batata  aloo ,', problems)).toEqual(['aloo', 'आलू', 'batata aloo']);
    expect(problems).toEqual([]);
  });

  it('reports names that are too long and too many names', () => {
    const problems: AliasProblem[] = [];
    parseAliases(`ok, ${'x'.repeat(61)}`, problems);
    expect(problems).toEqual([{ code: 'otherNameTooLong', values: { max: 60, start: 'x'.repeat(20) } }]);
    const many: AliasProblem[] = [];
    parseAliases(Array.from({ length: ALIASES_MAX_COUNT + 1 }, (_, i) => `name ${i}`).join(','), many);
    expect(many).toEqual([{ code: 'tooManyOtherNames', values: { max: 20 } }]);
    const exactly: AliasProblem[] = [];
    expect(parseAliases(Array.from({ length: 20 }, (_, i) => `n${i}`).join(','), exactly)).toHaveLength(20);
    expect(exactly).toEqual([]);
  });
});
