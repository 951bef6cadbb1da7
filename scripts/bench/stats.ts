/** Summaries of timing samples: the median, and how noisy the samples were (IQR over median). */

/** Median, quartiles and spread of a list of samples. */
export interface Summary {
  n: number;
  median: number;
  q1: number;
  q3: number;
  min: number;
  max: number;
  /** Interquartile range as a percentage of the median: the run's noise figure. */
  iqrPercent: number;
}

/** The q-quantile (0..1) of sorted values, interpolated linearly between neighbours. */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new Error('quantile of no samples');
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

/** Median, quartiles, extremes and IQR/median % of `samples`. */
export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = quantile(sorted, 0.5);
  const q1 = quantile(sorted, 0.25);
  const q3 = quantile(sorted, 0.75);
  return {
    n: sorted.length,
    median,
    q1,
    q3,
    min: sorted[0]!,
    max: sorted.at(-1)!,
    iqrPercent: median === 0 ? 0 : ((q3 - q1) / median) * 100,
  };
}
