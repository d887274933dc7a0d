import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENT_DAY_FIGURES_MAX_AGE_MS } from '../../api/metrics/event-day-gauges';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';
import { parseMetrics, samplesOf, sumOf, type MetricSample } from '../support/metrics-text';
import { buildKioskSite, kioskPlay, registerDevice, type KioskSite } from '../support/player-flow';

const TOKEN = 'metrics-token-metrics-token-metrics-token-0001';
/** Anonymous API reads per address and minute on the first server: low, so a test can run out of them. */
const PUBLIC_LIMIT = 4;

let api: TestApi;
let admin: TestClient;
/** A company with a site and a trivia, where the phones below play. */
let booth: KioskSite;
beforeAll(async () => {
  api = await startTestApi({ METRICS_TOKEN: TOKEN, PUBLIC_RATE_LIMIT: String(PUBLIC_LIMIT) });
  admin = await api.adminClient();
  booth = await buildKioskSite(api.dataSource, { siteName: 'Pabellón 1', trivia: { questions: 3 } });
});
afterAll(() => api.close());

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/** What a scraper with the token sees. */
async function scrape(on: TestApi = api): Promise<MetricSample[]> {
  const reply = await on.client().get('/metrics', bearer(TOKEN));
  expect(reply.status, reply.text).toBe(200);
  return parseMetrics(reply.text);
}

