import type { TestClient } from './http-client';

/** A trivia's questions and answers in their order, as the admin screen reads them: [text, isCorrect] per answer. */
export async function triviaContents(admin: TestClient, groupId: number) {
  const questions = (await admin.get(`/api/question-groups/${groupId}/questions`)).body as { id: number; text: string }[];
  const answers = (await admin.get(`/api/questions/${groupId}/all-answers`)).body as Record<string, { text: string; isCorrect: boolean }[]>;
  return questions.map((q) => ({ text: q.text, answers: (answers[q.id] ?? []).map((a) => [a.text, a.isCorrect]) }));
}

/** Two answers to "¿Capital de Francia?" as the question forms send them, the first the correct one. */
export const PARIS_ANSWERS = [
  { text: 'París', isCorrect: true },
  { text: 'Lyon', isCorrect: false },
];
