/**
 * Every route the routers serve (read from them, not a hand list), fed generated hostile requests,
 * signed in and signed out: no reply is a 5xx, every 4xx is the contract's error shape, no reply
 * shows a stack trace or the server's insides. Seeded: FUZZ_SEED changes the seed, FUZZ_RUNS the
 * cases per route and session; a failure prints its replay (FUZZ_ROUTE, FUZZ_SESSION, FUZZ_PATH).
 *
 * The routes are split between test files (each one Vitest worker with its own in-process API),
 * so the API's work and the fuzzer's spread over the machine's cores.
 */
import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { ADMIN, startTestApi } from '../../support/api-server';
import { startFakeOpenAi } from '../../support/fake-openai';
import { apiRouteList, inPart, routeName, stableHash, type ApiRoute } from '../../support/route-list';
import { buildFixture, buildObjects, type Fixture } from './fixture';
import { replyProblem } from './reply-check';
import { requestArbitrary, toWire, type FuzzRequest } from './requests';
import { FuzzTally } from './summary';
import { closeConnections, send, type WireReply } from './wire';

export const DEFAULT_SEED = 20_261_124;
const SEED = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
const ONLY_ROUTE = process.env.FUZZ_ROUTE;
const ONLY_SESSION = process.env.FUZZ_SESSION;
const REPLAY_PATH = process.env.FUZZ_PATH;
const SESSIONS = ['signed-in', 'signed-out'] as const;
type Session = (typeof SESSIONS)[number];


const cookiesOf = (reply: WireReply) => ([] as string[]).concat(reply.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!);
const endsSession = (reply: WireReply) => ([] as string[]).concat(reply.headers['set-cookie'] ?? []).some((c) => /expires=Thu, 01 Jan 1970/i.test(c));

