import type { EntityManager } from 'typeorm';
import { QuestionEntity, QuestionGroupEntity } from '../../../db/entities';
import { quoted, recordActivity, type Actor } from '../../platform/activity/record';
import { findQuestionGroup } from '../question-groups/service';
import { insertAnswers } from '../questions/service';
import { missing } from '../../platform/access/not-found';
import type { GeneratedQuestion } from './question-writer';

/** Stores every generated question with its answers in one transaction, with its entry in "Actividad": all or nothing. */
export function storeGeneratedQuestions(em: EntityManager, groupId: number, generated: GeneratedQuestion[], actor: Actor) {
  return em.transaction(async (tx) => {
    const group = await findQuestionGroup(tx, groupId);
    const stored = [];
    for (const item of generated) {
      const question = await tx.save(tx.create(QuestionEntity, { text: item.text, groupId, kind: item.kind }));
      stored.push({ question, answers: await insertAnswers(tx, question.id, item.answers) });
    }
    const count = stored.length === 1 ? '1 pregunta' : `${stored.length} preguntas`;
    await recordActivity(tx, actor, { companyId: group.companyId, kind: 'trivia', objectId: groupId, action: 'changed', summary: `Generó con IA ${count} en la trivia ${quoted(group.name)}`, changes: { questions: [null, stored.length] } });
    return stored;
  });
}

export async function requireGroupExists(em: EntityManager, groupId: number): Promise<void> {
  if (!(await em.existsBy(QuestionGroupEntity, { id: groupId }))) throw missing('group');
}
