import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldPath, Resolver, ResolverOptions } from 'react-hook-form';
import { kindOf, questionWithAnswersSchema, TRUE_FALSE_ANSWERS, type Answer, type PlacedPicture, type Question, type QuestionKind, type QuestionWithAnswersInput } from '../../../contract';
import { ApiError } from '../../lib/api';
import type { QuestionWithAnswersValues } from './api/save-question';

export const MIN_ANSWERS = 2;
export const MAX_ANSWERS = 10;

/**
 * The question editor's values: the contract's, each picture held with its size (for the preview,
 * drawn at its shape before it loads) and always present, null when there is none.
 */
export interface AnswerFormValues {
  id?: number;
  text: string;
  isCorrect: boolean;
  picture: PlacedPicture | null;
}
export interface QuestionFormValues {
  text: string;
  groupId: number;
  kind: QuestionKind;
  /** Its own clock in seconds; null: the trivia's. */
  clockSeconds: number | null;
  picture: PlacedPicture | null;
  answers: AnswerFormValues[];
  confirmCorrectChange?: boolean;
}

export const emptyAnswer = (): AnswerFormValues => ({ text: '', isCorrect: false, picture: null });

/** A true/false question's two answers, new (the question becomes one), neither marked yet. */
export const trueFalseAnswers = (): AnswerFormValues[] => TRUE_FALSE_ANSWERS.map((text) => ({ text, isCorrect: false, picture: null }));

/** A new question's two empty answers, or the one edited with its answers (each keeps its id and picture). */
export function initialValues(groupId: number, editing: { question: Question; answers: Answer[] } | undefined): QuestionFormValues {
  if (!editing) return { text: '', groupId, kind: 'choice', clockSeconds: null, picture: null, answers: [emptyAnswer(), emptyAnswer()] };
  // Each answer keeps its id: the server updates it in place, so the rounds that chose it still point at it.
  const answers = editing.answers.map(({ id, text, isCorrect, picture }): AnswerFormValues => ({ id, text, isCorrect, picture: picture ?? null }));
  while (answers.length < MIN_ANSWERS) answers.push(emptyAnswer());
  return { text: editing.question.text, groupId, kind: kindOf(editing.question), clockSeconds: editing.question.clockSeconds ?? null, picture: editing.question.picture ?? null, answers };
}

/** A picture as it is saved: its name and alt text; null removes it (so an edit always says which). */
const savedPicture = (picture: PlacedPicture | null) => (picture ? { name: picture.name, alt: picture.alt } : null);

const toInput = (values: QuestionFormValues): QuestionWithAnswersInput => ({
  ...values,
  picture: savedPicture(values.picture),
  answers: values.answers.map((answer) => ({ ...answer, picture: savedPicture(answer.picture) })),
});

const contractResolver = zodResolver(questionWithAnswersSchema);

/** The contract's schema checks the values as they are sent: its messages land on the same fields ("picture.alt", "answers.1.picture.alt"). */
export const questionFormResolver: Resolver<QuestionFormValues, unknown, QuestionWithAnswersValues> = (values, context, options) =>
  contractResolver(toInput(values), context, options as unknown as ResolverOptions<QuestionWithAnswersInput>) as ReturnType<
    Resolver<QuestionFormValues, unknown, QuestionWithAnswersValues>
  >;

/** The fields a server's `validation_failed` may name that the editor shows at their place. */
const FIELD_PATH = /^(?:text|picture(?:\.alt)?|answers\.\d+\.(?:text|picture(?:\.alt)?))$/;

/** The issues of a refused save that belong to a field of the editor (e.g. a picture no longer stored), to set on the form. */
export function fieldIssues(error: unknown): { path: FieldPath<QuestionFormValues>; message: string }[] {
  if (!(error instanceof ApiError) || error.code !== 'validation_failed') return [];
  return (error.body?.issues ?? []).filter((issue) => FIELD_PATH.test(issue.path)).map((issue) => ({ path: issue.path as FieldPath<QuestionFormValues>, message: issue.message }));
}
