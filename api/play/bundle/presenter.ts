import type { Location, PlayAnswersByQuestion, PlayBundle, PlayConsent } from '../../../contract';
import type { AnswerEntity, DocumentTypeEntity, LocationEntity, QuestionEntity, QuestionGroupEntity } from '../../../db/entities';
import { presentDocumentType } from '../../content/document-types/presenter';
import { presentAnswer, presentPlayAnswer, presentQuestion } from '../../content/questions/presenter';
import { presentQuestionGroup } from '../../content/question-groups/presenter';
import { servedTheme } from '../../content/themes/served-theme';
import { canonicalJson } from '../../platform/lib/canonical-json';
import { sha256 } from '../../platform/lib/crypto';

export interface BundleContent {
  group: QuestionGroupEntity;
  questions: QuestionEntity[];
  answers: AnswerEntity[];
  documentTypes: DocumentTypeEntity[];
  locations: LocationEntity[];
  consent: PlayConsent | null;
}

const presentLocation = (l: LocationEntity): Location => ({ id: l.id, name: l.name, companyId: l.companyId });

/**
 * The player screen's offline copy of a trivia; with the answer key (`withKey`) only for a set-up
 * kiosk of the trivia. The version is a hash of everything in the bundle and of nothing else: a
 * change anywhere (a question, a theme, a renamed site, a new company logo, a new document type)
 * gives a new version, content that did not change keeps its version, and the copy with the key
 * has a version of its own.
 */
export function presentBundle(content: BundleContent, withKey: boolean): PlayBundle {
  const answers: PlayAnswersByQuestion = {};
  for (const question of content.questions) answers[question.id] = [];
  for (const answer of content.answers) answers[answer.questionId]?.push(withKey ? presentAnswer(answer) : presentPlayAnswer(answer));
  const body = {
    group: { ...presentQuestionGroup(content.group), theme: servedTheme(content.group.theme) },
    questions: content.questions.map(presentQuestion),
    answers,
    documentTypes: content.documentTypes.map(presentDocumentType),
    locations: content.locations.map(presentLocation),
    consent: content.consent,
  };
  const version = sha256(canonicalJson(body)).slice(0, 32);
  return { version, ...body } satisfies PlayBundle;
}
