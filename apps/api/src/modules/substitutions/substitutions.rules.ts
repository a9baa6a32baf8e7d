/**
 * The substitution rules, pure (decision 0043): what the shop may send in place of an ordered
 * product. Only when the shopper asked for it ('similar' or 'call'); another product of the same
 * unit; with 'similar' of the ordered product's category (issue 42: never watermelon for
 * tomatoes) at a rate no higher than the rate the line was ordered at, with 'call' of any category
 * at any rate (the shop phoned and the shopper agreed); and something actually packed. The
 * category rule is the kernel's, the one the packing screen lists candidates by.
 */
import type { SubstitutionChoice } from '@mandi/shared';
import { paiseToRupeesString, type Unit, unitOrDefault } from '@mandi/shared/kernel';
import { serverMessage } from '@mandi/shared/server-messages';
import { AppError } from '../../lib/app-error.js';

/** The ordered line a substitute is judged against. */
export interface LineToSubstitute {
  name: string;
  productId: string | null;
  unit: Unit;
  /** Paise per unit, as ordered. */
  ratePaise: number;
  substitution: SubstitutionChoice;
  /** The ordered product's category; null once that product is deleted (then unit and rate are judged). */
  categoryId: string | null;
}

/** A product as it may be sent in place of another. */
export interface CandidateProduct {
  id: string;
  name: string;
  ratePaise: number;
  unit: string;
  hsnCode: string;
  gstRate: number;
  categoryId: string;
}

/**
 * The substitute as the line keeps it, or the AppError the packer sees: 409 when the shopper did
 * not ask for one or a 'similar' substitute is of another category or dearer; 400 for the same
 * product, another unit or nothing packed; 404 for a product that does not exist.
 */
export function checkSubstitute(
  line: LineToSubstitute,
  productId: string,
  product: CandidateProduct | undefined,
  grams: number,
) {
  if (line.substitution === 'skip') {
    throw new AppError('conflict', serverMessage('substituteNotWanted', { name: line.name }));
  }
  if (!product) throw new AppError('notFound', serverMessage('productIdNotFound', { id: productId }));
  if (product.id === line.productId) {
    throw new AppError('invalid', serverMessage('substituteSameProduct', { name: line.name }));
  }
  const unit = unitOrDefault(product.unit);
  if (unit !== line.unit) {
    throw new AppError(
      'invalid',
      serverMessage('substituteUnitDiffers', {
        name: line.name,
        unit: line.unit,
        substitute: product.name,
        substituteUnit: unit,
      }),
    );
  }
  if (grams <= 0) {
    throw new AppError(
      'invalid',
      serverMessage('substituteNothingPacked', { name: line.name, substitute: product.name }),
    );
  }
  if (line.substitution === 'similar' && product.ratePaise > line.ratePaise) {
    throw new AppError(
      'conflict',
      serverMessage('substituteDearer', {
        name: line.name,
        substitute: product.name,
        rate: paiseToRupeesString(product.ratePaise),
        ordered: paiseToRupeesString(line.ratePaise),
        unit,
      }),
    );
  }
  return {
    productId: product.id,
    name: product.name,
    ratePaise: product.ratePaise,
    hsnCode: product.hsnCode,
    gstRate: product.gstRate,
  };
}
