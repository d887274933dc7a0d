import { In, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { kindsInterchangeable, POLL_CORRECT_MESSAGE, POLL_KIND_LOCKED_MESSAGE, QUESTION_KIND_LABELS, TRUE_FALSE_ANSWERS_MESSAGE, type ActivityChanges, type answerSchema, type questionCreateSchema, type questionSchema, type questionWithAnswersSchema, type QuestionTextRevision } from '../../../contract';
import { AnswerEntity, QuestionEntity, QuestionGroupEntity, QuestionTextRevisionEntity, type PictureEntity } from '../../../db/entities';
import { badRequest, conflict } from '../../platform/http/errors';
import { placePictures, type PlacedSizes } from '../pictures/ledger';
import { missing } from '../../platform/access/not-found';
import { answersText, changesBetween, quoted, recordActivity, triviaCompany, type Actor } from '../../platform/activity/record';

const GROUP_MISMATCH = 'El ID del grupo no coincide con la ruta';

type QuestionFields = z.output<typeof questionSchema>;
type QuestionCreate = z.output<typeof questionCreateSchema>;
type QuestionWithAnswersFields = z.output<typeof questionWithAnswersSchema>;
type AnswerFields = z.output<typeof answerSchema>;

async function requireGroup(em: EntityManager, groupId: number): Promise<void> {
  if (!(await em.existsBy(QuestionGroupEntity, { id: groupId }))) throw missing('group');
}

async function findQuestion(em: EntityManager, id: number): Promise<QuestionEntity> {
  const question = await em.findOneBy(QuestionEntity, { id });
  if (!question) throw missing('question');
  return question;
}

function answersOf(em: EntityManager, questionIds: number[]): Promise<AnswerEntity[]> {
  if (questionIds.length === 0) return Promise.resolve([]);
  return em.find(AnswerEntity, { where: { questionId: In(questionIds) }, order: { id: 'ASC' } });
}

type PictureInput = AnswerFields['picture'];

/**
 * The pictures a question and its answers name, checked stored and held until the save commits
 * (api/content/pictures/ledger.ts); their sizes by name. 400 with the field named when one is gone.
 */
function placeInputPictures(tx: EntityManager, question: PictureInput, answers: { picture?: PictureInput }[] = []): Promise<PlacedSizes> {
  const placed = [
    ...(question ? [{ path: 'picture', name: question.name }] : []),
    ...answers.flatMap((answer, index) => (answer.picture ? [{ path: `answers.${index}.picture`, name: answer.picture.name }] : [])),
  ];
  return placePictures(tx, placed);
}

/**
 * A question's or answer's picture fields from its input: the column, the alt text, and the
 * relation (which TypeORM saves over the column, so both are set). Left out: nothing changes.
 */
function pictureFields(picture: PictureInput, sizes: PlacedSizes) {
  if (picture === undefined) return {};
  if (picture === null) return { pictureName: null, pictureAlt: null, picture: null };
  const size = sizes.get(picture.name)!;
  return { pictureName: picture.name, pictureAlt: picture.alt, picture: { name: picture.name, ...size } as PictureEntity };
}

/** Stores answers for a question, in the order given, with their pictures (placed by the caller). */
export function insertAnswers(em: EntityManager, questionId: number, answers: Pick<AnswerFields, 'text' | 'isCorrect' | 'picture'>[], sizes: PlacedSizes = new Map()): Promise<AnswerEntity[]> {
  return em.save(answers.map((a) => em.create(AnswerEntity, { text: a.text, isCorrect: a.isCorrect, questionId, ...pictureFields(a.picture, sizes) })));
}

export async function listQuestions(em: EntityManager, groupId: number): Promise<QuestionEntity[]> {
  await requireGroup(em, groupId);
  return em.find(QuestionEntity, { where: { groupId }, order: { id: 'ASC' } });
}

/** A trivia's questions' answers, with the trivia's company (whose editors may read the answer key). */
export async function listAnswersOfGroup(em: EntityManager, groupId: number) {
  const group = await em.findOne(QuestionGroupEntity, { where: { id: groupId }, select: { id: true, companyId: true } });
  if (!group) throw missing('group');
  const questions = await em.find(QuestionEntity, { where: { groupId }, select: { id: true }, order: { id: 'ASC' } });
  const ids = questions.map((q) => q.id);
  return { companyId: group.companyId, questionIds: ids, answers: await answersOf(em, ids) };
}

/** A question, and its answers when given, in one transaction. */
export function createQuestion(em: EntityManager, groupId: number, input: QuestionCreate, actor: Actor) {
  if (input.groupId !== groupId) throw badRequest(GROUP_MISMATCH, { code: 'validation_failed', issues: [{ path: 'groupId', message: GROUP_MISMATCH }] });
  return em.transaction(async (tx) => {
    await requireGroup(tx, groupId);
    const sizes = await placeInputPictures(tx, input.picture, input.answers);
    const question = await tx.save(
      tx.create(QuestionEntity, { text: input.text, groupId, kind: input.kind, clockSeconds: input.clockSeconds ?? null, pictureName: null, pictureAlt: null, ...pictureFields(input.picture, sizes) }),
    );
    const answers = input.answers ? await insertAnswers(tx, question.id, input.answers, sizes) : [];
    await recordQuestion(tx, actor, question, 'created', `Creó la pregunta ${quoted(question.text)}`, { ...questionChanges(null, question), ...(answers.length ? { answers: [null, answersText(answers)] } : {}) });
    return { question, answers };
  });
}

/**
 * The question to save and the trivia it is saved into, checked before anything else: a trivia
 * beyond the user's reach (refused by the route's guard) and a missing one answer alike.
 */
async function findQuestionAndTarget(tx: EntityManager, id: number, groupId: number): Promise<QuestionEntity> {
  const question = await findQuestion(tx, id);
  await requireGroup(tx, groupId);
  return question;
}

const QUESTION_FIELDS = ['text', 'groupId', 'kind', 'clockSeconds', 'pictureName', 'pictureAlt'] as const;
/** A question as "Actividad" shows it: its kind by its label. */
const shownQuestion = (question: Partial<QuestionEntity> | null) => question && { ...question, kind: question.kind && QUESTION_KIND_LABELS[question.kind] };
const questionChanges = (before: Partial<QuestionEntity> | null, after: Partial<QuestionEntity> | null) =>
  changesBetween(shownQuestion(before), shownQuestion(after), QUESTION_FIELDS);

async function recordQuestion(tx: EntityManager, actor: Actor, question: QuestionEntity, action: 'created' | 'changed' | 'deleted', summary: string, changes: ActivityChanges) {
  await recordActivity(tx, actor, { companyId: await triviaCompany(tx, question.groupId), kind: 'question', objectId: question.id, action, summary, changes });
}

/** Text and group of a question, by the actor. */
export function updateQuestion(em: EntityManager, id: number, input: QuestionFields, actor: Actor) {
  return em.transaction(async (tx) => {
    const question = await findQuestionAndTarget(tx, id, input.groupId);
    const before = { ...question };
    await applyQuestionFields(tx, question, input, actor.userId, await placeInputPictures(tx, input.picture));
    await recordQuestion(tx, actor, question, 'changed', `Editó la pregunta ${quoted(question.text)}`, questionChanges(before, question));
    return question;
  });
}

/** A text replaced is kept as a revision (who and when), so the question's history survives its edits; a clock left out is kept. */
async function applyQuestionFields(tx: EntityManager, question: QuestionEntity, input: QuestionFields, userId: number, sizes: PlacedSizes): Promise<QuestionEntity> {
  if (question.text !== input.text) await tx.insert(QuestionTextRevisionEntity, { questionId: question.id, text: question.text, replacedBy: userId });
  Object.assign(question, { text: input.text, groupId: input.groupId, ...(input.clockSeconds !== undefined && { clockSeconds: input.clockSeconds }), ...pictureFields(input.picture, sizes) });
  await tx.save(question);
  return question;
}

/**
 * Text, group and answers replaced together: a failure leaves the question as it was. An answer
 * sent with its id is that answer, updated in place (the rounds that chose it keep pointing at
 * it); one without is added; an answer not sent is deleted. Changing which answer is correct when
 * played results chose the old or the new one needs `confirmCorrectChange`: their stored scores
 * stay, but the analysis and the players' histories read the question by the new key. A poll stays a
 * poll and a scored question stays scored (409 question_kind_locked).
 */
export function replaceQuestion(em: EntityManager, id: number, input: QuestionWithAnswersFields, actor: Actor) {
  return em.transaction(async (tx) => {
    const question = await findQuestionAndTarget(tx, id, input.groupId);
    const before = { ...question };
    const current = new Map((await answersOf(tx, [id])).map((answer) => [answer.id, answer]));
    const answersBefore = answersText([...current.values()]);
    input.answers.forEach((answer, index) => {
      if (answer.id !== undefined && !current.has(answer.id)) {
        throw badRequest(FOREIGN_ANSWER, { code: 'validation_failed', issues: [{ path: `answers.${index}.id`, message: FOREIGN_ANSWER }] });
      }
    });
    if (input.kind === 'true_false' && !storedInOrder(input.answers.map((answer) => answer.id))) {
      throw badRequest(TRUE_FALSE_ANSWERS_MESSAGE, { code: 'validation_failed', issues: [{ path: 'answers', message: TRUE_FALSE_ANSWERS_MESSAGE }] });
    }
    if (!kindsInterchangeable(question.kind, input.kind)) throw conflict(POLL_KIND_LOCKED_MESSAGE, { code: 'question_kind_locked' });
    question.kind = input.kind;
    const wasCorrect = [...current.values()].find((answer) => answer.isCorrect)?.id;
    const nowCorrect = input.answers.find((answer) => answer.isCorrect)?.id;
    if (wasCorrect !== undefined && nowCorrect !== wasCorrect && !input.confirmCorrectChange) {
      const affected = await resultsChoosing(tx, question, [wasCorrect, ...(nowCorrect === undefined ? [] : [nowCorrect])]);
      if (affected > 0) throw conflict(correctChangeMessage(affected), { code: 'correct_answer_change_unconfirmed', affectedResults: affected });
    }
    const sizes = await placeInputPictures(tx, input.picture, input.answers);
    await applyQuestionFields(tx, question, input, actor.userId, sizes);
    const kept = new Set(input.answers.map((answer) => answer.id));
    const gone = [...current.keys()].filter((answerId) => !kept.has(answerId));
    if (gone.length > 0) await tx.delete(AnswerEntity, { id: In(gone) });
    const answers: AnswerEntity[] = [];
    for (const answer of input.answers) {
      const existing = answer.id === undefined ? undefined : current.get(answer.id);
      if (existing) answers.push(await tx.save(Object.assign(existing, { text: answer.text, isCorrect: answer.isCorrect, ...pictureFields(answer.picture, sizes) })));
      else answers.push(...(await insertAnswers(tx, id, [answer], sizes)));
    }
    const answersAfter = answersText(answers);
    const changes = { ...questionChanges(before, question), ...(answersBefore !== answersAfter ? { answers: [answersBefore, answersAfter] as [string, string] } : {}) };
    await recordQuestion(tx, actor, question, 'changed', `Editó la pregunta ${quoted(question.text)}`, changes);
    return { question, answers };
  });
}

const FOREIGN_ANSWER = 'La respuesta no es de esta pregunta';

/**
 * Whether answers sent in this order keep it once stored: answers are read in id order, kept ones
 * keep their ids and new ones get higher ids than any stored, so no new answer may come before a
 * kept one and kept ones must rise (a true/false question's «Verdadero» stays first).
 */
function storedInOrder(ids: (number | undefined)[]): boolean {
  const firstNew = ids.findIndex((id) => id === undefined);
  const kept = (firstNew < 0 ? ids : ids.slice(0, firstNew)) as number[];
  return ids.slice(kept.length).every((id) => id === undefined) && kept.every((id, i) => i === 0 || id > kept[i - 1]!);
}

/** The answers of a question whose kind fixes them (true/false) change only with the whole question (PUT). */
const FIXED_ANSWERS = 'Las respuestas de una pregunta de verdadero o falso se cambian editando la pregunta';
function requireOpenAnswers(question: QuestionEntity) {
  if (question.kind === 'true_false') throw conflict(FIXED_ANSWERS, { code: 'question_answers_fixed' });
}

const correctChangeMessage = (results: number) =>
  `${results === 1 ? 'Un resultado ya jugado eligió' : `${results} resultados ya jugados eligieron`} la respuesta correcta de antes o la nueva. ` +
  'Sus puntajes guardados no cambian; el análisis y el historial de los jugadores leerán esta pregunta con la nueva respuesta correcta.';

/** The completed rounds of the question's trivia that chose (or marked) one of `answerIds` at this question. */
async function resultsChoosing(tx: EntityManager, question: QuestionEntity, answerIds: number[]): Promise<number> {
  const [row] = (await tx.query(
    `SELECT count(*)::int AS results
       FROM player_attempts a
      WHERE a.question_group_id = $1 AND a.completed_at IS NOT NULL
        AND EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(a.answers, '[]')) e
                     WHERE (e->>'questionId')::int = $2
                       AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(coalesce(e->'answerIds', jsonb_build_array(e->'answerId'))) m
                                    WHERE m::int = ANY($3::int[])))`,
    [question.groupId, question.id, answerIds],
  )) as { results: number }[];
  return row?.results ?? 0;
}

/** The texts a question had before, newest first, with who replaced each. */
export async function questionTextRevisions(em: EntityManager, id: number): Promise<QuestionTextRevision[]> {
  await findQuestion(em, id);
  const rows = (await em.query(
    `SELECT r.text, r.replaced_at, CASE WHEN u.id IS NULL THEN NULL ELSE concat_ws(' ', u.first_name, u.last_name) END AS replaced_by
       FROM question_text_revisions r
       LEFT JOIN users u ON u.id = r.replaced_by
      WHERE r.question_id = $1
      ORDER BY r.replaced_at DESC, r.id DESC`,
    [id],
  )) as { text: string; replaced_at: Date; replaced_by: string | null }[];
  return rows.map((row) => ({ text: row.text, replacedAt: row.replaced_at.toISOString(), replacedBy: row.replaced_by }));
}

/** Removes a question; its answers go with it (ON DELETE CASCADE). */
export function deleteQuestion(em: EntityManager, id: number, actor: Actor) {
  return em.transaction(async (tx) => {
    const question = await findQuestion(tx, id);
    const answers = answersText(await answersOf(tx, [id]));
    await recordQuestion(tx, actor, question, 'deleted', `Borró la pregunta ${quoted(question.text)}`, { ...questionChanges(question, null), ...(answers ? { answers: [answers, null] } : {}) });
    await tx.delete(QuestionEntity, { id });
  });
}

export function addAnswer(em: EntityManager, questionId: number, input: AnswerFields, actor: Actor) {
  return em.transaction(async (tx) => {
    const question = await findQuestion(tx, questionId);
    requireOpenAnswers(question);
    if (question.kind === 'poll' && input.isCorrect) throw badRequest(POLL_CORRECT_MESSAGE, { code: 'validation_failed', issues: [{ path: 'isCorrect', message: POLL_CORRECT_MESSAGE }] });
    const [answer] = await insertAnswers(tx, questionId, [input], await placeInputPictures(tx, undefined, [input]));
    await recordQuestion(tx, actor, question, 'changed', `Añadió una respuesta a la pregunta ${quoted(question.text)}`, { answer: [null, answersText([answer!])] });
    return answer!;
  });
}

export function deleteAnswers(em: EntityManager, questionId: number, actor: Actor) {
  return em.transaction(async (tx) => {
    const question = await findQuestion(tx, questionId);
    requireOpenAnswers(question);
    const answers = answersText(await answersOf(tx, [questionId]));
    if (answers) await recordQuestion(tx, actor, question, 'changed', `Borró las respuestas de la pregunta ${quoted(question.text)}`, { answers: [answers, null] });
    const result = await tx.delete(AnswerEntity, { questionId });
    return result.affected ?? 0;
  });
}
