/** The one formatter for rupees and kilograms in the shop. */

const rupeeFormatter = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
const rupeeFormatterFixed = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₹1,23,456.50 — Indian digit grouping; whole amounts are shown without paise. */
export function formatRupees(amount: number): string {
  const isWhole = Number.isInteger(Math.round(amount * 100) / 100);
  return `₹${(isWhole ? rupeeFormatter : rupeeFormatterFixed).format(amount)}`;
}

export function formatKg(kg: number): string {
  return `${Number(kg.toFixed(3))} Kg`;
}

/** Rate × quantity in exact paise, so 0.1 + 0.2 problems never reach a total. */
export function linePricePaise(rateRupees: number, quantityKg: number): number {
  return Math.round((Math.round(rateRupees * 100) * Math.round(quantityKg * 1000)) / 1000);
}

export function linePrice(rateRupees: number, quantityKg: number): number {
  return linePricePaise(rateRupees, quantityKg) / 100;
}
