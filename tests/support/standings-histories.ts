import fc from 'fast-check';
import { expect } from 'vitest';
import type { SelectionMode } from '../../contract';
import type { TestApi } from './api-server';
import type { TestClient } from './http-client';
import { chooseAnswers, documentTypeId, offlinePlay, registerDevice } from './player-flow';
import { compareAnalysisWithRecomputation, compareDaysWithRecomputation, comparePlacesWithRecomputation, compareWithRecomputation } from './standings-recomputed';
import { buildStandingsWorld, SITES, TODAY, TRIVIAS } from './standings-world';

/**
 * The random histories of tests/api/standings.test.ts: what may happen at an event (the commands),
 * played through the API in a world of its own (standings-world.ts), after which every ranking and
 * analysis is compared with a full recomputation (standings-recomputed.ts).
 */

const PLAYERS = 5;
const MODES: SelectionMode[] = ['best', 'first', 'last', 'average'];

export const command = fc.oneof(
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
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('merge' as const), player: fc.nat(PLAYERS - 1), trivia: fc.nat(TRIVIAS - 1), minutesAgo: fc.integer({ min: 1, max: 660 }) }),
  },
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

/** Histories on one test API. `session` is read at each call: the test file starts its API in beforeAll. */
export function standingsHistories(session: () => { api: TestApi; admin: TestClient; cc: number }) {
  let runNumber = 0;
  /** Disqualifications and restorations the histories made: the property must have exercised them. */
  let moderations = 0;
  /** Players merged by the histories. */
  let merges = 0;
  /** Rounds the analyses compared held: the property must have compared some. */
  let analysedRounds = 0;

  const buildWorld = () => {
    const { api, admin } = session();
    runNumber += 1;
    return buildStandingsWorld(api, admin, runNumber);
  };

  /** Builds a world, plays `commands` in it, and compares every ranking and analysis with a full recomputation. */
  async function runHistory(commands: Command[]) {
    const { api, admin, cc } = session();
    const world = await buildWorld();
    const agoMs = 11.5 * 3600_000;
    const kiosk = await registerDevice(api, api.client(), { agoMs });
    const phone = await registerDevice(api, api.client(), { phone: true, agoMs });
    // Each device numbers its own mutations.
    const nextMutation = { kiosk: 1, phone: 1 };
    const documents = Array.from({ length: PLAYERS }, (_, i) => `ST${runNumber}X${i}`);
    // A cédula keeps its digits only: the numbers as stored.
    const stored = documents.map((document) => document.replace(/\D/g, ''));
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
          const [player] = await api.dataSource.query(`SELECT id FROM players WHERE document_type_id = $1 AND document_number = $2`, [cc, stored[c.player]]);
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
        case 'merge': {
          // The player registers again under another document type, plays a round, and the two are merged.
          const [kept] = await api.dataSource.query(`SELECT id FROM players WHERE document_type_id = $1 AND document_number = $2`, [cc, stored[c.player]]);
          if (!kept) break;
          const twin = offlinePlay({
            firstMutationId: nextMutation.kiosk,
            documentTypeId: await documentTypeId(api.dataSource, 'CE'),
            documentNumber: documents[c.player]!,
            locationId: world.sites[0]!.id,
            questionGroupId: world.trivias[c.trivia]!.group.id,
            answers: chooseAnswers(world.trivias[c.trivia]!, 2),
            completionTime: 6,
            completedAt: new Date(Date.now() - c.minutesAgo * 60_000),
          });
          nextMutation.kiosk += 3;
          expect((await kiosk.push(twin.mutations)).status).toBe(200);
          const [{ player_id: twinId }] = await api.dataSource.query(`SELECT player_id FROM player_attempts WHERE client_id = $1`, [twin.attemptClientId]);
          const res = await admin.post('/api/player-merges', { keepPlayerId: kept.id, playerIds: [kept.id, twinId] });
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          merges += 1;
          break;
        }
        case 'timeZone': {
          const res = await admin.patch(`/api/companies/${world.company.id}`, { name: world.company.name, timeZone: c.zone });
          expect(res.status).toBe(200);
          break;
        }
      }
    }
    await compareWithRecomputation(api, admin, world);
    await comparePlacesWithRecomputation(api, world.trivias.map((trivia) => trivia.group.id));
    await compareDaysWithRecomputation(api, admin, world);
    analysedRounds += await compareAnalysisWithRecomputation(api, world, kiosk.deviceId);
  }

  /** How many worlds were built, and what the histories exercised. */
  const stats = () => ({ runNumber, moderations, analysedRounds, merges });
  return { buildWorld, runHistory, stats };
}
