// Must come first: Dexie looks for IndexedDB when it is imported.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MAX_COMPLETION_SECONDS, mutationSchema } from '../../contract';
import { Dexie } from 'dexie';
import { openTriviaDb, STORES_V1 } from '../../web/offline/db';
import { documentHash, findKnownPlayer } from '../../web/offline/known-players';
import { attemptsOnDevice, queueCompletion, EmptyRoundError, recordAnswer, queueRegistration, queueRoundStart } from '../../web/offline/outbox';
import { planRound, playableCount } from '../../web/offline/round';
import { roundTally } from '../../web/offline/verdict';
import { buildBundle, freshDb, percentTally } from './offline-fixtures';

const NUMERIC = { numeric: true };
const LETTERS = { numeric: false };

describe('outbox writes', () => {
  it('queues registration, attempt and completion in order with mutation ids rising by one', async () => {
    const db = freshDb();
    const bundle = buildBundle();
    const hash = await documentHash(db, 1, '1234567', NUMERIC);
    const player = await queueRegistration(db, { fullName: ' Ana Pérez ', documentTypeId: 1, documentNumber: '1234567', locationId: 5, hash });
    const state = await queueRoundStart(db, player, planRound(bundle));
    for (const questionId of state.questionIds) {
      await recordAnswer(db, bundle.group.id, { questionId, answerId: questionId * 10 });
    }
    const resumed = (await db.inProgress.get(bundle.group.id))!;
    const result = await queueCompletion(db, resumed, roundTally(bundle, resumed), 'percent');

    expect(result).toMatchObject({ score: 100, correctAnswers: 4, totalQuestions: 4 });
    const outbox = await db.outbox.orderBy('mutationId').toArray();
    expect(outbox.map((e) => [e.mutationId, e.kind, e.status])).toEqual([
      [1, 'player', 'pending'],
      [2, 'attempt', 'pending'],
      [3, 'completion', 'pending'],
    ]);
    expect(outbox[0]!.payload).toMatchObject({ clientId: player.playerClientId, fullName: 'Ana Pérez', documentNumber: '1234567', locationId: 5 });
    expect(outbox[1]!.payload).toMatchObject({ clientId: state.attemptClientId, playerClientId: player.playerClientId, questionGroupId: 7, totalQuestions: 4 });
    expect(outbox[2]!.payload).toMatchObject({ attemptClientId: state.attemptClientId, answers: resumed.answers });
    expect((await db.device.get('device'))!.nextMutationId).toBe(4);
    expect(await db.inProgress.count()).toBe(0);
    expect((await db.attempts.get(state.attemptClientId))!.score).toBe(100);
  });

  it('keeps the raw document number only inside the outbox entry', async () => {
    const db = freshDb();
    const hash = await documentHash(db, 1, '99887766', NUMERIC);
    await queueRegistration(db, { fullName: 'Luis', documentTypeId: 1, documentNumber: '99887766', locationId: 5, hash });
    const outside = JSON.stringify([await db.players.toArray(), await db.knownPlayers.toArray(), await db.meta.toArray()]);
    expect(outside).not.toContain('99887766');
    expect(JSON.stringify(await db.outbox.toArray())).toContain('99887766');
  });

  it('uses the server player id for a player the server already knows', async () => {
    const db = freshDb();
    const state = await queueRoundStart(db, { playerId: 42, playerClientId: null, fullName: 'Eva', hash: 'h' }, planRound(buildBundle()));
    const [entry] = await db.outbox.toArray();
    expect(entry!.payload).toMatchObject({ clientId: state.attemptClientId, playerId: 42 });
    expect(entry!.payload).not.toHaveProperty('playerClientId');
  });

  it('sends the document with a server id as the proof the attempt is the player’s, and keeps it out of the attempt in progress', async () => {
    const db = freshDb();
    const document = { documentTypeId: 1, documentNumber: '52123456' };
    const state = await queueRoundStart(db, { playerId: 42, playerClientId: null, fullName: 'Eva', hash: 'h', document }, planRound(buildBundle()));
    const [entry] = await db.outbox.toArray();
    expect(entry!.payload).toMatchObject({ playerId: 42, documentTypeId: 1, documentNumber: '52123456' });
    expect(mutationSchema.safeParse({ kind: entry!.kind, mutationId: entry!.mutationId, payload: entry!.payload }).success).toBe(true);
    expect(state.player).not.toHaveProperty('document');
    expect(JSON.stringify(await db.inProgress.toArray())).not.toContain('52123456');
  });
});

describe('known players', () => {
  it('recognises a returning document by its salted hash, whatever the spacing or case', async () => {
    const db = freshDb();
    const hash = await documentHash(db, 1, 'ab12345', LETTERS);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await documentHash(db, 1, ' AB-12.345 ', LETTERS)).toBe(hash);
    expect(await documentHash(db, 2, 'ab12345', LETTERS)).not.toBe(hash);
    await queueRegistration(db, { fullName: 'Sara', documentTypeId: 1, documentNumber: 'ab12345', locationId: 5, hash });
    expect(await findKnownPlayer(db, hash)).toMatchObject({ fullName: 'Sara', locationId: 5, playerId: null });
  });

  it('hashes a numeric type\'s number without separators or leading zeros: four spellings, one key', async () => {
    const db = freshDb();
    const hash = await documentHash(db, 1, '1024477501', NUMERIC);
    for (const spelling of ['01024477501', '102-4477501', '1024477501-', '1.024.477.501']) expect(await documentHash(db, 1, spelling, NUMERIC)).toBe(hash);
  });

  it('salts per device, so the same document hashes differently on another kiosk', async () => {
    expect(await documentHash(freshDb(), 1, '1234567', NUMERIC)).not.toBe(await documentHash(freshDb(), 1, '1234567', NUMERIC));
  });
});

