import { histogramQuantile, parseMetrics, sumOf, type MetricSample } from '../support/metrics-text';

/** The token the load run's servers are started with (METRICS_TOKEN), so it can scrape them as Prometheus would. */
export const LOAD_METRICS_TOKEN = 'load-metrics-token-load-metrics-token-0123';

/** One scrape of GET /metrics, as a scraper with the token sees it. */
export async function scrapeMetrics(baseUrl: string): Promise<MetricSample[]> {
  const reply = await fetch(`${baseUrl}/metrics`, { headers: { Authorization: `Bearer ${LOAD_METRICS_TOKEN}` } });
  if (reply.status !== 200) throw new Error(`GET /metrics: ${reply.status} ${await reply.text()}`);
  return parseMetrics(await reply.text());
}

const ms = (seconds: number | undefined) => (seconds === undefined ? '–' : `${(seconds * 1000).toFixed(1)} ms`);

/**
 * A line of the figures an operator watches on event day, read from a scrape: requests answered,
 * sync mutations applied, the pool and the event loop; with `since` (an earlier scrape), the p99
 * of POST /api/sync and of every route from the latency histogram, over the time between the two.
 */
export function metricsLine(label: string, samples: MetricSample[], since?: MetricSample[]): string {
  const parts = [
    `${sumOf(samples, 'trivia_http_requests_total').toLocaleString('en')} requests`,
    `${sumOf(samples, 'trivia_sync_mutations_total', { outcome: 'applied' }).toLocaleString('en')} sync mutations applied`,
    `event-loop delay p99 ${ms(sumOf(samples, 'nodejs_eventloop_lag_p99_seconds'))}`,
    `pool in use ${sumOf(samples, 'trivia_db_pool_connections_in_use')}/${sumOf(samples, 'trivia_db_pool_connections_max')}, waiting ${sumOf(samples, 'trivia_db_pool_waiting')}`,
  ];
  if (since) {
    const p99 = (labels: Record<string, string>) => histogramQuantile(0.99, samples, 'trivia_http_request_duration_seconds', labels, since);
    parts.push(`p99 POST /api/sync ${ms(p99({ route: '/api/sync', method: 'POST' }))}, all routes ${ms(p99({}))}`);
  }
  return `${label}: ${parts.join(', ')}`;
}
