import type { EntityManager } from 'typeorm';
import { type AnswerKey, answerKeyOf } from '../attempts/scoring';
import { triviaRound, type TriviaRound } from '../attempts/round';

/**
 * What the mutations of one push transaction read of a trivia, read once per transaction: its
 * round and its answer key. A kiosk's push holds ten players of one trivia; the push is applied
 * as if at the moment it began, as a content edit committed during it would be seen by none of
 * it or by all of it. A new memo for every transaction (and every run of one).
 */
export class PushMemo {
  private readonly rounds = new Map<number, TriviaRound | undefined>();
  private readonly answerKeys = new Map<number, AnswerKey>();

  constructor(private readonly em: EntityManager) {}

  async round(questionGroupId: number): Promise<TriviaRound | undefined> {
    if (!this.rounds.has(questionGroupId)) this.rounds.set(questionGroupId, await triviaRound(this.em, questionGroupId));
    return this.rounds.get(questionGroupId);
  }

  async answerKey(questionGroupId: number): Promise<AnswerKey> {
    let key = this.answerKeys.get(questionGroupId);
    if (!key) this.answerKeys.set(questionGroupId, (key = await answerKeyOf(this.em, questionGroupId)));
    return key;
  }
}
