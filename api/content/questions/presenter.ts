import type { Answer, AnswersByQuestion, PlayAnswer, PlayAnswersByQuestion, Question, QuestionWithAnswers } from '../../../contract';
import type { AnswerEntity, QuestionEntity } from '../../../db/entities';
import { presentPlaced } from '../pictures/ledger';

export function presentQuestion(question: QuestionEntity): Question {
  return {
    id: question.id,
    text: question.text,
    groupId: question.groupId,
    kind: question.kind,
    clockSeconds: question.clockSeconds,
    createdAt: question.createdAt.toISOString(),
    picture: presentPlaced(question),
  } satisfies Question;
}

export function presentAnswer(answer: AnswerEntity): Answer {
  return { id: answer.id, text: answer.text, isCorrect: answer.isCorrect, questionId: answer.questionId, picture: presentPlaced(answer) } satisfies Answer;
}

export function presentQuestionWithAnswers(question: QuestionEntity, answers: AnswerEntity[]): QuestionWithAnswers {
  return { ...presentQuestion(question), answers: answers.map(presentAnswer) } satisfies QuestionWithAnswers;
}

/**
 * Every question id of the group is a key, with [] when it has no answers yet. The answer key
 * (`isCorrect`) only `withKey` (a user who may edit the trivia's content): anyone else, signed in
 * or not, gets what a player's device holds.
 */
export function presentAnswersByQuestion(questionIds: number[], answers: AnswerEntity[], withKey: boolean): AnswersByQuestion | PlayAnswersByQuestion {
  const map: PlayAnswersByQuestion = {};
  for (const id of questionIds) map[id] = [];
  for (const answer of answers) map[answer.questionId]?.push(withKey ? presentAnswer(answer) : presentPlayAnswer(answer));
  return map;
}

/** An answer without the key: what a player's device may hold. */
export const presentPlayAnswer = (answer: AnswerEntity): PlayAnswer => ({ id: answer.id, text: answer.text, questionId: answer.questionId, picture: presentPlaced(answer) });
