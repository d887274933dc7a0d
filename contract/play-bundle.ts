import type { Location } from './companies';
import type { PlayConsent } from './consent';
import type { QuestionGroup } from './groups';
import type { DocumentType } from './players';
import type { PlayAnswersByQuestion, Question } from './questions';

/** Everything a kiosk needs to play a trivia offline (GET /api/play/{groupId}/bundle). */
export interface PlayBundle {
  /** Changes whenever anything below changes; also sent as the ETag. */
  version: string;
  group: QuestionGroup;
  questions: Question[];
  /** With the answer key only for a set-up kiosk of this trivia (X-Device-Id / X-Device-Secret). */
  answers: PlayAnswersByQuestion;
  documentTypes: DocumentType[];
  locations: Location[];
  /** The company's current data-treatment text; null when it asks for none (missing from a bundle stored before it existed). */
  consent?: PlayConsent | null;
}
