import { describe, expect, it } from 'vitest';
import { appendTaxFields, taxFieldValuesOf } from './tax-fields';

describe('tax fields', () => {
  it('sends only what was filled in, trimmed, so an empty field takes the category default', () => {
    const empty = new FormData();
    appendTaxFields(empty, { hsnCode: '  ', gstRate: '' });
    expect([...empty.keys()]).toEqual([]);
    const filled = new FormData();
    appendTaxFields(filled, { hsnCode: ' 0405 ', gstRate: '0' });
    expect([...filled.entries()]).toEqual([
      ['hsnCode', '0405'],
      ['gstRate', '0'],
    ]);
  });

  it('reads a saved product’s code and rate, 0 % included', () => {
    expect(taxFieldValuesOf({ hsnCode: '0702', gstRate: 0 })).toEqual({ hsnCode: '0702', gstRate: '0' });
    expect(taxFieldValuesOf({})).toEqual({ hsnCode: '', gstRate: '' });
  });
});
