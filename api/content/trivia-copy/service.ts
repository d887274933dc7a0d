import { unlink } from 'node:fs/promises';
import type { EntityManager } from 'typeorm';
import { AnswerEntity, QuestionEntity, QuestionGroupEntity } from '../../../db/entities';
import { findCompany } from '../companies/service';
import { quoted, recordActivity, type Actor } from '../../platform/activity/record';
import { findQuestionGroup } from '../question-groups/service';
import { copyLogo } from './logo-copy';

const NAME_MAX = 150;
const COPY_SUFFIX = ' (copia)';

/** "Trivia" → "Trivia (copia)", cut so it still fits the name's 150 characters. */
export const copyName = (name: string) => `${name.slice(0, NAME_MAX - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;

/**
 * Copies a trivia, in its company or into another, in one transaction: settings, instructions,
 * theme, logo (a file of its own), questions and answers in their order. Never its players,
 * attempts, kiosks, campaign links or the company's consent texts; the copy starts with an empty
 * ranking.
 */
export async function copyTrivia(em: EntityManager, uploadDir: string, sourceId: number, actor: Actor, companyId?: number): Promise<QuestionGroupEntity> {
  let writtenFile: string | null = null;
  try {
    const copyId = await em.transaction(async (tx) => {
      const source = await findQuestionGroup(tx, sourceId);
      const targetCompanyId = companyId ?? source.companyId;
      await findCompany(tx, targetCompanyId);
      const copy = await tx.save(
        tx.create(QuestionGroupEntity, {
          name: copyName(source.name),
          description: source.description,
          instructions: source.instructions,
          companyId: targetCompanyId,
          questionsPerRound: source.questionsPerRound,
          randomizeQuestions: source.randomizeQuestions,
          randomizeAnswers: source.randomizeAnswers,
          theme: source.theme,
          completionRedirectUrl: source.completionRedirectUrl,
          maxAttempts: source.maxAttempts,
          publicNames: source.publicNames,
          questionSeconds: source.questionSeconds,
          scoring: source.scoring,
        }),
      );
      const questions = await tx.find(QuestionEntity, { where: { groupId: sourceId }, order: { id: 'ASC' } });
      if (questions.length) {
        // One INSERT per table: new ids follow the originals' order, the order they are listed in.
        // Pictures are stored once per content: the copy's questions and answers point at the same ones.
        const inserted = await tx.insert(QuestionEntity, questions.map((q) => ({ text: q.text, groupId: copy.id, kind: q.kind, clockSeconds: q.clockSeconds, pictureName: q.pictureName, pictureAlt: q.pictureAlt })));
        const newIds = new Map(questions.map((q, i) => [q.id, inserted.identifiers[i]!.id as number]));
        const answers = await tx
          .createQueryBuilder(AnswerEntity, 'a')
          .where('a.questionId IN (:...ids)', { ids: [...newIds.keys()] })
          .orderBy('a.id', 'ASC')
          .getMany();
        if (answers.length) {
          await tx.insert(
            AnswerEntity,
            answers.map((a) => ({ text: a.text, isCorrect: a.isCorrect, questionId: newIds.get(a.questionId)!, pictureName: a.pictureName, pictureAlt: a.pictureAlt })),
          );
        }
      }
      const logo = await copyLogo(tx, uploadDir, source.logoUrl, copy.id);
      writtenFile = logo.writtenFile;
      if (logo.logoUrl) await tx.update(QuestionGroupEntity, { id: copy.id }, { logoUrl: logo.logoUrl });
      const summary = `Copió la trivia ${quoted(source.name)} como ${quoted(copy.name)}`;
      await recordActivity(tx, actor, { companyId: targetCompanyId, kind: 'trivia', objectId: copy.id, action: 'created', summary, changes: { copiedFrom: [null, sourceId], questions: [null, questions.length] } });
      return copy.id;
    });
    return await findQuestionGroup(em, copyId);
  } catch (error) {
    if (writtenFile) await unlink(writtenFile).catch(() => undefined);
    throw error;
  }
}
