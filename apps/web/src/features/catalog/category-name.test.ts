import { describe, expect, it } from 'vitest';
import { categoryNameIn } from './category-name';

describe('categoryNameIn', () => {
  const vegetables = { categoryName: 'Vegetables', categoryNameHi: 'सब्ज़ियाँ' };

  it('gives the Hindi name in Hindi and the English name in English', () => {
    expect(categoryNameIn(vegetables, 'hi')).toBe('सब्ज़ियाँ');
    expect(categoryNameIn(vegetables, 'en')).toBe('Vegetables');
  });

  it('falls back to the English name when the Hindi one is empty or unknown', () => {
    expect(categoryNameIn({ categoryName: 'Dairy', categoryNameHi: '  ' }, 'hi')).toBe('Dairy');
    expect(categoryNameIn({ categoryName: 'Dairy' }, 'hi')).toBe('Dairy');
  });
});
