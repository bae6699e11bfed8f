/** Latency figures in milliseconds, rounded to 0.01 ms (finer digits are noise on a shared machine). */
export interface LatencySummary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Nearest-rank percentile of an ascending array (the value at or below which p% of samples fall). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function summarize(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const total = sorted.reduce((sum, x) => sum + x, 0);
  return {
    n: sorted.length,
    p50: round2(percentile(sorted, 50)),
    p95: round2(percentile(sorted, 95)),
    p99: round2(percentile(sorted, 99)),
    mean: round2(sorted.length ? total / sorted.length : Number.NaN),
    max: round2(sorted.at(-1) ?? Number.NaN),
  };
}
