import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignEntity, CampaignQuestionGroupEntity, CompanyEntity, PlayerAttemptEntity, PlayerNameChangeEntity, RankingDisqualificationEntity } from '../../db/entities';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { rawRequest, type RawResponse } from '../support/raw-http';
import { apiRouteList, type ApiRoute } from '../support/route-list';

/**
 * The CSRF and JSON-only guards against every state-changing route the routers serve, in every
 * spelling a hostile client can send: the router matches paths case-insensitively, with or without
 * a trailing slash, so a guard that read the raw path let `DELETE /API/companies/3` through.
 */

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The signed uploads (a logo's, a picture's): authorised by their signature instead of the CSRF header, and taking image bytes. */
const SIGNED_UPLOADS = new Set(['PUT /api/uploads/:token', 'PUT /api/pictures/uploads/:token']);

let api: TestApi;
let admin: TestClient;
let routes: ApiRoute[];
/** The value of each route parameter: a real row, so a request that got through would change something. */
let fillParams: (pattern: string) => string;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  const ds = api.dataSource;
  const company = await buildCompany(ds, { name: 'Empresa vigilada' });
  const location = await buildLocation(ds, company.id);
  const { group, items } = await buildTrivia(ds, company.id, { questions: 2 });
  const campaign = await ds.getRepository(CampaignEntity).save({ name: 'Campaña vigilada', companyId: company.id, startDate: '2026-01-01', endDate: '2026-12-31' });
  const link = await ds.getRepository(CampaignQuestionGroupEntity).save({ campaignId: campaign.id, questionGroupId: group.id, order: 1 });
  const player = await buildPlayer(ds, { locationId: location.id });
  const attempt = await ds.getRepository(PlayerAttemptEntity).save({
    playerId: player.id,
    questionGroupId: group.id,
    locationId: location.id,
    totalQuestions: 2,
    score: 2,
    correctAnswers: 2,
    startedAt: new Date(Date.now() - 60_000),
    completedAt: new Date(),
    completionTime: 60,
    tokenHash: 'a'.repeat(64),
    reviewStatus: 'held',
    reviewReason: 'over_limit',
  });
  const nameChange = await ds.getRepository(PlayerNameChangeEntity).save({ playerId: player.id, oldFullName: player.fullName, newFullName: 'Nombre nuevo', source: 'address 127.0.0.1' });
  const disqualification = await ds
    .getRepository(RankingDisqualificationEntity)
    .save({ questionGroupId: group.id, playerId: player.id, attemptId: attempt.id, reason: 'Guardas' });
  const byResource: Record<string, number> = {
    companies: company.id,
    locations: location.id,
    'question-groups': group.id,
    questions: items[0]!.question.id,
    campaigns: campaign.id,
    'campaign-question-groups': link.id,
    'player-attempts': attempt.id,
    'player-name-changes': nameChange.id,
    'ranking-disqualifications': disqualification.id,
    'player-data': player.id,
    play: group.id,
    users: (await admin.get('/api/user')).body.id,
  };
  const byName: Record<string, string | number> = {
    companyId: company.id,
    campaignId: campaign.id,
    questionGroupId: group.id,
    groupId: group.id,
    token: 'not-a-signed-token',
    file: 'not-a-file.png',
    handle: 'a'.repeat(32),
  };
  fillParams = (pattern) => {
    const segments = pattern.split('/');
    return segments
      .map((segment, index) => {
        if (!segment.startsWith(':')) return segment;
        const name = segment.slice(1);
        const value = name === 'id' ? byResource[segments[index - 1]!] : byName[name];
        if (value === undefined) throw new Error(`no fixture for :${name} in ${pattern}: add one`);
        return String(value);
      })
      .join('/');
  };
  routes = apiRouteList(api.config, ds).filter((route) => STATE_CHANGING.has(route.method));
});
afterAll(() => api.close());

/** Every table's rows (but sessions and rate-limit counters), as one digest: equal means nothing changed. */
async function databaseDigest(): Promise<Record<string, string>> {
  const tables: { name: string }[] = await api.dataSource.query(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('sessions', 'rate_limits', 'migrations')
      ORDER BY table_name`,
  );
  const digest: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await api.dataSource.query(`SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${name}" t`);
    digest[name] = `${row.n}:${row.h}`;
  }
  return digest;
}

interface Spelling {
  name: string;
  /** The spelled path, with its parameters filled. */
  path: string;
  /** The router serves this spelling as the route itself, so only the guard can refuse it. */
  routes: boolean;
}

const capitalised = (segment: string) => (segment === '' || segment.startsWith(':') ? segment : segment[0]!.toUpperCase() + segment.slice(1));
const percentEncodedFirst = (segment: string) => `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}`;

