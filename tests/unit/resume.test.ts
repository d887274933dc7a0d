// Must come first: Dexie looks for IndexedDB when it is imported.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { abandonAttempt, recordAnswer, queueRoundStart } from '../../web/offline/outbox';
import { recordQuestionShown, resumeAttempt } from '../../web/offline/resume';
import { planRound } from '../../web/offline/round';
import { buildBundle, freshDb } from './offline-fixtures';

const player = { playerId: 1, playerClientId: null, fullName: 'Ana', hash: 'h1' };
const HOUR = 3_600_000;

async function halfPlayed() {
  const db = freshDb();
  const bundle = buildBundle(6, { randomizeQuestions: false, randomizeAnswers: false });
  const state = await queueRoundStart(db, player, planRound(bundle));
  await recordAnswer(db, 7, { questionId: state.questionIds[0]!, answerId: state.questionIds[0]! * 10 });
  return { db, bundle, state };
}

describe('resuming an attempt on load', () => {
  it('resumes a recent attempt at its next question', async () => {
    const { db, bundle, state } = await halfPlayed();
    const resumption = await resumeAttempt(db, bundle);
    expect(resumption).toMatchObject({ kind: 'resume', state: { attemptClientId: state.attemptClientId } });
    expect(resumption.kind === 'resume' && resumption.state.answers).toHaveLength(1);
  });

  it('finishes an attempt whose last answer was stored before the reload', async () => {
    const { db, bundle, state } = await halfPlayed();
    for (const questionId of state.questionIds.slice(1)) await recordAnswer(db, 7, { questionId, answerId: questionId * 10 });
    expect(await resumeAttempt(db, bundle)).toMatchObject({ kind: 'finish' });
  });

  it('starts clean when nothing is in progress', async () => {
    expect(await resumeAttempt(freshDb(), buildBundle())).toEqual({ kind: 'none' });
  });

  it('drops an attempt left in progress for more than 24 h', async () => {
    const { db, bundle } = await halfPlayed();
    expect(await resumeAttempt(db, bundle, Date.now() + 23 * HOUR)).toMatchObject({ kind: 'resume' });
    expect(await resumeAttempt(db, bundle, Date.now() + 25 * HOUR)).toEqual({ kind: 'discarded', reason: 'stale' });
    expect(await db.inProgress.count()).toBe(0);
    expect(await resumeAttempt(db, bundle, Date.now() + 25 * HOUR)).toEqual({ kind: 'none' });
  });

  it('drops the attempt with a reason when a question still to answer left the refreshed bundle', async () => {
    const { db, bundle, state } = await halfPlayed();
    const removed = state.questionIds[2]!;
    const refreshed = { ...bundle, version: 'v2', questions: bundle.questions.filter((q) => q.id !== removed) };
    expect(await resumeAttempt(db, refreshed)).toEqual({ kind: 'discarded', reason: 'changed' });
    expect(await db.inProgress.count()).toBe(0);
  });

  it('drops the attempt when an answer it showed was deleted', async () => {
    const { db, bundle, state } = await halfPlayed();
    const question = state.questionIds[1]!;
    const refreshed = { ...bundle, answers: { ...bundle.answers, [question]: bundle.answers[question]!.slice(1) } };
    expect(await resumeAttempt(db, refreshed)).toEqual({ kind: 'discarded', reason: 'changed' });
  });

  it('keeps no trace of an abandoned attempt in progress, and queues nothing for it', async () => {
    const { db, bundle } = await halfPlayed();
    const before = await db.outbox.count();
    await abandonAttempt(db, 7);
    expect(await resumeAttempt(db, bundle)).toEqual({ kind: 'none' });
    expect(await db.outbox.count()).toBe(before);
    expect((await db.outbox.toArray()).some((e) => e.kind === 'completion')).toBe(false);
  });

  it('keeps when the question on screen first appeared, so a reload resumes its clock there', async () => {
    const { db, bundle, state } = await halfPlayed();
    const next = state.questionIds[1]!;
    await recordQuestionShown(db, 7, next, 1_000);
    // Shown again after a reload: the first showing stands.
    await recordQuestionShown(db, 7, next, 9_000);
    // An answered question is not shown again.
    await recordQuestionShown(db, 7, state.questionIds[0]!, 12_000);
    const resumption = await resumeAttempt(db, bundle);
    expect(resumption.kind === 'resume' && resumption.state.shown).toEqual({ questionId: next, at: 1_000 });
    // Its answer keeps the note; the next question replaces it.
    await recordAnswer(db, 7, { questionId: next, answerId: next * 10 });
    await recordQuestionShown(db, 7, state.questionIds[2]!, 20_000);
    expect((await db.inProgress.get(7))?.shown).toEqual({ questionId: state.questionIds[2], at: 20_000 });
  });
});
