import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AnalysisQuery, SelectionMode } from '../../contract';
import { campaignAnalysis, recomputedCampaignAnalysis } from '../../api/results/insights/campaign-analysis';
import { recomputedTriviaActivity, triviaActivity } from '../../api/results/insights/trivia-activity';
import { recomputedTriviaAnalysis, triviaAnalysis } from '../../api/results/insights/trivia-analysis';
import { CampaignEntity } from '../../db/entities';
import { campaignRankingOrder, campaignRankingPage, campaignRankingRequest } from '../../api/results/ranking/campaign-ranking';
import { campaignStandingOrder, triviaStandingOrder } from '../../api/results/ranking/from-standings';
import { campaignStandingPage, campaignStandingPages, triviaStandingPage } from '../../api/results/ranking/standing-pages';
import { FOLD_AFTER } from '../../api/results/ranking/standing-totals';
import { refreshPlayerStandings } from '../../api/standings/refresh';
import { triviaRankingOrder, triviaRankingPage } from '../../api/results/ranking/trivia-ranking';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';
import { buildCompany, buildLocation, buildTrivia } from '../support/factories';
import { chooseAnswers, documentTypeId, offlinePlay, registerDevice, type TestTrivia } from '../support/player-flow';

/**
 * The standings against a full recomputation: random histories of completions (synced, as kiosks
 * send them, at several sites and days, some held for an implausible time), held attempts released
 * or discarded, disqualifications (of an attempt or a player) and restorations, erasures (anonymised and deleted), site moves (a player registering again at
 * another site) and deleted sites, cleared trivias, and campaigns whose mode, attempt limit and
 * weights change, company time zones that change. After each history every ranking the standings
 * hold (each trivia and campaign, whole and per site) is read from the standings and recomputed
 * from the attempts with the recomputing statements: the two orders and totals are the same, and so
 * is the endpoint's page. So is every analysis and activity, read from the analysis logs and recomputed.
 */
const SEED = Number(process.env.STANDINGS_SEED ?? 1414);
const RUNS = Number(process.env.STANDINGS_RUNS ?? 10);

let api: TestApi;
let admin: TestClient;
let cc: number;

beforeAll(async () => {
  api = await startTestApi({ PLAYER_RATE_LIMIT: '100000', PLAYER_DOCUMENT_RATE_LIMIT: '100000', PLAYER_DOCUMENTS_PER_ADDRESS: '100000', PUBLIC_RATE_LIMIT: '100000' });
  admin = await api.adminClient();
  cc = await documentTypeId(api.dataSource);
});
afterAll(() => api.close());

/** The campaigns' period, and a day of the analysis' filters (UTC's, which is not every zone's). */
const TODAY = new Date().toISOString().slice(0, 10);
const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

const PLAYERS = 5;
const SITES = 3;
const TRIVIAS = 3;
const MODES: SelectionMode[] = ['best', 'first', 'last', 'average'];

