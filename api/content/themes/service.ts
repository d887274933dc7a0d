import type { EntityManager } from 'typeorm';
import type { Theme } from '../../../contract';
import { unreadablePairs } from '../../../contract/theme-contrast';
import { unreadableMessage } from '../../../contract/theme-contrast-labels';
import { QuestionGroupEntity } from '../../../db/entities';
import { badRequest } from '../../platform/http/errors';
import { changesBetween, quoted, recordActivity, type Actor } from '../../platform/activity/record';
import { findQuestionGroup } from '../question-groups/service';

/**
 * Stores a validated theme on a trivia; kiosks pick it up with the bundle's next version. A theme
 * whose load-bearing pairs players could not read is refused (`theme_unreadable`), each pair named
 * on the field that fixes it, as the editor refuses it before sending.
 */
export function updateTheme(em: EntityManager, groupId: number, theme: Theme, actor: Actor): Promise<QuestionGroupEntity> {
  const unreadable = unreadablePairs(theme);
  if (unreadable.length > 0) {
    const issues = unreadable.map((check) => ({ path: `theme.${check.field}`, message: unreadableMessage(check) }));
    throw badRequest(issues[0]!.message, { code: 'theme_unreadable', issues });
  }
  return em.transaction(async (tx) => {
    const group = await findQuestionGroup(tx, groupId);
    await tx.update(QuestionGroupEntity, { id: groupId }, { theme });
    const before = (group.theme ?? {}) as Record<string, unknown>;
    const fields = [...new Set([...Object.keys(before), ...Object.keys(theme)])];
    const changes = changesBetween(before, theme as unknown as Record<string, unknown>, fields);
    await recordActivity(tx, actor, { companyId: group.companyId, kind: 'theme', objectId: groupId, action: 'changed', summary: `Cambió el tema de la trivia ${quoted(group.name)}`, changes });
    group.theme = theme;
    return group;
  });
}
