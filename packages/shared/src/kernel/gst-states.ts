/**
 * Indian states and union territories as GST knows them, the state a PIN code delivers to, and
 * the GSTIN's shape and check character. Pure data and checks: the server's config and shop
 * profile validate the state and GSTIN with them, the bill finds the place of supply with them,
 * and the browser's Shop settings form checks a GSTIN exactly as the server does.
 */

/**
 * GST state codes (the first two digits of a GSTIN), from the GST portal's state code list
 * (CBIC, "State Code List", as used in GSTR filings). Names are the spellings SHOP_STATE accepts.
 */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

export const STATE_NAMES = Object.keys(GST_STATE_CODES);

/** The state's name as listed, for any capitalisation and `&` for `and`; undefined when unknown. */
export function canonicalStateName(name: string): string | undefined {
  const fold = (text: string) => text.trim().toLowerCase().replace(/&/g, 'and').replace(/\s+/g, ' ');
  const wanted = fold(name);
  return STATE_NAMES.find((state) => fold(state) === wanted);
}

/**
 * India Post's PIN code zones: the first two digits name a postal circle (India Post, "PIN code
 * zones and postal circles", indiapost.gov.in). A circle may serve more than one state; the
 * two-digit table names the state most of its PIN codes belong to, and the three-digit table the
 * sorting districts that belong to another state (Goa in the Maharashtra circle, Telangana and
 * Andhra Pradesh, Jharkhand in the Bihar circle, Uttarakhand in the Uttar Pradesh circle, and the
 * union territories served by a neighbouring circle).
 */
const PIN_CIRCLES: Readonly<Record<string, string>> = {
  '11': 'Delhi',
  '12': 'Haryana',
  '13': 'Haryana',
  '14': 'Punjab',
  '15': 'Punjab',
  '16': 'Punjab',
  '17': 'Himachal Pradesh',
  '18': 'Jammu and Kashmir',
  '19': 'Jammu and Kashmir',
  '20': 'Uttar Pradesh',
  '21': 'Uttar Pradesh',
  '22': 'Uttar Pradesh',
  '23': 'Uttar Pradesh',
  '24': 'Uttar Pradesh',
  '25': 'Uttar Pradesh',
  '26': 'Uttar Pradesh',
  '27': 'Uttar Pradesh',
  '28': 'Uttar Pradesh',
  '30': 'Rajasthan',
  '31': 'Rajasthan',
  '32': 'Rajasthan',
  '33': 'Rajasthan',
  '34': 'Rajasthan',
  '36': 'Gujarat',
  '37': 'Gujarat',
  '38': 'Gujarat',
  '39': 'Gujarat',
  '40': 'Maharashtra',
  '41': 'Maharashtra',
  '42': 'Maharashtra',
  '43': 'Maharashtra',
  '44': 'Maharashtra',
  '45': 'Madhya Pradesh',
  '46': 'Madhya Pradesh',
  '47': 'Madhya Pradesh',
  '48': 'Madhya Pradesh',
  '49': 'Chhattisgarh',
  '50': 'Telangana',
  '51': 'Andhra Pradesh',
  '52': 'Andhra Pradesh',
  '53': 'Andhra Pradesh',
  '56': 'Karnataka',
  '57': 'Karnataka',
  '58': 'Karnataka',
  '59': 'Karnataka',
  '60': 'Tamil Nadu',
  '61': 'Tamil Nadu',
  '62': 'Tamil Nadu',
  '63': 'Tamil Nadu',
  '64': 'Tamil Nadu',
  '67': 'Kerala',
  '68': 'Kerala',
  '69': 'Kerala',
  '70': 'West Bengal',
  '71': 'West Bengal',
  '72': 'West Bengal',
  '73': 'West Bengal',
  '74': 'West Bengal',
  '75': 'Odisha',
  '76': 'Odisha',
  '77': 'Odisha',
  '78': 'Assam',
  '79': 'Meghalaya',
  '80': 'Bihar',
  '81': 'Bihar',
  '82': 'Jharkhand',
  '83': 'Jharkhand',
  '84': 'Bihar',
  '85': 'Bihar',
};

/** Sorting districts (first three digits) whose state differs from their circle's. */
const PIN_DISTRICTS: Readonly<Record<string, string>> = {
  '160': 'Chandigarh',
  '194': 'Ladakh',
  '246': 'Uttarakhand',
  '247': 'Uttarakhand',
  '248': 'Uttarakhand',
  '249': 'Uttarakhand',
  '262': 'Uttarakhand',
  '263': 'Uttarakhand',
  '396': 'Dadra and Nagar Haveli and Daman and Diu',
  '403': 'Goa',
  '605': 'Puducherry',
  '737': 'Sikkim',
  '744': 'Andaman and Nicobar Islands',
  '790': 'Arunachal Pradesh',
  '791': 'Arunachal Pradesh',
  '792': 'Arunachal Pradesh',
  '793': 'Meghalaya',
  '794': 'Meghalaya',
  '795': 'Manipur',
  '796': 'Mizoram',
  '797': 'Nagaland',
  '798': 'Nagaland',
  '799': 'Tripura',
  '814': 'Jharkhand',
  '815': 'Jharkhand',
  '816': 'Jharkhand',
};

/** The state a 6-digit PIN code delivers to, or null when no circle has its prefix. */
export function stateOfPinCode(pinCode: string): string | null {
  if (!/^[1-9]\d{5}$/.test(pinCode)) return null;
  return PIN_DISTRICTS[pinCode.slice(0, 3)] ?? PIN_CIRCLES[pinCode.slice(0, 2)] ?? null;
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The 15th character of a GSTIN from its first 14 (the GSTN's mod-36 scheme): each character's
 * value times 1 or 2 alternately, the quotient and remainder by 36 added up; the check character
 * brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = GSTIN_CHARS.indexOf(first14[i] ?? '') * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36] ?? '0';
}

/** What is wrong with a GSTIN for a shop in a state: its shape, its state code or its check character. */
export type GstinProblem =
  | { kind: 'format' }
  | { kind: 'stateCode'; code: string; state: string; stateCode: string }
  | { kind: 'checkCharacter' };

/** Why `gstin` (capital letters) cannot be the GSTIN of a shop in `state` (a canonical name), or null when it can. */
export function gstinProblemOf(gstin: string, state: string): GstinProblem | null {
  if (!/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(gstin)) return { kind: 'format' };
  const stateCode = GST_STATE_CODES[state] ?? '';
  if (gstin.slice(0, 2) !== stateCode) {
    return { kind: 'stateCode', code: gstin.slice(0, 2), state, stateCode };
  }
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return { kind: 'checkCharacter' };
  return null;
}