describe('attempt in progress', () => {
  it('survives closing and reopening the database and resumes at the next question', async () => {
    const name = `resume-${Date.now()}`;
    const bundle = buildBundle();
    const first = openTriviaDb(name);
    const state = await queueRoundStart(first, { playerId: 1, playerClientId: null, fullName: 'Ana', hash: 'h1' }, planRound(bundle));
    await recordAnswer(first, 7, { questionId: state.questionIds[0]!, answerId: 1 });
    await recordAnswer(first, 7, { questionId: state.questionIds[0]!, answerId: 2 });
    first.close();

    const second = openTriviaDb(name);
    const resumed = await second.inProgress.get(7);
    expect(resumed!.questionIds).toEqual(state.questionIds);
    expect(resumed!.answerOrder).toEqual(state.answerOrder);
    expect(resumed!.answers).toEqual([{ questionId: state.questionIds[0], answerId: 1 }]);
    expect(resumed!.startedAt).toBe(state.startedAt);
  });

  it('counts attempts per player and trivia for the offline attempt limit', async () => {
    const db = freshDb();
    const bundle = buildBundle();
    const player = { playerId: 1, playerClientId: null, fullName: 'Ana', hash: 'h1' };
    await queueRoundStart(db, player, planRound(bundle));
    await queueRoundStart(db, player, planRound(bundle));
    expect(await attemptsOnDevice(db, 'h1', 7)).toBe(2);
    expect(await attemptsOnDevice(db, 'h2', 7)).toBe(0);
  });
});

describe('completing an attempt', () => {
  const player = { playerId: 1, playerClientId: null, fullName: 'Ana', hash: 'h1' };

  it('caps the completion time at the contract maximum of 24 h, so the push stays acceptable', async () => {
    const db = freshDb();
    const state = await queueRoundStart(db, player, planRound(buildBundle()));
    const twoDaysAgo = { ...state, startedAt: new Date(Date.now() - 2 * 86_400_000).toISOString() };
    const result = await queueCompletion(db, twoDaysAgo, percentTally(0, 4), 'percent');
    expect(result.completionTime).toBe(MAX_COMPLETION_SECONDS);
    const completion = (await db.outbox.toArray()).find((e) => e.kind === 'completion')!;
    expect(mutationSchema.safeParse({ mutationId: completion.mutationId, kind: 'completion', payload: completion.payload }).success).toBe(true);
    expect(completion.payload).toMatchObject({ completionTime: 86_400 });
  });

  it('queues one completion only, however many times the same attempt is completed', async () => {
    const db = freshDb();
    const bundle = buildBundle();
    const state = await queueRoundStart(db, player, planRound(bundle));
    for (const questionId of state.questionIds) await recordAnswer(db, 7, { questionId, answerId: questionId * 10 });
    const answered = (await db.inProgress.get(7))!;
    const first = await queueCompletion(db, answered, percentTally(4, 4), 'percent');
    const second = await queueCompletion(db, answered, percentTally(0, 4), 'percent');
    expect(second).toEqual(first);
    expect((await db.outbox.toArray()).filter((e) => e.kind === 'completion')).toHaveLength(1);
    expect((await db.attempts.get(state.attemptClientId))!.score).toBe(100);
  });

  it('never starts an attempt for a trivia with no playable questions', async () => {
    const db = freshDb();
    const bundle = buildBundle(0);
    const plan = planRound(bundle);
    expect(plan.questionIds).toEqual([]);
    expect(playableCount(bundle)).toBe(0);
    await expect(queueRoundStart(db, player, plan)).rejects.toBeInstanceOf(EmptyRoundError);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.inProgress.count()).toBe(0);
    expect(await attemptsOnDevice(db, 'h1', 7)).toBe(0);
  });
});

describe('database upgrade', () => {
  it('never rewrites a pending payload, and moves rejected entries to the staff list with the document number masked', async () => {
    const name = `upgrade-${Date.now()}`;
    const old = new Dexie(name);
    old.version(1).stores(STORES_V1);
    const longCompletion = { attemptClientId: 'a', answers: [], completionTime: 200_000, completedAt: '2026-01-02T00:00:00.000Z' };
    await old.table('outbox').bulkAdd([
      { mutationId: 1, kind: 'completion', payload: longCompletion, status: 'pending', lastError: null, createdAt: '' },
      {
        mutationId: 2,
        kind: 'player',
        payload: { clientId: 'c', fullName: 'Ana', documentTypeId: 1, documentNumber: '1234567890', locationId: 5 },
        status: 'rejected',
        lastError: 'La sede no existe',
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    ]);
    old.close();

    const db = openTriviaDb(name);
    // What may already have reached the server is sent exactly as it was written.
    expect(await db.outbox.toArray()).toMatchObject([{ mutationId: 1, status: 'pending', payload: longCompletion }]);
    expect((longCompletion.completionTime as number) > MAX_COMPLETION_SECONDS).toBe(true);
    const rejected = await db.rejected.toArray();
    expect(rejected).toMatchObject([{ mutationId: 2, kind: 'player', reason: 'La sede no existe', payload: { fullName: 'Ana', documentNumber: '*******890' } }]);
    expect(JSON.stringify(await Promise.all(db.tables.map((t) => t.toArray())))).not.toContain('1234567890');
  });
});
