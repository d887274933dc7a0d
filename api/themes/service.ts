import type { EntityManager } from 'typeorm';
import type { Theme } from '../../contract';
import { QuestionGroupEntity } from '../../db/entities';
import { findQuestionGroup } from '../question-groups/service';

/** Stores a validated theme on a trivia; kiosks pick it up with the bundle's next version. */
export function updateTheme(em: EntityManager, groupId: number, theme: Theme): Promise<QuestionGroupEntity> {
  return em.transaction(async (tx) => {
    const group = await findQuestionGroup(tx, groupId);
    await tx.update(QuestionGroupEntity, { id: groupId }, { theme });
    group.theme = theme;
    return group;
  });
}
