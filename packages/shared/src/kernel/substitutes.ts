/**
 * What may go in place of an ordered product at packing, and in what order the packer is offered
 * it (decision 0043, sharpened by issue 42): the packing screen lists the candidates by this rule
 * and the server judges the one sent by it, so the two never disagree. Money in paise.
 *
 * A candidate is always another product of the line's unit (a kg line takes kg, never pieces).
 * - `similar` (the shopper takes "a similar item"): of the ordered product's category, so tomatoes
 *   are never answered with watermelon from Fruits, and no dearer per unit than the rate ordered at.
 * - `call` (the shop phones first): any category and any rate, as the shopper agrees on the phone.
 *
 * The order offered, closest first: the ordered product's category, then the rate nearest the rate
 * ordered at, then the name. Desi Tomato at ₹38 (Vegetables) with `similar` is offered Cherry
 * Tomato ₹35, then Onion ₹30, then Potato ₹25 (all Vegetables, kg); Watermelon ₹20 (Fruits) never.
 */
export interface SubstituteLine {
  productId: string | null;
  unit: string;
  /** Paise per unit, as ordered. */
  ratePaise: number;
  /**
   * The ordered product's category (any key naming it: an id, or a name unique in the shop); null
   * when unknown (the product was deleted since), and then only the unit and the rate are judged.
   */
  category: string | null;
  /** The shopper's wish (SUBSTITUTION_CHOICES). */
  substitution: 'similar' | 'call' | 'skip';
}

export interface SubstituteProduct {
  productId: string;
  name: string;
  unit: string;
  ratePaise: number;
  category: string | null;
}

/** Whether the shopper's wish allows a product of this category: a similar item is of the ordered one's. */
export function isCategoryAllowed(line: Pick<SubstituteLine, 'category' | 'substitution'>, category: string | null) {
  return line.substitution !== 'similar' || line.category === null || category === line.category;
}

/** Whether the product may go in place of the line; `skip` takes none. */
export function maySubstitute(line: SubstituteLine, product: SubstituteProduct): boolean {
  if (line.substitution === 'skip' || product.productId === line.productId || product.unit !== line.unit) return false;
  if (line.substitution === 'similar' && product.ratePaise > line.ratePaise) return false;
  return isCategoryAllowed(line, product.category);
}

/** The products that may go in place of the line, closest first (see above). */
export function rankSubstitutes<P extends SubstituteProduct>(line: SubstituteLine, products: readonly P[]): P[] {
  const isOtherCategory = (product: P) => (line.category !== null && product.category === line.category ? 0 : 1);
  const distance = (product: P) => Math.abs(product.ratePaise - line.ratePaise);
  return products
    .filter((product) => maySubstitute(line, product))
    .sort(
      (a, b) =>
        isOtherCategory(a) - isOtherCategory(b) ||
        distance(a) - distance(b) ||
        (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
}