const command = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('play' as const),
      player: fc.nat(PLAYERS - 1),
      trivia: fc.nat(TRIVIAS - 1),
      site: fc.nat(SITES - 1),
      correct: fc.nat(2),
      // Under 3 s for two questions is implausible: the attempt is held for review.
      seconds: fc.oneof(fc.integer({ min: 3, max: 12 }), fc.constant(1)),
      // Played up to 11 hours ago (the devices were set up 11½ hours ago, so the server vouches for
      // the times): over two days in some zones, so the campaigns' period (today) and the analysis'
      // days cut the rounds, and a zone change moves some of them to another day.
      minutesAgo: fc.integer({ min: 1, max: 660 }),
      onPhone: fc.boolean(),
      // The first answer's time in tenths of a second; the second's 7 tenths more.
      tenths: fc.integer({ min: 3, max: 90 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('decide' as const), held: fc.nat(20), release: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('erase' as const), player: fc.nat(PLAYERS - 1), action: fc.constantFrom('anonymise', 'delete') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('clear' as const), trivia: fc.nat(TRIVIAS - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteSite' as const), site: fc.nat(SITES - 1) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('campaignRules' as const),
      campaign: fc.nat(1),
      mode: fc.constantFrom(...MODES),
      maxAttempts: fc.integer({ min: 1, max: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reweight' as const), link: fc.nat(3), weight: fc.integer({ min: 1, max: 5 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('disqualify' as const), attempt: fc.nat(40), scope: fc.constantFrom('attempt', 'player') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restore' as const), disqualification: fc.nat(10) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('timeZone' as const), zone: fc.constantFrom('America/Bogota', 'Asia/Kolkata', null) }) },
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

let runNumber = 0;
/** Disqualifications and restorations the histories made: the property must have exercised them. */
let moderations = 0;
/** Rounds the analyses compared held: the property must have compared some. */
let analysedRounds = 0;

/** A company of its own per history: three sites, three trivias, two campaigns over them. */
async function buildWorld() {
  runNumber += 1;
  const company = await buildCompany(api.dataSource, { name: `Feria Standings ${runNumber}` });
  const sites = await Promise.all(Array.from({ length: SITES }, (_, i) => buildLocation(api.dataSource, company.id, `Sede ${runNumber}.${i}`)));
  const trivias: TestTrivia[] = [];
  for (let i = 0; i < TRIVIAS; i++) trivias.push(await buildTrivia(api.dataSource, company.id, { questions: 2, overrides: { questionsPerRound: 2 } }));
  // Made half a day ago: a round the server places before its trivia existed would be held.
  await api.dataSource.query(`UPDATE question_groups SET created_at = now() - interval '12 hours' WHERE id = ANY($1::int[])`, [trivias.map((t) => t.group.id)]);
  const campaigns: CampaignEntity[] = [];
  const links: number[] = [];
  for (const [i, members] of [
    [0, [0, 1]],
    [1, [1, 2]],
  ] as const) {
    const created = await admin.post('/api/campaigns', {
      name: `Campaña ${runNumber}.${i}`,
      companyId: company.id,
      startDate: TODAY,
      endDate: TODAY,
      maxAttemptsPerTrivia: 2,
      attemptSelectionMode: i === 0 ? 'best' : 'average',
    });
    expect(created.status).toBe(201);
    campaigns.push(created.body as CampaignEntity);
    for (const [w, member] of members.entries()) {
      const link = await admin.post('/api/campaign-question-groups', { campaignId: created.body.id, questionGroupId: trivias[member]!.group.id, weight: w + 1 });
      expect(link.status).toBe(201);
      links.push(link.body.id);
    }
  }
  return { company, sites, trivias, campaigns, links };
}

async function runHistory(commands: Command[]) {
  const world = await buildWorld();
  const agoMs = 11.5 * 3600_000;
  const kiosk = await registerDevice(api, api.client(), { agoMs });
  const phone = await registerDevice(api, api.client(), { phone: true, agoMs });
  // Each device numbers its own mutations.
  const nextMutation = { kiosk: 1, phone: 1 };
  const documents = Array.from({ length: PLAYERS }, (_, i) => `ST${runNumber}X${i}`);
  const held: number[] = [];
  for (const c of commands) {
    switch (c.kind) {
      case 'play': {
        const trivia = world.trivias[c.trivia]!;
        const device = c.onPhone ? 'phone' : 'kiosk';
        const play = offlinePlay({
          firstMutationId: nextMutation[device],
          documentTypeId: cc,
          documentNumber: documents[c.player]!,
          locationId: world.sites[c.site]!.id,
          questionGroupId: trivia.group.id,
          answers: chooseAnswers(trivia, c.correct).map((answer, i) => ({ ...answer, elapsedMs: (c.tenths + 7 * i) * 100 + (nextMutation[device] % 100) })),
          completionTime: c.seconds,
          completedAt: new Date(Date.now() - c.minutesAgo * 60_000),
        });
        nextMutation[device] += 3;
        const res = await (c.onPhone ? phone : kiosk).push(play.mutations);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const [attempt] = await api.dataSource.query(`SELECT id, review_status FROM player_attempts WHERE client_id = $1`, [play.attemptClientId]);
        if (attempt?.review_status === 'held') held.push(attempt.id);
        break;
      }
      case 'decide': {
        if (held.length === 0) break;
        const [id] = held.splice(c.held % held.length, 1);
        const res = await admin.post(`/api/player-attempts/${id}/${c.release ? 'release' : 'discard'}`);
        expect([200, 404]).toContain(res.status); // 404: its player was deleted since
        break;
      }
      case 'erase': {
        const [player] = await api.dataSource.query(`SELECT id FROM players WHERE document_type_id = $1 AND document_number = $2`, [cc, documents[c.player]]);
        if (!player) break;
        const res = await admin.post(`/api/player-data/${player.id}/erase`, { action: c.action, confirm: documents[c.player] });
        expect(res.status).toBe(200);
        break;
      }
      case 'clear': {
        const res = await admin.delete(`/api/question-groups/${world.trivias[c.trivia]!.group.id}/player-attempts`);
        expect(res.status).toBe(200);
        break;
      }
      case 'deleteSite': {
        const res = await admin.delete(`/api/locations/${world.sites[c.site]!.id}`);
        expect([200, 404]).toContain(res.status); // 404: deleted before
        break;
      }
      case 'campaignRules': {
        const campaign = world.campaigns[c.campaign]!;
        const res = await admin.patch(`/api/campaigns/${campaign.id}`, {
          name: campaign.name,
          companyId: world.company.id,
          startDate: TODAY,
          endDate: TODAY,
          maxAttemptsPerTrivia: c.maxAttempts,
          attemptSelectionMode: c.mode,
        });
        expect(res.status).toBe(200);
        break;
      }
      case 'reweight': {
        const res = await admin.patch(`/api/campaign-question-groups/${world.links[c.link]}`, { weight: c.weight });
        expect(res.status).toBe(200);
        break;
      }
      case 'disqualify': {
        const attempts: { id: number }[] = await api.dataSource.query(
          `SELECT id FROM player_attempts WHERE question_group_id = ANY($1::int[]) AND completed_at IS NOT NULL ORDER BY id`,
          [world.trivias.map((t) => t.group.id)],
        );
        if (attempts.length === 0) break;
        const res = await admin.post('/api/ranking-disqualifications', { attemptId: attempts[c.attempt % attempts.length]!.id, scope: c.scope, reason: 'Historia al azar' });
        expect([201, 409]).toContain(res.status); // 409: already out
        if (res.status === 201) moderations += 1;
        break;
      }
      case 'restore': {
        const holding: { id: number }[] = await api.dataSource.query(
          `SELECT id FROM ranking_disqualifications WHERE question_group_id = ANY($1::int[]) AND restored_at IS NULL ORDER BY id`,
          [world.trivias.map((t) => t.group.id)],
        );
        if (holding.length === 0) break;
        const res = await admin.post(`/api/ranking-disqualifications/${holding[c.disqualification % holding.length]!.id}/restore`, { reason: 'Revisado' });
        expect(res.status).toBe(200);
        moderations += 1;
        break;
      }
      case 'timeZone': {
        const res = await admin.patch(`/api/companies/${world.company.id}`, { name: world.company.name, timeZone: c.zone });
        expect(res.status).toBe(200);
        break;
      }
    }
  }
  await compareWithRecomputation(world);
  await compareAnalysisWithRecomputation(world, kiosk.deviceId);
}

/** Every ranking the standings hold, read from them and recomputed from the attempts: the same order and total. */
async function compareWithRecomputation(world: Awaited<ReturnType<typeof buildWorld>>) {
  const em = api.dataSource.manager;
  const sites = [undefined, ...world.sites.map((site) => site.id)];
  for (const { group } of world.trivias) {
    for (const locationId of sites) {
      const filters = { questionGroupId: group.id, includeDuplicates: false, from: null, to: null, ...(locationId ? { locationId } : {}) };
      const recomputed = await triviaRankingOrder(em, filters, null);
      const standing = await triviaStandingOrder(em, filters, null);
      expect({ total: standing.total, ids: Array.from(standing.ids) }).toEqual({ total: recomputed.total, ids: Array.from(recomputed.ids) });
      // Every figure a page shows, read from the standings alone, is the recomputed page's.
      expect(await triviaStandingPage(em, filters, standing, 0, standing.total)).toEqual(await triviaRankingPage(em, recomputed, 0, recomputed.total));
    }
    const page = await admin.get(`/api/ranking?questionGroupId=${group.id}&limit=100`);
    expect(page.status).toBe(200);
    expect((page.body as { id: number }[]).map((entry) => entry.id)).toEqual(Array.from((await triviaRankingOrder(em, { questionGroupId: group.id, includeDuplicates: false, from: null, to: null }, 100)).ids));
  }
  for (const { id } of world.campaigns) {
    const campaign = await em.findOneByOrFail(CampaignEntity, { id });
    for (const locationId of sites) {
      const request = await campaignRankingRequest(em, campaign, locationId ? { locationId } : {});
      const recomputed = await campaignRankingOrder(em, request, null);
      const standing = await campaignStandingOrder(em, request, null);
      expect({ total: standing.total, ids: Array.from(standing.ids) }).toEqual({ total: recomputed.total, ids: Array.from(recomputed.ids) });
      const expected = await campaignRankingPage(em, request, recomputed, 0, recomputed.total);
      expect(await campaignStandingPage(em, request, standing, 0, standing.total)).toEqual(expected);
      // The export's keyset pages (two rows each, so ties on the total cross pages) list the same entries.
      const keyset = [];
      for await (const page of campaignStandingPages((work) => api.dataSource.transaction(work), request, 2)) keyset.push(...page);
      expect(keyset).toEqual(expected);
    }
    const page = await admin.get(`/api/campaigns/${id}/ranking?limit=100`);
    expect(page.status).toBe(200);
    const request = await campaignRankingRequest(em, campaign, {});
    expect((page.body as { playerId: number }[]).map((entry) => entry.playerId)).toEqual(Array.from((await campaignRankingOrder(em, request, 100)).ids));
  }
}

/**
 * Every analysis the logs hold, read from them and recomputed from the stored rounds: each trivia's
 * whole, per site, on the kiosk, at a site on the kiosk and over two days; each campaign's whole and per site.
 */
async function compareAnalysisWithRecomputation(world: Awaited<ReturnType<typeof buildWorld>>, kioskId: string) {
  const em = api.dataSource.manager;
  const siteIds = world.sites.map((site) => site.id);
  const filters: AnalysisQuery[] = [
    {},
    ...siteIds.map((locationId) => ({ locationId })),
    { deviceId: kioskId },
    { locationId: siteIds[0], deviceId: kioskId },
    { dateFrom: TODAY, dateTo: TODAY },
    { dateTo: YESTERDAY },
  ];
  for (const { group } of world.trivias) {
    for (const query of filters) {
      const logged = await triviaAnalysis(em, group.id, query);
      expect(logged, JSON.stringify(query)).toEqual(await recomputedTriviaAnalysis(em, group.id, query));
      analysedRounds += logged.rounds;
    }
    for (const query of [{}, { dateFrom: TODAY, dateTo: TODAY }]) {
      expect(await triviaActivity(em, group.id, query), JSON.stringify(query)).toEqual(await recomputedTriviaActivity(em, group.id, query));
    }
  }
  for (const { id } of world.campaigns) {
    const campaign = await em.findOneByOrFail(CampaignEntity, { id });
    for (const locationId of [undefined, ...siteIds]) {
      expect(await campaignAnalysis(em, campaign, { locationId })).toEqual(await recomputedCampaignAnalysis(em, campaign, { locationId }));
    }
  }
}

it('the standings give every ranking a full recomputation gives, after random histories of completions, reviews, disqualifications and restorations, erasures, site changes and clears', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 30 }), (commands) => runHistory(commands)),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
  expect(moderations).toBeGreaterThan(0);
  expect(analysedRounds).toBeGreaterThan(0);
}, 240_000);

