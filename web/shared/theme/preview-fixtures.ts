import type { DocumentType, PlayBundle, Theme } from '../../../contract';
import type { AttemptResult, InProgressAttempt } from '../../offline';

/** What the editor's preview plays: one question of four answers, a document type, a result. */
export const PREVIEW_GROUP_NAME = 'Trivia de ejemplo';
export const PREVIEW_DOCUMENT_TYPES: DocumentType[] = [
  { id: 1, name: 'Cédula de ciudadanía', code: 'CC', numeric: true },
  { id: 2, name: 'Pasaporte', code: 'PA', numeric: false },
];
const QUESTION_ID = 1;
export const PREVIEW_CORRECT_ANSWER = 'Júpiter';
const ANSWERS = ['Saturno', PREVIEW_CORRECT_ANSWER, 'Neptuno', 'Tierra'];

export function previewBundle(theme: Theme): PlayBundle {
  const now = new Date(0).toISOString();
  return {
    version: 'preview',
    group: {
      id: 0,
      name: PREVIEW_GROUP_NAME,
      description: null,
      instructions: null,
      logoUrl: null,
      companyId: 0,
      questionsPerRound: 5,
      randomizeQuestions: false,
      randomizeAnswers: false,
      theme,
      completionRedirectUrl: null,
      maxAttempts: 0,
      publicNames: 'full',
      createdAt: now,
      company: { id: 0, name: 'Empresa', logoUrl: null },
    },
    questions: [{ id: QUESTION_ID, text: '¿Cuál es el planeta más grande del sistema solar?', groupId: 0, createdAt: now }],
    answers: {
      [QUESTION_ID]: ANSWERS.map((text, i) => ({ id: 10 + i, text, isCorrect: text === PREVIEW_CORRECT_ANSWER, questionId: QUESTION_ID })),
    },
    documentTypes: PREVIEW_DOCUMENT_TYPES,
    locations: [],
  };
}

export const PREVIEW_ATTEMPT: InProgressAttempt = {
  groupId: 0,
  attemptClientId: 'preview',
  player: { playerId: null, playerClientId: null, fullName: 'Ana', hash: 'preview' },
  questionIds: [QUESTION_ID, 2, 3, 4, 5],
  answerOrder: { [QUESTION_ID]: ANSWERS.map((_, i) => 10 + i) },
  answers: [],
  startedAt: new Date(0).toISOString(),
};

export const PREVIEW_RESULT: AttemptResult = { attemptClientId: 'preview', score: 80, correctAnswers: 4, totalQuestions: 5, completionTime: 42, scoring: 'percent', pending: false };