/** Defines the fuzz tests of part `part` (0-based) of `parts`: the routes whose name hashes there. */
export async function fuzzRoutes(part: number, parts: number) {
  const ai = await startFakeOpenAi();
  ai.respondWith({ kind: 'questions' });
  const api = await startTestApi({
    // The limits stay on; high enough that the fuzzer reaches the code behind them.
    PLAYER_RATE_LIMIT: '1000000',
    LOGIN_RATE_LIMIT: '1000000',
    PLAYER_DOCUMENT_RATE_LIMIT: '1000000',
    PLAYER_DOCUMENTS_PER_ADDRESS: '1000000',
    PUBLIC_RATE_LIMIT: '1000000',
    DEVICE_RATE_LIMIT: '1000000',
    ANSWER_RATE_LIMIT: '1000000',
    OPENAI_API_KEY: 'fuzz',
    OPENAI_BASE_URL: `${ai.url}/v1`,
    OPENAI_TIMEOUT_MS: '2000',
  });
  await api.adminClient(); // creates the admin
  const tally = new FuzzTally(SEED, RUNS);
  const all = apiRouteList(api.config, api.dataSource);
  if (ONLY_ROUTE && !all.some((route) => routeName(route) === ONLY_ROUTE)) throw new Error(`fuzz: no route is "${ONLY_ROUTE}"`);
  const routes = all.filter((route) => (!ONLY_ROUTE || routeName(route) === ONLY_ROUTE) && inPart(route, part, parts));

  afterAll(async () => {
    tally.write(part);
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

  /**
   * The stored row of a signed-in session, to put back after a request ends it: a new login per
   * logout (a password hash each) would make the logout route the slowest of all by far. When the
   * store keeps sessions otherwise, the fuzzer signs in again instead.
   */
  async function savedSession(cookie: string): Promise<unknown> {
    const id = /trivia\.sid=([^;]+)/.exec(cookie)?.[1];
    if (!id) return undefined;
    try {
      const [row] = await api.dataSource.query(`SELECT to_jsonb(s) AS row FROM sessions s WHERE id = $1`, [decodeURIComponent(id)]);
      return row?.row;
    } catch {
      return undefined;
    }
  }
  async function restoreSession(row: unknown): Promise<boolean> {
    if (!row) return false;
    await api.dataSource.query(`INSERT INTO sessions SELECT * FROM jsonb_populate_record(NULL::sessions, $1) ON CONFLICT DO NOTHING`, [JSON.stringify(row)]);
    return true;
  }

  // A fuzzed "Cerrar sesión en los demás dispositivos" ends every other session of the admin,
  // this one and the other routes' included: a 401 here means that, and the fixture signs in again.
  let adminCookie = await signIn();
  const fixtureApi = {
    dataSource: api.dataSource,
    async adminRequest(method: string, path: string, body?: unknown, options: { raw?: { bytes: Uint8Array; contentType: string }; headers?: Record<string, string> } = {}) {
      const { raw } = options;
      const bytes = raw ? Buffer.from(raw.bytes) : body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const headers: Record<string, string> = {
        'X-Requested-With': 'XMLHttpRequest',
        'Content-Type': raw?.contentType ?? 'application/json',
        ...options.headers,
      };
      if (bytes) headers['Content-Length'] = String(bytes.length);
      let reply = await send(api.baseUrl, { method, path, headers, body: bytes }, adminCookie);
      if (reply.status === 401) {
        adminCookie = await signIn();
        reply = await send(api.baseUrl, { method, path, headers, body: bytes }, adminCookie);
      }
      return { status: reply.status, body: JSON.parse(reply.text || 'null') };
    },
  };

  interface RouteState {
    fixture: Fixture;
    /** Set when a request deleted something: the next case gets fresh database objects. */
    stale: boolean;
  }

  async function fuzzRoute(route: ApiRoute, session: Session, state: RouteState): Promise<string | undefined> {
    const name = routeName(route);
    // The signed-in session is the admin's own; a request that ends it (logout) is followed by a new login.
    let cookie = session === 'signed-in' ? await signIn() : undefined;
    const saved = cookie ? await savedSession(cookie) : undefined;
    const property = fc.asyncProperty(requestArbitrary(route), async (request: FuzzRequest) => {
      if (state.stale) {
        state.stale = false;
        state.fixture = { ...state.fixture, ids: await buildObjects(api.dataSource) };
      }
      const wire = toWire(route, request, state.fixture);
      const reply = await send(api.baseUrl, wire, cookie);
      tally.reply(reply.status);
      if (route.method === 'DELETE' && reply.status < 300) state.stale = true;
      // A session ended by this request (logout), or by another route's (signing out the admin's other sessions), is put back.
      if (session === 'signed-in' && (endsSession(reply) || reply.status === 401)) cookie = (await restoreSession(saved)) ? cookie : await signIn();
      const problem = replyProblem(reply);
      if (problem) throw new Error(`${wire.method} ${wire.path.slice(0, 300)} ${problem}`);
    });
    const details = await fc.check(property, {
      seed: stableHash(`${name} ${session}`, SEED),
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

  /**
   * The routes of a signed-in user's own account (a password change, "Cerrar sesión en los demás
   * dispositivos", closing one session) end the admin's other sessions, the fixture's too. They run
   * apart from the building of fixtures, one at a time: a fixture built while one of them runs
   * would be signed out between its login and its request.
   */
  const endsOtherSessions = (route: ApiRoute) => route.path.startsWith('/api/account/');
  let apart: Promise<unknown> = Promise.resolve();
  const runApart = <T>(work: () => Promise<T>): Promise<T> => {
    const run = apart.then(work, work);
    apart = run.catch(() => undefined);
    return run;
  };

  describe.concurrent(`API routes, part ${part + 1} of ${parts}: ${RUNS} generated requests signed in and ${RUNS} signed out (seed ${SEED})`, () => {
    for (const route of routes) {
      const fuzzAll = async (fixture: Fixture) => {
        const state: RouteState = { fixture, stale: false };
        const sessions = SESSIONS.filter((s) => !ONLY_SESSION || s === ONLY_SESSION);
        return (await Promise.all(sessions.map((session) => fuzzRoute(route, session, state)))).filter(Boolean);
      };
      it(routeName(route), async () => {
        const reports = endsOtherSessions(route)
          ? await runApart(async () => fuzzAll(await buildFixture(fixtureApi)))
          : await fuzzAll(await runApart(() => buildFixture(fixtureApi)));
        if (reports.length) throw new Error(reports.join('\n\n'));
      });
    }
    // A replay (FUZZ_ROUTE) runs one route: the other part says where it went.
    if (!routes.length && ONLY_ROUTE) it(`${ONLY_ROUTE} is in another part`, () => {});
  });
}