/** One offline play pushed by a phone of its own; `completionTime: 0` is implausible, so its result is held. */
async function pushPlay(completionTime: number) {
  const phone = await registerDevice(api, api.client(), { phone: true });
  const play = kioskPlay(booth, 1, { completionTime });
  const reply = await phone.push(play.mutations);
  expect(reply.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
  return { phone, mutations: play.mutations };
}

describe('GET /metrics access', () => {
  it('refuses a request without credentials with 401 in the contract shape, naming both ways in', async () => {
    const reply = await api.client().get('/metrics');
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ code: 'unauthenticated', error: expect.stringMatching(/token de métricas.*sesión de propietario/) });
    expect(reply.body.message).toBe(reply.body.error);
    expect(reply.headers.get('www-authenticate')).toMatch(/^Bearer/);
    // Another scheme is no token either.
    expect((await api.client().get('/metrics', { headers: { Authorization: `Basic ${TOKEN}` } })).status).toBe(401);
  });

  it('refuses a wrong token with 403 metrics_token_invalid, a longer or shorter one too', async () => {
    for (const wrong of [TOKEN.slice(0, -1) + '2', TOKEN.slice(1), `${TOKEN}x`]) {
      const reply = await api.client().get('/metrics', bearer(wrong));
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({ code: 'metrics_token_invalid', error: 'El token de métricas no es válido' });
      expect(reply.text).not.toContain('trivia_http_requests_total');
    }
  });

  it('answers the token with the Prometheus text format: the app figures, Node defaults and the pool', async () => {
    const reply = await api.client().get('/metrics', bearer(TOKEN));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    for (const type of [
      '# TYPE trivia_http_requests_total counter',
      '# TYPE trivia_http_request_duration_seconds histogram',
      '# TYPE trivia_sync_mutations_total counter',
      '# TYPE trivia_results_held gauge',
      '# TYPE trivia_kiosks_silent gauge',
      '# TYPE trivia_db_pool_waiting gauge',
    ]) {
      expect(reply.text).toContain(type);
    }
    const samples = parseMetrics(reply.text);
    for (const name of ['nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes', 'process_cpu_user_seconds_total', 'trivia_db_pool_connections_idle', 'trivia_db_pool_connections_in_use']) {
      expect(samplesOf(samples, name), name).toHaveLength(1);
    }
    // The test server's pool (tests/support/database.ts: 5 connections).
    expect(sumOf(samples, 'trivia_db_pool_connections_max')).toBe(5);
    expect(sumOf(samples, 'trivia_db_pool_waiting')).toBe(0);
  });

  it('answers a signed-in admin without a token', async () => {
    const reply = await admin.get('/metrics');
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('trivia_http_requests_total');
  });

  it('without METRICS_TOKEN: admins only, and a bearer token is refused saying none is configured', async () => {
    const other = await startTestApi();
    try {
      const refused = await other.client().get('/metrics', bearer(TOKEN));
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'metrics_token_invalid', error: expect.stringContaining('no tiene token de métricas') });
      expect((await other.client().get('/metrics')).status).toBe(401);
      const signedIn = await (await other.adminClient()).get('/metrics');
      expect(signedIn.status).toBe(200);
      // Each app counts in a registry of its own: the other server's scrapes are not this one's.
      const mine = parseMetrics(signedIn.text);
      expect(sumOf(mine, 'trivia_http_requests_total', { route: '/metrics', status: '403' })).toBe(1);
      expect(sumOf(mine, 'trivia_http_requests_total', { route: '/metrics', status: '200' })).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('GET /metrics figures', () => {
  it('counts and times requests by route pattern, method and status, never by raw path', async () => {
    const route = '/api/question-groups/:id';
    const before = await scrape();
    expect((await admin.get(`/api/question-groups/${booth.trivia.group.id}`)).status).toBe(200);
    expect((await admin.get(`/api/question-groups/${booth.trivia.group.id}`)).status).toBe(200);
    expect((await admin.get('/api/question-groups/987654')).status).toBe(404);
    // A router-wide guard refuses before the route runs: still labelled with the route's pattern.
    expect((await api.client().get('/api/companies')).status).toBe(401);
    // A method the path has no route for: labelled with the path's pattern.
    expect((await admin.get(`/api/companies/${booth.company.id}`)).status).toBe(405);
    expect((await api.client().get('/api/no-such-route/123')).status).toBe(404);
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string>) => sumOf(after, name, labels) - sumOf(before, name, labels);
    expect(moved('trivia_http_requests_total', { route, method: 'GET', status: '200' })).toBe(2);
    expect(moved('trivia_http_requests_total', { route, method: 'GET', status: '404' })).toBe(1);
    expect(moved('trivia_http_request_duration_seconds_count', { route, method: 'GET', status: '200' })).toBe(2);
    expect(moved('trivia_http_request_duration_seconds_bucket', { route, method: 'GET', status: '200', le: '+Inf' })).toBe(2);
    expect(sumOf(after, 'trivia_http_request_duration_seconds_sum', { route, method: 'GET', status: '200' })).toBeGreaterThan(sumOf(before, 'trivia_http_request_duration_seconds_sum', { route, method: 'GET', status: '200' }));
    expect(moved('trivia_http_requests_total', { route: '/api/companies', method: 'GET', status: '401' })).toBe(1);
    expect(moved('trivia_http_requests_total', { route: '/api/companies/:id', method: 'GET', status: '405' })).toBe(1);
    expect(moved('trivia_http_requests_total', { route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
    // The scrape itself is a route like any other.
    expect(moved('trivia_http_requests_total', { route: '/metrics', method: 'GET', status: '200' })).toBe(1);

    const routes = new Set(samplesOf(after, 'trivia_http_requests_total').map((sample) => sample.labels.route!));
    for (const label of routes) expect(label === 'unmatched' || label === 'web' || !/\d/.test(label), label).toBe(true);
  });

  it('counts sync mutations by kind and outcome once settled: applied, then duplicate when sent again', async () => {
    const before = await scrape();
    const { phone, mutations } = await pushPlay(30);
    expect((await phone.push(mutations)).body.results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    const after = await scrape();
    for (const kind of ['player', 'attempt', 'completion']) {
      for (const outcome of ['applied', 'duplicate']) {
        const moved = sumOf(after, 'trivia_sync_mutations_total', { kind, outcome }) - sumOf(before, 'trivia_sync_mutations_total', { kind, outcome });
        expect(moved, `${kind} ${outcome}`).toBe(1);
      }
    }
    expect(sumOf(after, 'trivia_sync_mutations_total', { outcome: 'rejected' })).toBe(sumOf(before, 'trivia_sync_mutations_total', { outcome: 'rejected' }));
  });

  it('shows held results by reason and kiosks silent over an hour, read from the database once per few seconds', async () => {
    const before = await scrape();
    for (const reason of ['over_limit', 'round_mismatch', 'implausible_time']) expect(samplesOf(before, 'trivia_results_held', { reason }), reason).toHaveLength(1);

    await pushPlay(0); // implausible time: held for review
    // Two kiosks of a trivia in a campaign that runs from yesterday to tomorrow: one silent for two hours, one seen now.
    const kiosk = await registerDevice(api);
    const seen = await registerDevice(api);
    const [{ id: campaignId }] = await api.dataSource.query(
      `INSERT INTO campaigns (name, company_id, start_date, end_date) VALUES ('Feria', $1, current_date - 1, current_date + 1) RETURNING id`,
      [booth.company.id],
    );
    await api.dataSource.query(`INSERT INTO campaign_question_groups (campaign_id, question_group_id, weight, "order") VALUES ($1, $2, 1, 1)`, [campaignId, booth.trivia.group.id]);
    await api.dataSource.query(`UPDATE devices SET kiosk_question_group_id = $2, last_seen_at = now() - interval '2 hours' WHERE id = $1`, [kiosk.deviceId, booth.trivia.group.id]);
    await api.dataSource.query(`UPDATE devices SET kiosk_question_group_id = $2, last_seen_at = now() WHERE id = $1`, [seen.deviceId, booth.trivia.group.id]);

    // Once the figures are older than their age, a flood of scrapes shares one read of the database.
    await new Promise((resolve) => setTimeout(resolve, EVENT_DAY_FIGURES_MAX_AGE_MS + 100));
    const reads = vi.spyOn(api.dataSource.manager, 'query');
    const flood = await Promise.all(Array.from({ length: 20 }, () => scrape()));
    const heldReads = reads.mock.calls.filter(([sql]) => String(sql).includes("review_status = 'held'")).length;
    reads.mockRestore();
    expect(heldReads).toBe(1);
    const figures = (samples: MetricSample[]) => JSON.stringify([samplesOf(samples, 'trivia_results_held'), samplesOf(samples, 'trivia_kiosks_silent')]);
    expect(new Set(flood.map(figures)).size).toBe(1);

    const after = flood[0]!;
    expect(sumOf(after, 'trivia_results_held', { reason: 'implausible_time' }) - sumOf(before, 'trivia_results_held', { reason: 'implausible_time' })).toBe(1);
    expect(sumOf(after, 'trivia_results_held', { reason: 'over_limit' })).toBe(sumOf(before, 'trivia_results_held', { reason: 'over_limit' }));
    expect(sumOf(after, 'trivia_kiosks_silent') - sumOf(before, 'trivia_kiosks_silent')).toBe(1);
    expect(sumOf(after, 'trivia_kiosks_in_service') - sumOf(before, 'trivia_kiosks_in_service')).toBe(2);
  });

  it('counts 429s by limiter, and a scraper is no public read: it is answered when the address has none left', async () => {
    const before = await scrape();
    const statuses: number[] = [];
    for (let i = 0; i < PUBLIC_LIMIT + 2; i++) statuses.push((await api.client().get('/api/document-types')).status);
    const refused = statuses.filter((status) => status === 429).length;
    expect(refused).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < PUBLIC_LIMIT + 2; i++) await scrape();
    const after = await scrape();
    expect(sumOf(after, 'trivia_rate_limited_total', { limiter: 'public' }) - sumOf(before, 'trivia_rate_limited_total', { limiter: 'public' })).toBe(refused);
    expect(sumOf(after, 'trivia_http_requests_total', { status: '429' }) - sumOf(before, 'trivia_http_requests_total', { status: '429' })).toBe(refused);
  });
});
