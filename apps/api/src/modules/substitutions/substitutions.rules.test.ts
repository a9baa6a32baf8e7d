/** The substitution rules on their own (decision 0043): consent, unit, category, price, something packed. */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { type CandidateProduct, checkSubstitute, type LineToSubstitute } from './substitutions.rules.js';

const line = (substitution: LineToSubstitute['substitution']): LineToSubstitute => ({
  name: 'Desi Tomato',
  productId: 'tomato',
  unit: 'kg',
  ratePaise: 3800,
  substitution,
  categoryId: 'vegetables',
});
const cherry: CandidateProduct = {
  id: 'cherry',
  name: 'Cherry Tomato',
  ratePaise: 3000,
  unit: 'kg',
  hsnCode: '0702',
  gstRate: 0,
  categoryId: 'vegetables',
};

function refusal(run: () => unknown): { kind: string; code: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) {
      const first = Array.isArray(error.messages) ? error.messages[0] : error.messages;
      return { kind: error.code, code: (first as { code: string }).code };
    }
    throw error;
  }
  throw new Error('not refused');
}

describe('checkSubstitute', () => {
  it('keeps the substitute as sent: its id, name, rate, HSN code and GST rate', () => {
    expect(checkSubstitute(line('similar'), 'cherry', cherry, 1000)).toEqual({
      productId: 'cherry',
      name: 'Cherry Tomato',
      ratePaise: 3000,
      hsnCode: '0702',
      gstRate: 0,
    });
  });

  it('takes the same rate for "similar", and any rate after a call', () => {
    expect(checkSubstitute(line('similar'), 'cherry', { ...cherry, ratePaise: 3800 }, 1000).ratePaise).toBe(3800);
    expect(checkSubstitute(line('call'), 'cherry', { ...cherry, ratePaise: 9000 }, 1000).ratePaise).toBe(9000);
  });

  it('refuses without consent, dearer for "similar", another unit, the same product, nothing packed, no product', () => {
    expect(refusal(() => checkSubstitute(line('skip'), 'cherry', cherry, 1000))).toEqual({
      kind: 'conflict',
      code: 'substituteNotWanted',
    });
    expect(refusal(() => checkSubstitute(line('similar'), 'cherry', { ...cherry, ratePaise: 3801 }, 1000))).toEqual({
      kind: 'conflict',
      code: 'substituteDearer',
    });
    expect(refusal(() => checkSubstitute(line('call'), 'cherry', { ...cherry, unit: 'piece' }, 1000))).toEqual({
      kind: 'invalid',
      code: 'substituteUnitDiffers',
    });
    expect(refusal(() => checkSubstitute(line('call'), 'tomato', { ...cherry, id: 'tomato' }, 1000))).toEqual({
      kind: 'invalid',
      code: 'substituteSameProduct',
    });
    expect(refusal(() => checkSubstitute(line('call'), 'cherry', cherry, 0))).toEqual({
      kind: 'invalid',
      code: 'substituteNothingPacked',
    });
    expect(refusal(() => checkSubstitute(line('call'), 'gone', undefined, 1000))).toEqual({
      kind: 'notFound',
      code: 'productIdNotFound',
    });
  });
});
