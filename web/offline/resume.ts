import type { PlayBundle } from '../../contract';
import type { InProgressAttempt, TriviaDb } from './db';
import { abandonAttempt, isStale } from './outbox';
import { stillShowable } from './round';

export const CHANGED_TRIVIA_MESSAGE = 'La trivia cambió y el intento anterior no se pudo continuar. Vuelve a empezar.';

export type Resumption =
  | { kind: 'none' }
  | { kind: 'resume'; state: InProgressAttempt }
  | { kind: 'finish'; state: InProgressAttempt }
  | { kind: 'discarded'; reason: 'stale' | 'changed' };

/**
 * What to do on load with the attempt left in progress on this trivia: resume it at its next
 * question, complete it when its last answer was already stored, or drop it when it is over a day
 * old (someone walked away) or when questions still to answer are gone from the refreshed bundle
 * (finishing it would score the player on questions they never saw).
 */
export async function resumeAttempt(db: TriviaDb, bundle: PlayBundle, now = Date.now()): Promise<Resumption> {
  const state = await db.inProgress.get(bundle.group.id);
  if (!state) return { kind: 'none' };
  if (isStale(state, now)) {
    await abandonAttempt(db, bundle.group.id);
    return { kind: 'discarded', reason: 'stale' };
  }
  const answered = new Set(state.answers.map((a) => a.questionId));
  const unanswered = state.questionIds.filter((id) => !answered.has(id));
  if (unanswered.length === 0) return { kind: 'finish', state };
  const showable = unanswered.every((id) => stillShowable(bundle, id, state.answerOrder[id] ?? []));
  if (!showable) {
    await abandonAttempt(db, bundle.group.id);
    return { kind: 'discarded', reason: 'changed' };
  }
  return { kind: 'resume', state };
}

/** Notes when a question of the round in progress first appeared (a reload shows it again with its clock where it was). */
export async function recordQuestionShown(db: TriviaDb, groupId: number, questionId: number, at: number): Promise<void> {
  await db.transaction('rw', db.inProgress, async () => {
    const state = await db.inProgress.get(groupId);
    if (!state || state.shown?.questionId === questionId || state.answers.some((a) => a.questionId === questionId)) return;
    await db.inProgress.put({ ...state, shown: { questionId, at } });
  });
}
