import type { EntityManager } from 'typeorm';
import { AnswerEntity, LocationEntity, QuestionEntity } from '../../../db/entities';
import { currentConsent } from '../../content/consent/service';
import { listDocumentTypes } from '../../content/document-types/service';
import { findQuestionGroup } from '../../content/question-groups/service';
import type { BundleContent } from './presenter';

/** Everything a kiosk needs to play the trivia offline; 404 when the trivia is missing. */
export async function loadBundle(em: EntityManager, groupId: number): Promise<BundleContent> {
  const group = await findQuestionGroup(em, groupId);
  const [questions, answers, documentTypes, locations, consent] = await Promise.all([
    em.find(QuestionEntity, { where: { groupId }, order: { id: 'ASC' } }),
    em
      .createQueryBuilder(AnswerEntity, 'answer')
      .innerJoin('answer.question', 'question')
      .leftJoinAndSelect('answer.picture', 'picture')
      .where('question.groupId = :groupId', { groupId })
      .orderBy('answer.questionId', 'ASC')
      .addOrderBy('answer.id', 'ASC')
      .getMany(),
    listDocumentTypes(em),
    em.find(LocationEntity, { where: { companyId: group.companyId }, order: { id: 'ASC' } }),
    currentConsent(em, group.companyId),
  ]);
  return { group, questions, answers, documentTypes, locations, consent };
}
