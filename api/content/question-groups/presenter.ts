import type { QuestionGroup } from '../../../contract';
import type { QuestionGroupEntity } from '../../../db/entities';

/** A trivia with its nested company (id, name, logoUrl): list items and the player view. */
export function presentQuestionGroup(group: QuestionGroupEntity): QuestionGroup {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    instructions: group.instructions,
    logoUrl: group.logoUrl,
    companyId: group.companyId,
    questionsPerRound: group.questionsPerRound,
    randomizeQuestions: group.randomizeQuestions,
    randomizeAnswers: group.randomizeAnswers,
    theme: group.theme,
    completionRedirectUrl: group.completionRedirectUrl,
    maxAttempts: group.maxAttempts,
    publicNames: group.publicNames,
    questionSeconds: group.questionSeconds,
    scoring: group.scoring,
    createdAt: group.createdAt.toISOString(),
    company: { id: group.company.id, name: group.company.name, logoUrl: group.company.logoUrl },
  } satisfies QuestionGroup;
}
