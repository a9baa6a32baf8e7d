import { describe, expect, it } from 'vitest';
import { canonicalStateName, gstinCheckCharacter, gstinProblemOf } from './gst-states.js';

describe('gstinProblemOf: the same GSTIN check in the browser and on the server', () => {
  it('accepts a GSTIN of the state with its check character', () => {
    expect(gstinProblemOf('27AAJCM4321F1ZN', 'Maharashtra')).toBeNull();
    expect(gstinCheckCharacter('27AAJCM4321F1Z')).toBe('N');
  });

  it('names what is wrong: the shape, the state code, the check character', () => {
    expect(gstinProblemOf('27AAJCM4321F1Z', 'Maharashtra')).toEqual({ kind: 'format' });
    expect(gstinProblemOf('27aajcm4321f1zn', 'Maharashtra')).toEqual({ kind: 'format' });
    expect(gstinProblemOf('27AAJCM4321F1ZN', 'Karnataka')).toEqual({
      kind: 'stateCode',
      code: '27',
      state: 'Karnataka',
      stateCode: '29',
    });
    expect(gstinProblemOf('27AAJCM4321F1ZM', 'Maharashtra')).toEqual({ kind: 'checkCharacter' });
  });

  it('finds a state by any capitalisation and & for and', () => {
    expect(canonicalStateName('jammu & kashmir')).toBe('Jammu and Kashmir');
    expect(canonicalStateName('Atlantis')).toBeUndefined();
  });
});