it("a ranking's total stays right when its count log is folded, by the triggers and by a reader", async () => {
  const world = await buildWorld();
  const device = await registerDevice(api);
  const trivia = world.trivias[0]!;
  const play = offlinePlay({
    firstMutationId: 1,
    documentTypeId: cc,
    documentNumber: `FOLD${runNumber}`,
    locationId: world.sites[0]!.id,
    questionGroupId: trivia.group.id,
    answers: chooseAnswers(trivia, 1),
    completionTime: 8,
  });
  expect((await device.push(play.mutations)).status).toBe(200);
  const [{ player_id: playerId }] = await api.dataSource.query(`SELECT player_id FROM player_attempts WHERE client_id = $1`, [play.attemptClientId]);
  const parts = async () =>
    Number((await api.dataSource.query(`SELECT count(*) AS n FROM trivia_standing_counts WHERE question_group_id = $1 AND site_id = 0`, [trivia.group.id]))[0].n);
  const total = async () => {
    const page = await admin.get(`/api/ranking?questionGroupId=${trivia.group.id}`);
    expect(page.status).toBe(200);
    expect((page.body as { playerId: number }[]).map((entry) => entry.playerId)).toEqual([playerId]);
    return page.headers.get('x-total-count');
  };

  // Each refresh deletes and inserts the player's standings, two delta rows per ranking and site;
  // the triggers fold now and then, so 200 refreshes leave far fewer than 400 rows.
  for (let i = 0; i < 200; i++) await refreshPlayerStandings(api.dataSource.manager, playerId, trivia.group.id);
  expect(await parts()).toBeLessThan(200);
  expect(await total()).toBe('1');

  // A long log (as many transactions that all missed their fold would leave) is folded by its next reader.
  await api.dataSource.query(
    `INSERT INTO trivia_standing_counts (question_group_id, site_id, delta) SELECT $1, 0, (-1) ^ g FROM generate_series(1, ${2 * FOLD_AFTER}) g`,
    [trivia.group.id],
  );
  expect(await parts()).toBeGreaterThan(FOLD_AFTER);
  expect(await total()).toBe('1');
  expect(await parts()).toBe(1);
  expect(await total()).toBe('1');
});