/** Every way of spelling a route's path (its parameters filled) that a guard comparing raw strings would get wrong. */
function spellingsOf(pattern: string): Spelling[] {
  const literal = pattern.split('/').map((segment) => !segment.startsWith(':'));
  const segments = fillParams(pattern).split('/');
  const respelled = (change: (segment: string, index: number) => string) =>
    segments.map((segment, index) => (literal[index] && segment !== '' ? change(segment, index) : segment)).join('/');
  const mixedCase = respelled((segment, index) => (index === 1 ? 'API' : capitalised(segment)));
  const lastLiteral = segments.findLastIndex((segment, index) => literal[index] && segment !== '');
  const encodedLetter = respelled((segment, index) => (index === lastLiteral ? percentEncodedFirst(segment) : segment));
  const path = segments.join('/');
  const rest = path.slice('/api'.length); // "/companies/7"
  const spelled: [string, string, boolean][] = [
    ['mixed case', mixedCase, true],
    ['trailing slash', `${path}/`, true],
    ['mixed case and trailing slash', `${mixedCase}/`, true],
    ['a percent-encoded letter', encodedLetter, false],
    ['a percent-encoded /api', `/%61pi${rest}`, false],
    ['the upload prefix and ..', `/api/uploads/..${rest}`, false],
    ['the upload prefix in capitals and ..', `/api/UPLOADS/..${rest}`, false],
    ['the upload prefix and %2e%2e', `/api/uploads/%2e%2e${rest}`, false],
    ['the upload prefix and %2E%2E', `/api/uploads/%2E%2E${rest}`, false],
    ['the upload prefix and .%2e', `/api/uploads/.%2e${rest}`, false],
    ['the upload prefix, a double slash and ..', `/api/uploads//..${rest}`, false],
    ['the upload prefix and ./..', `/api/uploads/./..${rest}`, false],
    ['the upload prefix, a token and ../..', `/api/uploads/x/../..${rest}`, false],
    ['the upload prefix and an encoded ../', `/api/uploads/%2e%2e%2f${rest.slice(1)}`, false],
    ['the upload prefix and an encoded ..\\', `/api/uploads/..%5c${rest.slice(1)}`, false],
    ['a leading double slash, the upload prefix and ..', `//api/uploads/..${rest}`, false],
  ];
  return spelled.map(([name, spelledPath, routes]) => ({ name, path: spelledPath, routes }));
}

/** Runs the requests a few at a time (one API, two cores). */
async function inBatches<T, R>(items: T[], run: (item: T) => Promise<R>, size = 6): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  return results;
}

interface Probe {
  route: string;
  spelling: Spelling;
  reply: RawResponse;
}

function describeProbe({ route, spelling, reply }: Probe) {
  return `${route} as ${spelling.name} (${spelling.path}) → ${reply.status} ${reply.body?.code ?? reply.text.slice(0, 80)}`;
}

/** Refused as `expected` (status and code), or, for a spelling the router does not serve, 404/405; never anything else. */
function wrongReplies(probes: Probe[], expected: { status: number; code: string }): string[] {
  return probes
    .filter(({ spelling, reply }) => {
      const refusedByGuard = reply.status === expected.status && reply.body?.code === expected.code;
      const notRouted = !spelling.routes && [404, 405].includes(reply.status) && typeof reply.body?.code === 'string';
      return !(refusedByGuard || notRouted);
    })
    .map(describeProbe);
}

