import { describe, expect, it } from 'vitest';
import { shopProfile } from '../../../test-utils';
import { billKindOf, bodyOfForm, fieldOfServerCode, formOfShop, problemsOf } from './shop-form';

const form = (changes: Partial<ReturnType<typeof formOfShop>> = {}) => ({ ...formOfShop(shopProfile()), ...changes });
const messages = (changes: Partial<ReturnType<typeof formOfShop>>) =>
  Object.fromEntries(Object.entries(problemsOf(form(changes))).map(([field, text]) => [field, text?.message]));

describe('Shop settings rules', () => {
  it('finds nothing wrong with a good profile', () => {
    expect(
      problemsOf(form({ gstin: '27aajcm4321f1zn', fssaiNumber: '12345678901234', upiId: 'mandi@okaxis' })),
    ).toEqual({});
  });

  it('checks every field as the server does, in its words', () => {
    expect(
      messages({
        name: ' ',
        address: '',
        phone: '98220',
        email: 'not-an-email',
        fssaiNumber: '1234567890123',
        upiId: 'mandi',
        officerPhone: '12',
      }),
    ).toEqual({
      name: 'Shop name must be 1 to 100 characters',
      address: 'Address must be 1 to 300 characters',
      phone: 'Phone must be 10 digits',
      email: expect.stringMatching(/email/i),
      fssaiNumber: 'FSSAI number must be exactly 14 digits',
      upiId: 'UPI id must look like name@bank',
      officerPhone: "Grievance officer's phone must be 10 digits",
    });
  });

  it('checks the GSTIN’s shape, its state code and its check character against the chosen state', () => {
    expect(messages({ gstin: '27AAJCM4321' }).gstin).toMatch(/^GSTIN must be 15 characters/);
    expect(messages({ gstin: '29AAJCM4321F1ZJ' }).gstin).toBe(
      'This GSTIN starts with state code 29, but Maharashtra is 27',
    );
    expect(messages({ gstin: '27AAJCM4321F1ZA' }).gstin).toMatch(/check character is wrong/);
    expect(messages({ state: '' }).state).toMatch(/^State must be an Indian state/);
  });

  it('sends empty optional fields as null and the GSTIN in capitals', () => {
    const body = bodyOfForm(form({ phone: ' ', gstin: '27aajcm4321f1zn', officerName: '' }));
    expect(body).toMatchObject({ phone: null, gstin: '27AAJCM4321F1ZN', grievanceOfficer: { name: null } });
    expect(Object.keys(body)).not.toContain('demo');
  });

  it('keeps the standing orders’ cut-off as a shop clock, HH:MM', () => {
    expect(form().subscriptionCutoff).toBe('21:00');
    expect(bodyOfForm(form({ subscriptionCutoff: '20:30' })).subscriptionCutoff).toBe('20:30');
    expect(messages({ subscriptionCutoff: '25:00' }).subscriptionCutoff).toBe(
      'subscriptionCutoff must be a time from 00:00 to 23:59 (HH:MM)',
    );
    expect(fieldOfServerCode('subscriptionCutoffClock')).toBe('subscriptionCutoff');
  });

  it('names the field of a server refusal, and the bill by the GSTIN', () => {
    expect(fieldOfServerCode('fssaiDigits')).toBe('fssaiNumber');
    expect(fieldOfServerCode('gstinCheckCharacter')).toBe('gstin');
    expect(fieldOfServerCode('serverFailed')).toBeUndefined();
    expect(billKindOf({ gstin: '' })).toBe('Bill of Supply');
    expect(billKindOf({ gstin: '27AAJCM4321F1ZN' })).toBe('Tax Invoice');
  });
});
