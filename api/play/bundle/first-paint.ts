import type { EntityManager } from 'typeorm';
import type { FirstPaintTrivia } from '../../platform/http/player-page';
import { triviaLogo } from '../../../contract/trivia-logo';
import { QuestionGroupEntity } from '../../../db/entities';
import { servedTheme } from '../../content/themes/served-theme';

/**
 * What a trivia's page shows before its script runs (the same trivias the public bundle serves):
 * its name, theme and logo; undefined when there is no such trivia.
 */
export async function firstPaintTrivia(em: EntityManager, groupId: number): Promise<FirstPaintTrivia | undefined> {
  const group = await em.findOne(QuestionGroupEntity, { where: { id: groupId }, relations: { company: true } });
  if (!group) return undefined;
  return { name: group.name, theme: servedTheme(group.theme), logoUrl: triviaLogo(group), companyName: group.company.name };
}
