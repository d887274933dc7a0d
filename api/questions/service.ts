import { In, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { answerSchema, questionCreateSchema, questionSchema, questionWithAnswersSchema } from '../../contract';
import { AnswerEntity, QuestionEntity, QuestionGroupEntity } from '../../db/entities';
import { badRequest, notFound } from '../errors';
import { GROUP_NOT_FOUND } from '../question-groups/service';

export const QUESTION_NOT_FOUND = 'No se encontró la pregunta.';
const GROUP_MISMATCH = 'El ID del grupo no coincide con la ruta';

type QuestionFields = z.output<typeof questionSchema>;
type QuestionCreate = z.output<typeof questionCreateSchema>;
type QuestionWithAnswersFields = z.output<typeof questionWithAnswersSchema>;
type AnswerFields = z.output<typeof answerSchema>;

async function requireGroup(em: EntityManager, groupId: number): Promise<void> {
  if (!(await em.existsBy(QuestionGroupEntity, { id: groupId }))) throw notFound(GROUP_NOT_FOUND);
}

async function findQuestion(em: EntityManager, id: number): Promise<QuestionEntity> {
  const question = await em.findOneBy(QuestionEntity, { id });
  if (!question) throw notFound(QUESTION_NOT_FOUND);
  return question;
}

function answersOf(em: EntityManager, questionIds: number[]): Promise<AnswerEntity[]> {
  if (questionIds.length === 0) return Promise.resolve([]);
  return em.find(AnswerEntity, { where: { questionId: In(questionIds) }, order: { id: 'ASC' } });
}

/** Stores answers for a question, in the order given. */
export function insertAnswers(em: EntityManager, questionId: number, answers: AnswerFields[]): Promise<AnswerEntity[]> {
  return em.save(answers.map((a) => em.create(AnswerEntity, { text: a.text, isCorrect: a.isCorrect, questionId })));
}

export async function listQuestions(em: EntityManager, groupId: number): Promise<QuestionEntity[]> {
  await requireGroup(em, groupId);
  return em.find(QuestionEntity, { where: { groupId }, order: { id: 'ASC' } });
}

export async function listAnswersOfGroup(em: EntityManager, groupId: number) {
  const questions = await listQuestions(em, groupId);
  const ids = questions.map((q) => q.id);
  return { questionIds: ids, answers: await answersOf(em, ids) };
}

/** A question, and its answers when given, in one transaction. */
export function createQuestion(em: EntityManager, groupId: number, input: QuestionCreate) {
  if (input.groupId !== groupId) throw badRequest(GROUP_MISMATCH, { code: 'validation_failed', issues: [{ path: 'groupId', message: GROUP_MISMATCH }] });
  return em.transaction(async (tx) => {
    await requireGroup(tx, groupId);
    const question = await tx.save(tx.create(QuestionEntity, { text: input.text, groupId }));
    const answers = input.answers ? await insertAnswers(tx, question.id, input.answers) : [];
    return { question, answers };
  });
}

/** Text and group of a question. */
export function updateQuestion(em: EntityManager, id: number, input: QuestionFields) {
  return em.transaction((tx) => applyQuestionFields(tx, id, input));
}

async function applyQuestionFields(tx: EntityManager, id: number, input: QuestionFields): Promise<QuestionEntity> {
  const question = await findQuestion(tx, id);
  await requireGroup(tx, input.groupId);
  question.text = input.text;
  question.groupId = input.groupId;
  await tx.save(question);
  return question;
}

/** Text, group and every answer replaced together: a failure leaves the question as it was. */
export function replaceQuestion(em: EntityManager, id: number, input: QuestionWithAnswersFields) {
  return em.transaction(async (tx) => {
    const question = await applyQuestionFields(tx, id, input);
    await tx.delete(AnswerEntity, { questionId: id });
    const answers = await insertAnswers(tx, id, input.answers);
    return { question, answers };
  });
}

/** Removes a question; its answers go with it (ON DELETE CASCADE). */
export function deleteQuestion(em: EntityManager, id: number) {
  return em.transaction(async (tx) => {
    await findQuestion(tx, id);
    await tx.delete(QuestionEntity, { id });
  });
}

export function addAnswer(em: EntityManager, questionId: number, input: AnswerFields) {
  return em.transaction(async (tx) => {
    await findQuestion(tx, questionId);
    const [answer] = await insertAnswers(tx, questionId, [input]);
    return answer!;
  });
}

export function deleteAnswers(em: EntityManager, questionId: number) {
  return em.transaction(async (tx) => {
    await findQuestion(tx, questionId);
    const result = await tx.delete(AnswerEntity, { questionId });
    return result.affected ?? 0;
  });
}
