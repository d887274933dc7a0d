import type { Answer, AnswersByQuestion, Location, PlayBundle, PlayConsent, Question } from '../../contract';
import type { AnswerEntity, DocumentTypeEntity, LocationEntity, QuestionEntity, QuestionGroupEntity } from '../../db/entities';
import { presentDocumentType } from '../document-types/presenter';
import { presentQuestionGroup } from '../question-groups/presenter';
import { canonicalJson } from '../lib/canonical-json';
import { sha256 } from '../lib/crypto';

export interface BundleContent {
  group: QuestionGroupEntity;
  questions: QuestionEntity[];
  answers: AnswerEntity[];
  documentTypes: DocumentTypeEntity[];
  locations: LocationEntity[];
  consent: PlayConsent | null;
}

const presentQuestion = (q: QuestionEntity): Question => ({ id: q.id, text: q.text, groupId: q.groupId, createdAt: q.createdAt.toISOString() });
const presentAnswer = (a: AnswerEntity): Answer => ({ id: a.id, text: a.text, isCorrect: a.isCorrect, questionId: a.questionId });
const presentLocation = (l: LocationEntity): Location => ({ id: l.id, name: l.name, companyId: l.companyId });

/**
 * The kiosk's offline copy of a trivia. The version is a hash of everything in the bundle and of
 * nothing else: a change anywhere (a question, a theme, a renamed site, a new company logo, a new
 * document type) gives a new version, and content that did not change keeps its version.
 */
export function presentBundle(content: BundleContent): PlayBundle {
  const answers: AnswersByQuestion = {};
  for (const question of content.questions) answers[question.id] = [];
  for (const answer of content.answers) answers[answer.questionId]?.push(presentAnswer(answer));
  const body = {
    group: presentQuestionGroup(content.group),
    questions: content.questions.map(presentQuestion),
    answers,
    documentTypes: content.documentTypes.map(presentDocumentType),
    locations: content.locations.map(presentLocation),
    consent: content.consent,
  };
  const version = sha256(canonicalJson(body)).slice(0, 32);
  return { version, ...body } satisfies PlayBundle;
}
