import type { EntityManager } from 'typeorm';
import { type AnswerKey, answerKeyOf } from '../attempts/scoring';
import { triviaRound, type TriviaRound } from '../attempts/round-candidates';
import type { AttemptRow } from '../attempts/attempt-row';
import type { RegisteredPlayer } from '../players/service';

/**
 * What the mutations of one push transaction read once per transaction. A trivia's round and
 * answer key: a kiosk's push holds ten players of one trivia, all applied against the trivia as the
 * transaction first read it (a content edit committed meanwhile is seen by none of that
 * transaction's mutations; a push's next transaction reads it again). And the rows its own
 * mutations just wrote: the player a registration stored, named by its clientId, for the attempt
 * that follows; an attempt it inserted (so locked by it, unseen by others), for its completion.
 * A new memo for every transaction (and every run of one).
 */
export class PushMemo {
  private readonly rounds = new Map<number, TriviaRound | undefined>();
  private readonly answerKeys = new Map<number, AnswerKey>();
  /** Players registered in this transaction, by the registration's clientId (`written`: their rows are locked by it). */
  readonly playersByClientId = new Map<string, RegisteredPlayer>();
  /** Attempts inserted in this transaction and not completed yet, by clientId. */
  readonly newAttemptsByClientId = new Map<string, AttemptRow>();

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
