import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../support/database';
import { ApiProcess } from './support/api-process';
import { exactlyOnce, reportFigures } from './support/figures';
import { KioskClient, sumFigures } from './support/kiosk-client';
import { auditServer } from './support/ledger';
import { FAULT_SEED, fetchBundle, playOutbox, seededRandom } from './support/plays';
import { demoTriviaId, queryServer } from './support/server-records';

const DEVICES = 4;
const PLAYERS_PER_DEVICE = 25; // a player and two rounds each: 5 mutations, 125 per device, 500 in all
const KILLS = 5;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let api: ApiProcess;
beforeAll(async () => {
  database = await createTestDatabase();
  api = await ApiProcess.start(database.url);
});
afterAll(async () => {
  await api?.destroy();
  await database?.drop();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A poll in the trivia, so every round's start carries a vote: the votes land exactly once with their rounds. */
async function addPoll(triviaId: number): Promise<void> {
  await queryServer(
    database.url,
    `WITH poll AS (INSERT INTO questions (text, group_id, kind) VALUES ('¿Qué te trajo a la feria?', $1, 'poll') RETURNING id)
     INSERT INTO answers (text, is_correct, question_id) SELECT answer, false, poll.id FROM poll, unnest(ARRAY['El trabajo', 'La curiosidad', 'Un amigo']) AS answer`,
    [triviaId],
  );
}

it('applies 500 mutations exactly once while the API process is SIGKILLed 5 times and restarted, each round\'s poll vote with it', async () => {
  const triviaId = await demoTriviaId(database.url);
  await addPoll(triviaId);
  const bundle = await fetchBundle(api.baseUrl, triviaId, database.url);
  const random = seededRandom(FAULT_SEED);
  const kiosks = await Promise.all(Array.from({ length: DEVICES }, () => KioskClient.register(() => api.baseUrl, { databaseUrl: database.url, groupId: bundle.group.id })));
  const ledgers = kiosks.map((kiosk, d) => {
    const outbox = playOutbox(bundle, random, { players: PLAYERS_PER_DEVICE, roundsEach: 2, documentPrefix: `1${d}`, votes: true });
    kiosk.enqueue(outbox.mutations);
    return { deviceId: kiosk.deviceId, outbox };
  });
  const planned = ledgers.reduce((s, l) => s + l.outbox.mutations.length, 0);
  expect(planned).toBe(500);

  // The API is killed at five points spread over the run (after 1/12, 3/12 … 9/12 of the
  // mutations were acknowledged), with pushes in flight, and started again on the same database.
  const acknowledged = () => kiosks.reduce((s, k) => s + k.figures().acknowledged, 0);
  let kills = 0;
  let down = 0;
  const killer = (async () => {
    while (kills < KILLS) {
      const threshold = Math.round(((kills + 0.5) * planned) / (KILLS + 1));
      while (acknowledged() < threshold) await pause(2);
      await api.kill();
      kills++;
      const stopped = Date.now();
      await pause(200);
      await api.start();
      down += Date.now() - stopped;
    }
  })();
  await Promise.all([...kiosks.map((k) => k.drain({ batchSize: 10, pauseMs: 10, retryMs: 250, deadlineMs: 150_000 })), killer]);

  const client = sumFigures(kiosks.map((k) => k.figures()));
  const audit = await auditServer(database.url, ledgers);
  reportFigures('api-sigkill', `API SIGKILL x${kills}`, {
    ...exactlyOnce(client, audit),
    extra: {
      devices: DEVICES,
      pushes: client.pushes,
      unanswered: client.networkFailures,
      cutInFlight: client.cutPushes,
      answeredDuplicate: client.duplicateReplies,
      errorReplies: client.errorReplies,
      secondsDown: Math.round(down / 100) / 10,
      seed: FAULT_SEED,
    },
  });

  expect(kills).toBe(KILLS);
  expect(api.starts).toBe(KILLS + 1);
  expect(client.networkFailures).toBeGreaterThan(0); // the kills did cut pushes
  expect(audit.problems).toEqual([]);
  expect({ sent: client.sent, acknowledged: client.acknowledged, rejected: client.rejected, stored: audit.stored, duplicated: audit.duplicated, lost: audit.lost }).toEqual({
    sent: 500,
    acknowledged: 500,
    rejected: 0,
    stored: 500,
    duplicated: 0,
    lost: 0,
  });
  // Every round's vote, once (one row per round and poll), none other.
  const voteKey = (v: { attemptClientId: string; questionId: number; answerId: number }) => `${v.attemptClientId}:${v.questionId}:${v.answerId}`;
  const votes = await queryServer<{ attemptClientId: string; questionId: number; answerId: number }>(
    database.url,
    `SELECT a.client_id AS "attemptClientId", v.question_id AS "questionId", v.answer_id AS "answerId" FROM poll_votes v JOIN player_attempts a ON a.id = v.attempt_id`,
  );
  const sent = ledgers.flatMap((l) => l.outbox.votes);
  expect(sent).toHaveLength(200);
  expect(votes.map(voteKey).sort()).toEqual(sent.map(voteKey).sort());
});
