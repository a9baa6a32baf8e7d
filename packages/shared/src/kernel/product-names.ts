/**
 * A product's Hindi name: its first other name written in Devanagari ("आलू" for Potato), the one
 * the rate list, the counter's tiles and its receipts show in Hindi. Null when it has none.
 */
const DEVANAGARI = /[\u0900-\u097F]/;

export function hindiNameOf(aliases: readonly string[]): string | null {
  return aliases.find((alias) => DEVANAGARI.test(alias))?.trim() || null;
}
