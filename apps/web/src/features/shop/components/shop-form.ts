/**
 * The Shop settings form's values and rules, pure: the profile as the form's strings, the PUT body
 * made from them, and what is wrong with them, checked as the server checks them (the shared
 * `shopUpdateBodySchema`, the kernel's state list and GSTIN check), with the server's own coded
 * messages, so the browser and the server say the same thing in the same words.
 */
import { GST_STATE_CODES, gstinProblemOf, STATE_NAMES } from '@mandi/shared/kernel';
import {
  POLICY_KEYS,
  type PolicyKey,
  type Shop,
  type ShopUpdateBody,
  shopUpdateBodySchema,
} from '@mandi/shared/schemas';
import { type CodedMessage, schemaMessageOf, serverMessage } from '@mandi/shared/server-messages';
import { serverText } from '../../../lib/api-client';
import type { Text } from '../../../lib/i18n';

type PolicyTexts = Record<PolicyKey, string>;

export interface ShopFormValues {
  name: string;
  legalName: string;
  address: string;
  state: string;
  phone: string;
  email: string;
  fssaiNumber: string;
  gstin: string;
  upiId: string;
  officerName: string;
  officerEmail: string;
  officerPhone: string;
  about: string;
  aboutHi: string;
  tagline: string;
  taglineHi: string;
  /** HH:MM: a date's standing orders close (and are made) then, the evening before. */
  subscriptionCutoff: string;
  policies: PolicyTexts;
  policiesHi: PolicyTexts;
}

type TextField = Exclude<keyof ShopFormValues, 'policies' | 'policiesHi'>;
/** A field of the form: a text field by name, or one policy text as `policies.returns`, `policiesHi.terms`. */
export type FieldName = TextField | `policies.${PolicyKey}` | `policiesHi.${PolicyKey}`;
export type FormProblems = Partial<Record<FieldName, Text>>;

export { STATE_NAMES };

/** The GST state code of a state's canonical name ("27" for Maharashtra), or undefined. */
export function stateCodeOf(state: string): string | undefined {
  return GST_STATE_CODES[state];
}

export function formOfShop(shop: Shop): ShopFormValues {
  return {
    name: shop.name,
    legalName: shop.legalName,
    address: shop.address,
    state: shop.state,
    phone: shop.phone ?? '',
    email: shop.email ?? '',
    fssaiNumber: shop.fssaiNumber ?? '',
    gstin: shop.gstin ?? '',
    upiId: shop.upiId ?? '',
    officerName: shop.grievanceOfficer.name ?? '',
    officerEmail: shop.grievanceOfficer.email ?? '',
    officerPhone: shop.grievanceOfficer.phone ?? '',
    about: shop.about,
    aboutHi: shop.aboutHi,
    tagline: shop.tagline,
    taglineHi: shop.taglineHi,
    subscriptionCutoff: shop.subscriptionCutoff,
    policies: { ...shop.policies },
    policiesHi: { ...shop.policiesHi },
  };
}

/** The PUT body: every field, an empty optional one as null (the server reads "" as null too). */
export function bodyOfForm(form: ShopFormValues): ShopUpdateBody {
  const orNull = (value: string) => value.trim() || null;
  return {
    name: form.name,
    legalName: form.legalName,
    address: form.address,
    state: form.state,
    phone: orNull(form.phone),
    email: orNull(form.email),
    fssaiNumber: orNull(form.fssaiNumber),
    gstin: orNull(form.gstin.toUpperCase()),
    upiId: orNull(form.upiId),
    grievanceOfficer: {
      name: orNull(form.officerName),
      email: orNull(form.officerEmail),
      phone: orNull(form.officerPhone),
    },
    about: form.about,
    aboutHi: form.aboutHi,
    tagline: form.tagline,
    taglineHi: form.taglineHi,
    subscriptionCutoff: form.subscriptionCutoff,
    policies: form.policies,
    policiesHi: form.policiesHi,
  };
}

/** The form field a schema issue's path names. */
function fieldOfPath(path: readonly PropertyKey[]): FieldName | undefined {
  const [first, second] = path.map(String);
  if (first === 'grievanceOfficer') {
    return second === 'name'
      ? 'officerName'
      : second === 'email'
        ? 'officerEmail'
        : second === 'phone'
          ? 'officerPhone'
          : undefined;
  }
  if ((first === 'policies' || first === 'policiesHi') && (POLICY_KEYS as readonly string[]).includes(second ?? '')) {
    return `${first}.${second as PolicyKey}`;
  }
  return first as TextField | undefined;
}

const asText = (coded: CodedMessage): Text => serverText(coded);

/** What is wrong with the form, by field (first problem of each), as the server would answer it. */
export function problemsOf(form: ShopFormValues): FormProblems {
  const problems: FormProblems = {};
  const parsed = shopUpdateBodySchema.safeParse(bodyOfForm(form));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath(issue.path);
      if (!field || problems[field]) continue;
      const coded = schemaMessageOf(issue.message);
      problems[field] = coded ? asText(coded) : { id: '', message: issue.message };
    }
  }
  const state = form.state.trim();
  if (!STATE_NAMES.includes(state)) {
    problems.state ??= asText(serverMessage('shopStateUnknown'));
  } else if (form.gstin.trim() && !problems.gstin) {
    const problem = gstinProblemOf(form.gstin.trim().toUpperCase(), state);
    if (problem?.kind === 'format') problems.gstin = asText(serverMessage('gstinFormat'));
    if (problem?.kind === 'stateCode') {
      const { code, stateCode } = problem;
      problems.gstin = asText(serverMessage('gstinStateCode', { code, state, stateCode }));
    }
    if (problem?.kind === 'checkCharacter') problems.gstin = asText(serverMessage('gstinCheckCharacter'));
  }
  return problems;
}

/** The field a server's refusal is about, by its message code; undefined when it names none (or two). */
export function fieldOfServerCode(code: string | undefined): FieldName | undefined {
  const fields: Record<string, FieldName> = {
    shopNameLength: 'name',
    shopLegalNameLength: 'legalName',
    shopAddressLength: 'address',
    shopStateUnknown: 'state',
    gstinFormat: 'gstin',
    gstinStateCode: 'gstin',
    gstinCheckCharacter: 'gstin',
    upiIdInvalid: 'upiId',
    fssaiDigits: 'fssaiNumber',
    shopPhoneDigits: 'phone',
    grievanceNameMax: 'officerName',
    grievancePhoneDigits: 'officerPhone',
    taglineMax: 'tagline',
    subscriptionCutoffClock: 'subscriptionCutoff',
  };
  return code ? fields[code] : undefined;
}

/** The document a bill of this shop is: a Tax Invoice when registered for GST, else a Bill of Supply. */
export function billKindOf(form: Pick<ShopFormValues, 'gstin'>): 'Tax Invoice' | 'Bill of Supply' {
  return form.gstin.trim() ? 'Tax Invoice' : 'Bill of Supply';
}
