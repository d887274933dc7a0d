import type { EntityManager } from 'typeorm';
import { QuestionGroupEntity } from '../../db/entities';

/**
 * Marks a trivia's playable content as changed: kiosks compare this number with their offline
 * bundle's. Call it inside the transaction of the change, so the two commit together.
 */
export async function bumpContentVersion(em: EntityManager, ...groupIds: number[]): Promise<void> {
  for (const id of new Set(groupIds)) {
    await em.increment(QuestionGroupEntity, { id }, 'contentVersion', 1);
  }
}
