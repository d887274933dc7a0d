/**
 * Every route the routers serve (read from them, not a hand list), fed generated hostile requests,
 * signed in and signed out: no reply is a 5xx, every 4xx is the contract's error shape, no reply
 * shows a stack trace or the server's paths. Seeded: FUZZ_SEED changes the seed, FUZZ_RUNS the
 * cases per route and session; a failure prints its replay (FUZZ_ROUTE, FUZZ_SESSION, FUZZ_PATH).
 */
import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { ADMIN, startTestApi } from '../support/api-server';
import { startFakeOpenAi } from '../support/fake-openai';
import { apiRouteList, type ApiRoute } from '../support/route-list';
import { buildFixture, type Fixture } from './support/fixture';
import { replyProblem } from './support/reply-check';
import { requestArbitrary, toWire, type FuzzRequest } from './support/requests';
import { FuzzTally } from './support/summary';
import { closeConnections, send, type WireReply } from './support/wire';

const DEFAULT_SEED = 20_261_124;
const SEED = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const ONLY_ROUTE = process.env.FUZZ_ROUTE;
const ONLY_SESSION = process.env.FUZZ_SESSION;
const REPLAY_PATH = process.env.FUZZ_PATH;
const SESSIONS = ['signed-in', 'signed-out'] as const;
type Session = (typeof SESSIONS)[number];

const ai = await startFakeOpenAi();
ai.respondWith({ kind: 'questions' });
const api = await startTestApi({
  // The limits stay on; high enough that the fuzzer reaches the code behind them.
  PLAYER_RATE_LIMIT: '1000000',
  LOGIN_RATE_LIMIT: '1000000',
  OPENAI_API_KEY: 'fuzz',
  OPENAI_BASE_URL: `${ai.url}/v1`,
  OPENAI_TIMEOUT_MS: '2000',
});
await api.adminClient(); // creates the admin
const tally = new FuzzTally(SEED, RUNS);
const routes = apiRouteList(api.config, api.dataSource);
const routeName = (route: ApiRoute) => `${route.method} ${route.path}`;

afterAll(async () => {
  tally.write();
  closeConnections();
  await api.close();
  await ai.close();
});

/** A session cookie for the admin, from a real login. */
async function signIn(): Promise<string> {
  const body = Buffer.from(JSON.stringify(ADMIN));
  const reply = await send(api.baseUrl, {
    method: 'POST',
    path: '/api/login',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'Content-Length': String(body.length) },
    body,
  });
  if (reply.status !== 200) throw new Error(`fuzz: admin login failed (${reply.status} ${reply.text})`);
  return cookiesOf(reply).join('; ');
}

const cookiesOf = (reply: WireReply) => ([] as string[]).concat(reply.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!);
const endsSession = (reply: WireReply) => ([] as string[]).concat(reply.headers['set-cookie'] ?? []).some((c) => /expires=Thu, 01 Jan 1970/i.test(c));

const adminCookie = await signIn();
const fixtureApi = {
  dataSource: api.dataSource,
  async adminRequest(method: string, path: string, body?: unknown, raw?: { bytes: Uint8Array; contentType: string }) {
    const bytes = raw ? Buffer.from(raw.bytes) : body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': raw?.contentType ?? 'application/json' };
    if (bytes) headers['Content-Length'] = String(bytes.length);
    const reply = await send(api.baseUrl, { method, path, headers, body: bytes }, adminCookie);
    return { status: reply.status, body: JSON.parse(reply.text || 'null') };
  },
};

/** A stable seed per route and session, so adding a route changes no other route's cases. */
function seedFor(route: string, session: Session): number {
  let hash = SEED | 0;
  for (const char of `${route} ${session}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return hash >>> 0;
}

interface RouteState {
  fixture: Fixture;
  /** Set when a request deleted something: the next case gets a fresh fixture. */
  stale: boolean;
}

async function fuzzRoute(route: ApiRoute, session: Session, state: RouteState): Promise<string | undefined> {
  const name = routeName(route);
  let cookie = session === 'signed-in' ? await signIn() : undefined;
  const seed = seedFor(name, session);
  const property = fc.asyncProperty(requestArbitrary(route), async (request: FuzzRequest) => {
    if (state.stale) {
      state.stale = false;
      state.fixture = await buildFixture(fixtureApi);
    }
    const wire = toWire(route, request, state.fixture);
    const reply = await send(api.baseUrl, wire, cookie);
    tally.reply(reply.status);
    if (route.method === 'DELETE' && reply.status < 300) state.stale = true;
    if (session === 'signed-in' && endsSession(reply)) cookie = await signIn();
    const problem = replyProblem(reply);
    if (problem) throw new Error(`${wire.method} ${wire.path.slice(0, 300)} ${problem}`);
  });
  const details = await fc.check(property, {
    seed,
    numRuns: RUNS,
    ...(REPLAY_PATH ? { path: REPLAY_PATH, endOnFailure: true } : {}),
  });
  tally.property(name, details.numRuns);
  if (!details.failed) return undefined;
  const problem = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const replay =
    `FUZZ_SEED=${SEED} FUZZ_ROUTE='${name}' FUZZ_SESSION=${session} FUZZ_PATH='${details.counterexamplePath}' ` +
    `npx vitest run -c tests/fuzz/vitest.config.ts`;
  const report = `${name} (${session}): ${problem}\n${fc.defaultReportMessage(details)}\nreplay: ${replay}`;
  tally.failure({ route: name, session, report, replay });
  return report;
}

const selected = routes.filter((route) => !ONLY_ROUTE || routeName(route) === ONLY_ROUTE);
if (!selected.length) throw new Error(`fuzz: no route is "${ONLY_ROUTE}"`);

describe.concurrent(`every API route, ${RUNS} generated requests signed in and ${RUNS} signed out (seed ${SEED})`, () => {
  for (const route of selected) {
    it(routeName(route), async () => {
      const state: RouteState = { fixture: await buildFixture(fixtureApi), stale: false };
      const sessions = SESSIONS.filter((s) => !ONLY_SESSION || s === ONLY_SESSION);
      const reports = (await Promise.all(sessions.map((session) => fuzzRoute(route, session, state)))).filter(Boolean);
      if (reports.length) throw new Error(reports.join('\n\n'));
    });
  }
});