describe('the CSRF guard, on every state-changing route, in every spelling', () => {
  it('refuses each without X-Requested-With (403 csrf_header_missing, or 404/405 when the spelling does not route), and nothing changes', async () => {
    const guarded = routes.filter((route) => !SIGNED_UPLOADS.has(`${route.method} ${route.path}`));
    expect(guarded.length).toBeGreaterThan(30);
    const before = await databaseDigest();
    const jobs = guarded.flatMap((route) => spellingsOf(route.path).map((spelling) => ({ route, spelling })));
    const probes = await inBatches(jobs, async ({ route, spelling }) => ({
      route: `${route.method} ${route.path}`,
      spelling,
      reply: await rawRequest(api.baseUrl, route.method, spelling.path, {
        headers: { Cookie: admin.cookieHeader(), 'Content-Type': 'application/json', Origin: 'https://evil.example' },
        body: JSON.stringify({ name: 'Cambiado por otro sitio' }),
      }),
    }));
    expect(wrongReplies(probes, { status: 403, code: 'csrf_header_missing' })).toEqual([]);
    expect(probes.filter((probe) => probe.reply.status < 300).map(describeProbe)).toEqual([]);
    expect(await databaseDigest()).toEqual(before);
    // The admin's session was not ended by any of them (POST /API/logout among them).
    expect((await admin.get('/api/user')).status).toBe(200);
  });

  it('replays the probe: DELETE /API/companies/:id with the cookie and without X-Requested-With leaves the company', async () => {
    const company = await buildCompany(api.dataSource, { name: 'Empresa del sondeo' });
    const cookie = admin.cookieHeader();
    for (const path of [`/API/companies/${company.id}`, `/api/Companies/${company.id}/`, `/api/companies/${company.id}/`]) {
      const refused = await rawRequest(api.baseUrl, 'DELETE', path, { headers: { Cookie: cookie } });
      expect(refused.status, path).toBe(403);
      expect(refused.body, path).toMatchObject({ code: 'csrf_header_missing' });
    }
    expect(await api.dataSource.getRepository(CompanyEntity).existsBy({ id: company.id })).toBe(true);
    // The same spelling is a route the router serves: with the header, the admin's own request deletes it.
    const own = await rawRequest(api.baseUrl, 'DELETE', `/API/companies/${company.id}`, { headers: { Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest' } });
    expect(own.status).toBe(200);
    expect(await api.dataSource.getRepository(CompanyEntity).existsBy({ id: company.id })).toBe(false);
  });

  it('replays the probe: POST /API/logout with a text body and a foreign Origin does not end the session', async () => {
    const client = await api.adminClient();
    const cookie = client.cookieHeader();
    for (const path of ['/API/logout', '/api/LOGOUT/', '/api/logout']) {
      const refused = await rawRequest(api.baseUrl, 'POST', path, {
        headers: { Cookie: cookie, 'Content-Type': 'text/plain', Origin: 'https://evil.example' },
        body: 'bye',
      });
      expect(refused.status, path).toBe(403);
      expect(refused.body, path).toMatchObject({ code: 'csrf_header_missing' });
    }
    expect((await client.get('/api/user')).status).toBe(200);
  });

  it('still exempts the signed uploads themselves, in any spelling the router serves them: their own signature check answers', async () => {
    const spellings = ['/api/uploads/forged-token', '/API/Uploads/forged-token', '/api/uploads/forged-token/'];
    for (const path of [...spellings, ...spellings.map((spelling) => spelling.replace(/\/(api)\//i, '/$1/pictures/'))]) {
      const reply = await rawRequest(api.baseUrl, 'PUT', path, { headers: { 'Content-Type': 'image/png' }, body: Buffer.from([0x89, 0x50, 0x4e, 0x47]) });
      expect(reply.status, path).toBe(403);
      expect(reply.body, path).toMatchObject({ code: 'upload_url_invalid' });
    }
  });
});

describe('the JSON-only guard, on every state-changing route, in every spelling', () => {
  it('refuses a text/plain body with 415 (or 404/405 when the spelling does not route), and nothing changes', async () => {
    const guarded = routes.filter((route) => !SIGNED_UPLOADS.has(`${route.method} ${route.path}`));
    const before = await databaseDigest();
    const jobs = guarded.flatMap((route) => spellingsOf(route.path).map((spelling) => ({ route, spelling })));
    const probes = await inBatches(jobs, async ({ route, spelling }) => ({
      route: `${route.method} ${route.path}`,
      spelling,
      reply: await rawRequest(api.baseUrl, route.method, spelling.path, {
        headers: { Cookie: admin.cookieHeader(), 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'text/plain' },
        body: JSON.stringify({ name: 'Cambiado' }),
      }),
    }));
    expect(wrongReplies(probes, { status: 415, code: 'unsupported_media_type' })).toEqual([]);
    expect(probes.filter((probe) => probe.reply.status < 300).map(describeProbe)).toEqual([]);
    expect(await databaseDigest()).toEqual(before);
    expect((await admin.get('/api/user')).status).toBe(200);
  });

  it('replays the probe with the header: POST /API/logout with a text body is a 415 and the session lives on', async () => {
    const client = await api.adminClient();
    const reply = await rawRequest(api.baseUrl, 'POST', '/API/logout', {
      headers: { Cookie: client.cookieHeader(), 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'text/plain', Origin: 'https://evil.example' },
      body: 'bye',
    });
    expect(reply.status).toBe(415);
    expect(reply.body).toMatchObject({ code: 'unsupported_media_type' });
    expect((await client.get('/api/user')).status).toBe(200);
  });
});

describe('one canonical path', () => {
  it('answers every spelling of an API path as the API, errors in the contract shape', async () => {
    const health = await rawRequest(api.baseUrl, 'GET', '/API/Health/');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok', db: 'ok' });
    for (const path of ['/API/no-such-thing', '/Api/', '/API']) {
      const missing = await rawRequest(api.baseUrl, 'GET', path);
      expect(missing.status, path).toBe(404);
      expect(missing.body, path).toEqual({ error: 'No encontrado', message: 'No encontrado', code: 'not_found' });
    }
  });

  it('refuses a path with no single meaning (dot or empty segments, encoded slashes) with 404 before any route', async () => {
    const company = await buildCompany(api.dataSource, { name: 'Empresa de rutas' });
    for (const path of [
      `/api/companies/%2e%2e`, // would reach the route with id ".."
      `/api/companies/${company.id}/locations/..`,
      `/api/companies/${company.id}%2flocations`,
      `/api//companies/${company.id}/locations`,
      `/api/uploads/..%2f..%2fpackage.json`,
      `/api/companies/%E0%A4%A`, // broken percent-encoding
    ]) {
      const reply = await rawRequest(api.baseUrl, 'GET', path, { headers: { Cookie: admin.cookieHeader() } });
      expect(reply.status, path).toBe(404);
      expect(reply.body, path).toEqual({ error: 'No encontrado', message: 'No encontrado', code: 'not_found' });
    }
  });
});
