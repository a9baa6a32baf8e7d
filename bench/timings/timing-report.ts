/** Shared by the timing benchmarks: percentiles and one printed block of figures per measurement. */

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Prints `figures` (numbers with 3 significant digits) and the targets they are judged by. */
export function report(name: string, figures: Record<string, number | string>, targets: Record<string, number>): void {
  const lines = Object.entries(figures).map(
    ([label, value]) => `  ${label}: ${typeof value === 'number' ? Number(value.toPrecision(3)) : value}`,
  );
  console.info(`${name}\n${lines.join('\n')}\n  targets: ${JSON.stringify(targets)}`);
}
