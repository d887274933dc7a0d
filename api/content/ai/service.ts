import type { EntityManager } from 'typeorm';
import { QuestionEntity, QuestionGroupEntity } from '../../../db/entities';
import { insertAnswers } from '../questions/service';
import { missing } from '../../platform/access/not-found';
import type { GeneratedQuestion } from './question-writer';

/** Stores every generated question with its answers in one transaction: all or nothing. */
export function storeGeneratedQuestions(em: EntityManager, groupId: number, generated: GeneratedQuestion[]) {
  return em.transaction(async (tx) => {
    await requireGroupExists(tx, groupId);
    const stored = [];
    for (const item of generated) {
      const question = await tx.save(tx.create(QuestionEntity, { text: item.text, groupId }));
      stored.push({ question, answers: await insertAnswers(tx, question.id, item.answers) });
    }
    return stored;
  });
}

export async function requireGroupExists(em: EntityManager, groupId: number): Promise<void> {
  if (!(await em.existsBy(QuestionGroupEntity, { id: groupId }))) throw missing('group');
}
