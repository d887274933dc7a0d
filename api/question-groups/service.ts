import type { EntityManager } from 'typeorm';
import { QuestionGroupEntity } from '../../db/entities';
import { notFound } from '../errors';

export const GROUP_NOT_FOUND = 'No se encontró el grupo de preguntas.';

/** A trivia with its company, or 404. */
export async function findQuestionGroup(em: EntityManager, id: number): Promise<QuestionGroupEntity> {
  const group = await em.findOne(QuestionGroupEntity, { where: { id }, relations: { company: true } });
  if (!group) throw notFound(GROUP_NOT_FOUND);
  return group;
}
