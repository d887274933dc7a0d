import { In, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { DEFAULT_THEME, type questionGroupSchema } from '../../../contract';
import { PlayerAttemptEntity, QuestionGroupEntity } from '../../../db/entities';
import { findCompany } from '../companies/service';
import { badRequest } from '../../platform/http/errors';
import { missing } from '../../platform/access/not-found';
import { sanitizeInstructions } from './instructions';
import { campaignIdsOfTrivia, refreshCampaigns, refreshTriviaStandings } from '../../standings/refresh';

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
    // Left out, the trivia keeps its public name style.
    ...(input.publicNames && { publicNames: input.publicNames }),
  };
}

export async function createQuestionGroup(em: EntityManager, companyId: number, input: QuestionGroupData): Promise<QuestionGroupEntity> {
  if (input.companyId !== companyId) throw badRequest('La empresa del grupo no coincide con la ruta');
  await findCompany(em, companyId);
  const saved = await em.save(em.create(QuestionGroupEntity, { ...groupFields(input), companyId, theme: DEFAULT_THEME }));
  return findQuestionGroup(em, saved.id);
}

/** Updates a trivia (kiosks see the change as a new bundle version: api/play/bundle/presenter.ts). */
export async function updateQuestionGroup(em: EntityManager, id: number, input: QuestionGroupData): Promise<QuestionGroupEntity> {
  const group = await findQuestionGroup(em, id);
  // A trivia stays with its company: the edit dialog shows the company select disabled.
  if (input.companyId !== group.companyId) throw badRequest('No se puede cambiar la empresa de una trivia');
  await em.update(QuestionGroupEntity, { id }, groupFields(input));
  return findQuestionGroup(em, id);
}

/** Deletes a trivia with its questions, answers and attempts (FK cascades). Returns its logo path. */
export function deleteQuestionGroup(em: EntityManager, id: number): Promise<string | null> {
  return em.transaction(async (tx) => {
    const group = await findQuestionGroup(tx, id);
    // Its own standings go with it (foreign keys); the campaigns that held it are ranked without it.
    const campaignIds = await campaignIdsOfTrivia(tx, id);
    await tx.delete(QuestionGroupEntity, { id });
    await refreshCampaigns(tx, campaignIds);
    return group.logoUrl;
  });
}

/** Clears every player attempt of a trivia (its ranking starts over); players themselves stay. */
export function clearPlayerAttempts(em: EntityManager, id: number): Promise<number> {
  return em.transaction(async (tx) => {
    await findQuestionGroup(tx, id);
    const result = await tx.delete(PlayerAttemptEntity, { questionGroupId: id });
    await refreshTriviaStandings(tx, id);
    return result.affected ?? 0;
  });
}
