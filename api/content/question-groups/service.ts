import { In, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { DEFAULT_THEME, type questionGroupSchema } from '../../../contract';
import { PlayerAttemptEntity, QuestionGroupEntity } from '../../../db/entities';
import { findCompany } from '../companies/service';
import { badRequest } from '../../platform/http/errors';
import { missing } from '../../platform/access/not-found';
import { changesBetween, quoted, recordActivity, type Actor } from '../../platform/activity/record';
import { sanitizeInstructions } from './instructions';
import { checkScoring } from './scoring-rules';
import { campaignIdsOfTrivia, refreshCampaigns, refreshTriviaStandings } from '../../standings/refresh';
import { forgoTriviaPlaceCounts } from '../../standings/place-recount';

type QuestionGroupData = z.output<typeof questionGroupSchema>;

export const RECENT_GROUPS_LIMIT = 6;

/** A trivia with its company, or 404. */
export async function findQuestionGroup(em: EntityManager, id: number): Promise<QuestionGroupEntity> {
  const group = await em.findOne(QuestionGroupEntity, { where: { id }, relations: { company: true } });
  if (!group) throw missing('group');
  return group;
}

/** The newest trivias, for the home screen: of `companyIds`, or of every company for null (an owner's). */
export function recentQuestionGroups(em: EntityManager, companyIds: number[] | null): Promise<QuestionGroupEntity[]> {
  return em.find(QuestionGroupEntity, {
    select: { id: true, name: true, description: true },
    where: companyIds === null ? {} : { companyId: In(companyIds) },
    order: { createdAt: 'DESC', id: 'DESC' },
    take: RECENT_GROUPS_LIMIT,
  });
}

export async function listCompanyQuestionGroups(em: EntityManager, companyId: number): Promise<QuestionGroupEntity[]> {
  await findCompany(em, companyId);
  return em.find(QuestionGroupEntity, { where: { companyId }, relations: { company: true }, order: { createdAt: 'DESC', id: 'DESC' } });
}

function groupFields(input: QuestionGroupData) {
  return {
    name: input.name,
    description: input.description,
    instructions: sanitizeInstructions(input.instructions),
    questionsPerRound: input.questionsPerRound,
    randomizeQuestions: input.randomizeQuestions,
    randomizeAnswers: input.randomizeAnswers,
    completionRedirectUrl: input.completionRedirectUrl,
    maxAttempts: input.maxAttempts,
    // Left out, the trivia keeps its public name style, its clock and its scoring.
    ...(input.publicNames && { publicNames: input.publicNames }),
    ...(input.questionSeconds !== undefined && { questionSeconds: input.questionSeconds }),
    ...(input.scoring !== undefined && { scoring: input.scoring }),
  };
}

/** The fields of a trivia an entry of "Actividad" compares. */
const TRIVIA_FIELDS = ['name', 'description', 'instructions', 'questionsPerRound', 'randomizeQuestions', 'randomizeAnswers', 'completionRedirectUrl', 'maxAttempts', 'publicNames', 'questionSeconds', 'scoring'] as const;

export function createQuestionGroup(em: EntityManager, companyId: number, input: QuestionGroupData, actor: Actor): Promise<QuestionGroupEntity> {
  if (input.companyId !== companyId) throw badRequest('La empresa del grupo no coincide con la ruta');
  return em.transaction(async (tx) => {
    await findCompany(tx, companyId);
    await checkScoring(tx, null, null, { scoring: input.scoring ?? 'percent', questionSeconds: input.questionSeconds ?? null });
    const saved = await tx.save(tx.create(QuestionGroupEntity, { ...groupFields(input), companyId, theme: DEFAULT_THEME }));
    const changes = changesBetween<QuestionGroupEntity>(null, saved, TRIVIA_FIELDS);
    await recordActivity(tx, actor, { companyId, kind: 'trivia', objectId: saved.id, action: 'created', summary: `Creó la trivia ${quoted(saved.name)}`, changes });
    return findQuestionGroup(tx, saved.id);
  });
}

/** Updates a trivia (kiosks see the change as a new bundle version: api/play/bundle/presenter.ts). */
export function updateQuestionGroup(em: EntityManager, id: number, input: QuestionGroupData, actor: Actor): Promise<QuestionGroupEntity> {
  return em.transaction(async (tx) => {
    const group = await findQuestionGroup(tx, id);
    // A trivia stays with its company: the edit dialog shows the company select disabled.
    if (input.companyId !== group.companyId) throw badRequest('No se puede cambiar la empresa de una trivia');
    await checkScoring(tx, id, group, {
      scoring: input.scoring ?? group.scoring,
      questionSeconds: input.questionSeconds !== undefined ? input.questionSeconds : group.questionSeconds,
    });
    await tx.update(QuestionGroupEntity, { id }, groupFields(input));
    const after = await findQuestionGroup(tx, id);
    const changes = changesBetween<QuestionGroupEntity>(group, after, TRIVIA_FIELDS);
    await recordActivity(tx, actor, { companyId: group.companyId, kind: 'trivia', objectId: id, action: 'changed', summary: `Editó la trivia ${quoted(after.name)}`, changes });
    return after;
  });
}

/** Deletes a trivia with its questions, answers and attempts (FK cascades). Returns its logo path. */
export function deleteQuestionGroup(em: EntityManager, id: number, actor: Actor): Promise<string | null> {
  return em.transaction(async (tx) => {
    const group = await findQuestionGroup(tx, id);
    await recordActivity(tx, actor, { companyId: group.companyId, kind: 'trivia', objectId: id, action: 'deleted', summary: `Borró la trivia ${quoted(group.name)} con sus preguntas y resultados` });
    // Its own standings go with it (foreign keys); the campaigns that held it are ranked without it.
    const campaignIds = await campaignIdsOfTrivia(tx, id);
    await forgoTriviaPlaceCounts(tx, id);
    await tx.delete(QuestionGroupEntity, { id });
    await refreshCampaigns(tx, campaignIds);
    return group.logoUrl;
  });
}

/** Clears every player attempt of a trivia (its ranking starts over); players themselves stay. */
export function clearPlayerAttempts(em: EntityManager, id: number, actor: Actor): Promise<number> {
  return em.transaction(async (tx) => {
    const group = await findQuestionGroup(tx, id);
    const result = await tx.delete(PlayerAttemptEntity, { questionGroupId: id });
    await refreshTriviaStandings(tx, id);
    const deleted = result.affected ?? 0;
    const summary = `Borró los datos de la trivia ${quoted(group.name)}: ${deleted === 1 ? '1 resultado' : `${deleted} resultados`}`;
    await recordActivity(tx, actor, { companyId: group.companyId, kind: 'results', objectId: id, action: 'deleted', summary, changes: { results: [deleted, 0] } });
    return deleted;
  });
}
