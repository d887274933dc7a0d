/** One sample of a Prometheus text exposition: `name{label="value",…} value`. */
export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a scrape, as a scraper reads them (comments and blank lines skipped). */
export function parseMetrics(text: string): MetricSample[] {
  const samples: MetricSample[] = [];
  for (const line of text.split('\n')) {
    const match = SAMPLE.exec(line.trim());
    if (!match || line.startsWith('#')) continue;
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(LABEL)) labels[name!] = value!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

const hasLabels = (sample: MetricSample, labels: Record<string, string>) => Object.entries(labels).every(([name, value]) => sample.labels[name] === value);

/** The samples named `name` carrying every label of `labels` (others may differ). */
export const samplesOf = (samples: MetricSample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((sample) => sample.name === name && hasLabels(sample, labels));

/** The sum of those samples: a counter over every value of the labels left out (0 when none). */
export const sumOf = (samples: MetricSample[], name: string, labels: Record<string, string> = {}) =>
  samplesOf(samples, name, labels).reduce((sum, sample) => sum + sample.value, 0);

/**
 * PromQL's histogram_quantile over a histogram's buckets summed across the labels left out (as
 * `sum by (le)` does), interpolating inside the bucket; `before` (an earlier scrape) makes it the
 * quantile of what happened between the two. Undefined without observations.
 */
export function histogramQuantile(q: number, after: MetricSample[], name: string, labels: Record<string, string> = {}, before: MetricSample[] = []): number | undefined {
  const byBound = new Map<number, number>();
  const add = (samples: MetricSample[], sign: number) => {
    for (const sample of samplesOf(samples, `${name}_bucket`, labels)) {
      const bound = sample.labels.le === '+Inf' ? Infinity : Number(sample.labels.le);
      byBound.set(bound, (byBound.get(bound) ?? 0) + sign * sample.value);
    }
  };
  add(after, 1);
  add(before, -1);
  const buckets = [...byBound].sort(([a], [b]) => a - b);
  const total = buckets.at(-1)?.[1] ?? 0;
  if (total <= 0) return undefined;
  const rank = q * total;
  let lowerBound = 0;
  let lowerCount = 0;
  for (const [bound, count] of buckets) {
    if (count >= rank) {
      if (bound === Infinity) return lowerBound; // as Prometheus: the highest finite bound
      return lowerBound + ((bound - lowerBound) * (rank - lowerCount)) / Math.max(count - lowerCount, 1e-9);
    }
    lowerBound = bound;
    lowerCount = count;
  }
  return lowerBound;
}
