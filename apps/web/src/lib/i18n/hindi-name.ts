/** The Devanagari name of a product: its first alias written in Devanagari (the demo data has one per product). */
const DEVANAGARI = /[\u0900-\u097F]/;

export function devanagariAlias(aliases: readonly string[] | undefined): string | undefined {
  return aliases?.find((alias) => DEVANAGARI.test(alias));
}
