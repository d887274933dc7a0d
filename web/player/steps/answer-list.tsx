import { Check, CloudUpload, X } from 'lucide-react';
import type { PlayAnswer } from '../../../contract';
import type { AnswerJudgement, ChosenAnswer } from '../../offline';

/** The answer chosen, and once known its verdict (null: kept without one). */
export interface Feedback extends ChosenAnswer {
  verdict?: AnswerJudgement | null;
}

/** How an answer shows once the question is answered; undefined until the verdict arrives. */
type AnswerState = 'correct' | 'wrong' | 'right-answer' | 'pending' | 'dimmed' | undefined;

/** The visible word beside an answer's icon once answered: colour never carries the meaning alone. */
const STATE_WORD: Record<Exclude<AnswerState, 'dimmed' | undefined>, string> = {
  correct: 'Correcta',
  wrong: 'Tu respuesta: incorrecta',
  'right-answer': 'Respuesta correcta',
  pending: 'Respuesta guardada: el resultado llega con la conexión',
};

/** The feedback follows the verdict: until it arrives the choice is only locked. */
function answerState(feedback: Feedback | null, answerId: number): AnswerState {
  if (!feedback || feedback.verdict === undefined) return undefined;
  const { verdict } = feedback;
  if (feedback.answerId === answerId) return verdict === null ? 'pending' : verdict.correct ? 'correct' : 'wrong';
  return verdict?.correctAnswerId === answerId ? 'right-answer' : 'dimmed';
}

const LETTERS = 'ABCDEFGHIJ';

/**
 * A question's answers, lettered A, B, C…: the choice locks them at once (aria-disabled, not
 * disabled, so the chosen answer keeps focus) and the feedback shows on the answers themselves.
 */
export function AnswerList({ answers, feedback, onChoose }: { answers: PlayAnswer[]; feedback: Feedback | null; onChoose: (answerId: number) => void }) {
  return (
    <div role="group" aria-label="Respuestas">
      {answers.map((answer, i) => {
        const state = answerState(feedback, answer.id);
        return (
          <button
            key={answer.id}
            type="button"
            className="player-answer"
            data-state={state}
            aria-disabled={feedback !== null || undefined}
            aria-pressed={feedback?.answerId === answer.id}
            onClick={() => onChoose(answer.id)}
          >
            <span className="player-answer-mark" aria-hidden>
              {state === 'correct' || state === 'right-answer' ? (
                <Check className="size-5" />
              ) : state === 'wrong' ? (
                <X className="size-5" />
              ) : state === 'pending' ? (
                <CloudUpload className="size-5" />
              ) : (
                LETTERS[i]
              )}
            </span>
            <span className="min-w-0 flex-1 break-words">
              <span data-testid="answer-text">{answer.text}</span>
              {state && state !== 'dimmed' && (
                <span className="player-answer-state" data-testid="answer-state">
                  {STATE_WORD[state]}
                </span>
              )}
            </span>
          </button>
        );
      })}
    </div>
  );
}
