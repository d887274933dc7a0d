/**
 * The route × role × scope matrix (docs/permissions.md): every declared route that is not public,
 * read from the routers, called over real HTTP by each caller (./permission-callers.ts), its reply
 * checked against what its declaration and COMPANY_ACTIONS expect (./permission-matrix.ts).
 *
 * The calls that must be refused run first, on one set of objects in company A (a refusal changes
 * nothing); then the reads that pass, on the same objects; then the writes that pass, each on a
 * fresh set, since one may delete what another needs. A caller's writes run one after another (one
 * of them ends the caller's other sessions and gives this one a new id, which a request sent beside
 * it with the old cookie would miss); different callers' side by side.
 *
 * Every state-changing call is also counted in "Actividad" (./permission-activity.ts): a 2xx adds
 * exactly one entry by its caller, anything else none. So a caller's state-changing calls run one
 * after another, and the signed-out caller's alone (their count is the whole table's).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../support/api-server';
import { buildCompany } from '../../support/factories';
import { inPart, routeName, servedRouteList } from '../../support/route-list';
import { activityProblem, changesState, entriesBy, entriesExpected } from './permission-activity';
import { signInCallers, type Caller } from './permission-callers';
import {
  expectedOutcome,
  firstTarget,
  OUTCOMES,
  replyProblem,
  requestFor,
  withoutFirstTarget,
  type DeclaredRoute,
  type MatrixRequest,
  type Outcome,
  type Reply,
} from './permission-matrix';
import { buildMatrixObjects, type MatrixObjects } from './permission-objects';

interface Case {
  route: DeclaredRoute;
  caller: Caller;
  outcome: Outcome;
}

/** Runs the jobs a few at a time (one API, two cores), each worker taking the next job as it finishes one. */
async function inParallel<T>(items: readonly T[], run: (item: T) => Promise<void>, workers = 8): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: workers }, worker));
}

const send = (client: Caller['client'], request: MatrixRequest): Promise<Reply> => client.request(request.method, request.path, request.body);

/** Defines the matrix's test over part `part` (0-based) of `parts`: the routes whose name hashes there. */
export function permissionMatrix(part: number, parts: number) {
  let api: TestApi;
  let companyA: number;
  let callers: Caller[];
  let shared: MatrixObjects;
  let routes: DeclaredRoute[];

  beforeAll(async () => {
    api = await startTestApi({ LOGIN_RATE_LIMIT: '1000', PUBLIC_RATE_LIMIT: '1000000' });
    companyA = (await buildCompany(api.dataSource, { name: 'Empresa A' })).id;
    const companyB = (await buildCompany(api.dataSource, { name: 'Empresa B' })).id;
    await buildMatrixObjects(api.dataSource, companyB); // B has objects of its own, beyond A's members
    shared = await buildMatrixObjects(api.dataSource, companyA);
    callers = await signInCallers(api, companyA, companyB);
    routes = servedRouteList(api.config, api.dataSource).filter(
      (route): route is DeclaredRoute => route.access !== undefined && route.access.level !== 'public' && inPart(route, part, parts),
    );
  });
  afterAll(() => api?.close());

  it('answers every declared route as its declaration and COMPANY_ACTIONS say, for each role in and out of scope', async () => {
    const started = Date.now();
    const cases: Case[] = routes.flatMap((route) => callers.map((caller) => ({ route, caller, outcome: expectedOutcome(route.access, caller) })));
    // The route's own reply for an object that does not exist, asked by the owner, whom no guard stops.
    const owner = callers.find((caller) => caller.kind === 'owner')!;
    const missingReplies = new Map<DeclaredRoute, Reply>();
    await inParallel(
      routes.filter((route) => firstTarget(route)),
      async (route) => void missingReplies.set(route, await send(owner.client, requestFor(route, withoutFirstTarget(route, shared)))),
    );

    /** Each wrong reply, by route, request and problem, with the callers who got it. */
    const problems = new Map<string, string[]>();
    /** State-changing calls that answered 2xx (each checked to add one entry), and those checked to add none. */
    const counted = { recorded: 0, unrecorded: 0 };
    /**
     * Sends a case's request and notes what is wrong with its reply, and for a state-changing
     * call with the entries it added (the caller's other calls are not running meanwhile).
     */
    const call = async (job: Case, objects: MatrixObjects) => {
      const request = requestFor(job.route, objects);
      const before = changesState(job.route) ? await entriesBy(api.dataSource, job.caller.userId) : undefined;
      const reply = await send(job.caller.client, request);
      const found = [replyProblem(job.outcome, reply, missingReplies.get(job.route))];
      if (before !== undefined) {
        found.push(activityProblem(job.route, reply, (await entriesBy(api.dataSource, job.caller.userId)) - before));
        counted[entriesExpected(job.route, reply) ? 'recorded' : 'unrecorded'] += 1;
      }
      for (const problem of found.filter((found): found is string => found !== undefined)) {
        const key = `${routeName(job.route)} (${request.method} ${request.path}${request.body ? ` ${JSON.stringify(request.body)}` : ''}): ${problem}`;
        problems.set(key, [...(problems.get(key) ?? []), job.caller.name]);
      }
    };
    /** Each caller's jobs one after another (a count of their entries sees only their own call), callers side by side. */
    const callerByCaller = (jobs: Case[], objectsFor: (job: Case) => Promise<MatrixObjects>) =>
      Promise.all(
        callers.map(async (caller) => {
          for (const job of jobs.filter((one) => one.caller === caller)) await call(job, await objectsFor(job));
        }),
      );

    const refusals = cases.filter((job) => job.outcome !== 'passes');
    await inParallel(
      refusals.filter((job) => !changesState(job.route)),
      (job) => call(job, shared),
    );
    const signedOut = refusals.filter((job) => changesState(job.route) && job.caller.userId === null);
    for (const job of signedOut) await call(job, shared); // alone: their count is the whole table's
    await callerByCaller(
      refusals.filter((job) => changesState(job.route) && job.caller.userId !== null),
      async () => shared,
    );
    const reads = cases.filter((job) => job.outcome === 'passes' && !changesState(job.route));
    await inParallel(reads, (job) => call(job, shared));
    const writes = cases.filter((job) => job.outcome === 'passes' && changesState(job.route));
    await callerByCaller(writes, async (job) => (job.route.path.includes(':') || firstTarget(job.route) ? buildMatrixObjects(api.dataSource, companyA) : shared));

    const failed = [...problems.values()].reduce((sum, names) => sum + names.length, 0);
    const counts = OUTCOMES.map((outcome) => `${cases.filter((job) => job.outcome === outcome).length} ${outcome}`).join(', ');
    console.log(
      `permissions matrix${parts > 1 ? ` (part ${part + 1} of ${parts})` : ''}: ${routes.length} routes × ${callers.length} callers ` +
        `(${callers.map((caller) => caller.name).join(', ')}) = ${cases.length} cases: ${counts}; ` +
        `${counted.recorded} state-changing 2xx calls checked to add one "Actividad" entry, ${counted.unrecorded} other state-changing calls to add none; ` +
        `${failed} failed; ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const report = [...problems].map(([problem, names]) => `as ${names.join(', ')}: ${problem}`);
    expect(report, `cases whose reply (or entries in "Actividad") is not what the declaration, COMPANY_ACTIONS and the record expect:\n${report.join('\n')}`).toEqual([]);
  }, 300_000);
}
