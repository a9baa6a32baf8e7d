/**
 * The weighing rules, pure (no database, no clock): which packed weights an order accepts. The
 * shop-wide rules they use (grams, the 110 % limit) come from the shop kernel.
 */
import {
  gramsToKgString,
  isCountedUnit,
  isPackableAmount,
  maxPackedGrams,
  maxPackedQuantity,
  parseKgToGrams,
  type Unit,
} from '@mandi/shared/kernel';
import { type CodedMessage, serverMessage } from '@mandi/shared/server-messages';

export interface PackLine {
  id: string;
  /** Thousandths of `unit` (grams for kg). */
  quantityGrams: number;
  name: string;
  /** kg when absent. */
  unit?: Unit;
}

/** A packed item as sent: its weight, or a substitute's product and weight instead (decision 0043). */
export interface PackItem {
  _id: string;
  packedQuantity?: unknown;
  substitute?: { productId: string; packedQuantity: unknown };
}

export type PackCheck =
  | {
      ok: true;
      packedGrams: Map<string, number>;
      /** The product asked to be sent in place of a line, by line id (its rules are the substitutions module's). */
      substitutes: Map<string, string>;
    }
  | { ok: false; message: CodedMessage };

/**
 * Checks an admin's packed weights against the order's lines: every line exactly once, whole
 * grams, between 0 and 110 % of the ordered weight; a counted line (piece, dozen, bunch, pack) a
 * whole number from 0 to the ordered count. The message names the line that failed. A substitute's
 * packed amount is held to the same limits as the ordered line's (it has the same unit).
 */
export function checkPackedWeights(lines: readonly PackLine[], items: readonly PackItem[]): PackCheck {
  const byId = new Map(lines.map((line) => [line.id.toLowerCase(), line]));
  const packed = new Map<string, number>();
  const substitutes = new Map<string, string>();
  for (const item of items) {
    const id = String(item._id).toLowerCase();
    const line = byId.get(id);
    if (!line) return { ok: false, message: serverMessage('packItemNotInOrder', { id: String(item._id) }) };
    if (packed.has(id)) return { ok: false, message: serverMessage('packItemTwice', { name: line.name }) };
    if (item.substitute) substitutes.set(id, item.substitute.productId);
    const grams = parseKgToGrams(item.substitute ? item.substitute.packedQuantity : item.packedQuantity);
    if (line.unit && isCountedUnit(line.unit)) {
      if (
        grams === null ||
        !isPackableAmount(line.unit, grams) ||
        grams > maxPackedQuantity(line.unit, line.quantityGrams)
      ) {
        return {
          ok: false,
          message: serverMessage('packCountInvalid', {
            name: line.name,
            ordered: gramsToKgString(line.quantityGrams),
            unit: line.unit,
          }),
        };
      }
      packed.set(id, grams);
      continue;
    }
    if (grams === null) {
      return { ok: false, message: serverMessage('packWeightInvalid', { name: line.name }) };
    }
    const most = maxPackedGrams(line.quantityGrams);
    if (grams > most) {
      return {
        ok: false,
        message: serverMessage('packWeightTooMuch', {
          name: line.name,
          most: gramsToKgString(most),
          ordered: gramsToKgString(line.quantityGrams),
          unit: line.unit ?? 'kg',
        }),
      };
    }
    packed.set(id, grams);
  }
  const missing = lines.find((line) => !packed.has(line.id.toLowerCase()));
  if (missing) return { ok: false, message: serverMessage('packItemMissing', { name: missing.name }) };
  return { ok: true, packedGrams: packed, substitutes };
}
