import type { Answer, AnswersByQuestion, Question, QuestionWithAnswers } from '../../contract';
import type { AnswerEntity, QuestionEntity } from '../../db/entities';

export function presentQuestion(question: QuestionEntity): Question {
  return {
    id: question.id,
    text: question.text,
    groupId: question.groupId,
    createdAt: question.createdAt.toISOString(),
  } satisfies Question;
}

export function presentAnswer(answer: AnswerEntity): Answer {
  return { id: answer.id, text: answer.text, isCorrect: answer.isCorrect, questionId: answer.questionId } satisfies Answer;
}

export function presentQuestionWithAnswers(question: QuestionEntity, answers: AnswerEntity[]): QuestionWithAnswers {
  return { ...presentQuestion(question), answers: answers.map(presentAnswer) } satisfies QuestionWithAnswers;
}

/** Every question id of the group is a key, with [] when it has no answers yet. */
export function presentAnswersByQuestion(questionIds: number[], answers: AnswerEntity[]): AnswersByQuestion {
  const map: AnswersByQuestion = {};
  for (const id of questionIds) map[id] = [];
  for (const answer of answers) map[answer.questionId]?.push(presentAnswer(answer));
  return map;
}
