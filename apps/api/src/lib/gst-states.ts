/**
 * The GST rules live in the shared kernel (`@mandi/shared/kernel`, gst-states.ts) so the browser
 * checks a GSTIN as the server does; this file keeps the configuration's own wording for SHOP_GSTIN.
 */
import { gstinProblemOf } from '@mandi/shared/kernel';

export {
  canonicalStateName,
  GST_STATE_CODES,
  STATE_NAMES,
  stateOfPinCode,
} from '@mandi/shared/kernel';

/** Why a GSTIN cannot be the shop's (in `state`), in the words of SHOP_GSTIN, or null when it can. */
export function gstinProblem(gstin: string, state: string): string | null {
  const problem = gstinProblemOf(gstin, state);
  if (!problem) return null;
  if (problem.kind === 'format') {
    return 'SHOP_GSTIN must be 15 characters: 2-digit state code, PAN (AAAAA9999A), entity number, Z, check character';
  }
  if (problem.kind === 'stateCode') {
    return `SHOP_GSTIN starts with state code ${problem.code}, but SHOP_STATE ${problem.state} is ${problem.stateCode}`;
  }
  return 'SHOP_GSTIN check character is wrong: please copy the GSTIN again from the registration certificate';
}
