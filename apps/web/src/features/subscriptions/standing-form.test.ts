/** The standing order form's rules, in the order the form shows its fields, and the body it sends. */
import { describe, expect, it } from 'vitest';
import { translate as t } from '../../lib/i18n';
import { type StandingFormValues, standingBody, standingProblems, templateIdOfSlot } from './standing-form';

describe('the standing order form', () => {
  const values = (overrides: Partial<StandingFormValues> = {}): StandingFormValues => ({
    productId: 'p-milk',
    quantity: 1,
    kind: 'daily',
    weekdays: [1, 2, 3, 4, 5],
    everyNDays: '2',
    startDate: '2026-11-27',
    addressId: 'a-1',
    slotTemplateId: '',
    paymentMethod: 'COD',
    ...overrides,
  });
  const rules = { changesOpenFrom: '2026-11-27', options: [0.5, 1, 2] };

  it('finds nothing wrong with a whole form, and each problem of a broken one', () => {
    expect(standingProblems(values(), rules)).toEqual({});
    const problems = standingProblems(
      values({ quantity: 3, kind: 'weekdays', weekdays: [], startDate: '2026-11-26', addressId: null }),
      rules,
    );
    expect(Object.keys(problems)).toEqual(['quantity', 'weekdays', 'startDate', 'address']);
    expect(t(problems.weekdays?.text ?? { id: '', message: '' })).toBe('Choose at least one day of the week.');
    expect(standingProblems(values({ productId: '' }), rules).product).toBeDefined();
    for (const typed of ['1', '31', 'two', '']) {
      expect(
        standingProblems(values({ kind: 'everyNDays', everyNDays: typed }), rules).everyNDays,
        typed,
      ).toBeDefined();
    }
    expect(standingProblems(values({ kind: 'everyNDays', everyNDays: '30' }), rules)).toEqual({});
  });

  it('sends only what the schedule uses, and no slot for any time', () => {
    expect(standingBody(values())).toEqual({
      productId: 'p-milk',
      quantity: 1,
      schedule: { kind: 'daily', startDate: '2026-11-27' },
      addressId: 'a-1',
      paymentMethod: 'COD',
    });
    expect(
      standingBody(values({ kind: 'weekdays', weekdays: [5, 1, 3], slotTemplateId: 't-1', paymentMethod: 'Khata' })),
    ).toEqual({
      productId: 'p-milk',
      quantity: 1,
      schedule: { kind: 'weekdays', weekdays: [1, 3, 5], startDate: '2026-11-27' },
      addressId: 'a-1',
      slotTemplateId: 't-1',
      paymentMethod: 'Khata',
    });
    expect(standingBody(values({ kind: 'everyNDays', everyNDays: ' 3 ' })).schedule).toEqual({
      kind: 'everyNDays',
      everyNDays: 3,
      startDate: '2026-11-27',
    });
  });

  it('reads a listed slot’s template', () => {
    expect(templateIdOfSlot('0f8fad5b-d9cb-469f-a165-70867728950e_2026-11-27')).toBe(
      '0f8fad5b-d9cb-469f-a165-70867728950e',
    );
  });
});
