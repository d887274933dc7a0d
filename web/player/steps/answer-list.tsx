import { Check, CloudUpload, X } from 'lucide-react';
import type { PlayAnswer } from '../../../contract';
import { pickedAnswerIds } from '../../../contract/play-rules';
import type { AnswerJudgement, ChosenAnswer } from '../../offline';
import { useServerReachable } from '../kiosk';
import { PENDING_WORDING, pendingReason } from './pending-wording';
import { PlayerPicture } from './player-picture';

/** The answer chosen, and once known its verdict (null: kept without one). */
export interface Feedback extends ChosenAnswer {
  verdict?: AnswerJudgement | null;
}

/** How an answer shows once the question is answered; undefined until the verdict arrives. */
type AnswerState = 'correct' | 'wrong' | 'right-answer' | 'pending' | 'dimmed' | undefined;

/** The visible word beside an answer's icon once answered: colour never carries the meaning alone. */
const STATE_WORD: Record<Exclude<AnswerState, 'dimmed' | 'pending' | undefined>, string> = {
  correct: 'Correcta',
  wrong: 'Tu respuesta: incorrecta',
  'right-answer': 'Respuesta correcta',
};

/**
 * The feedback follows the verdict: until it arrives the choice is only locked. Each answer picked
 * (several on a "Varias correctas" question) shows right or wrong, each correct one not picked shows
 * as the right answer, the rest dim.
 */
function answerState(feedback: Feedback | null, answerId: number): AnswerState {
  if (!feedback || feedback.verdict === undefined) return undefined;
  const { verdict } = feedback;
  const correct = verdict?.correctAnswerIds.includes(answerId) ?? false;
  if (pickedAnswerIds(feedback).includes(answerId)) return verdict === null ? 'pending' : correct ? 'correct' : 'wrong';
  return correct ? 'right-answer' : 'dimmed';
}

const LETTERS = 'ABCDEFGHIJ';

/**
 * A question's answers, lettered A, B, C…: the choice locks them at once (aria-disabled, not
 * disabled, so the chosen answer keeps focus) and the feedback shows on the answers themselves.
 * When any answer has a picture they are cards in two columns, the picture above the text (an
 * answer without one is a card of text); the buttons, marks and feedback are the same, but a card's
 * mark and feedback word lie over its picture's area, so its text has the card's whole width and a
 * tap changes no card's size (player.css).
 */
export function AnswerList({
  answers,
  pair = false,
  feedback,
  marked,
  onChoose,
}: {
  answers: PlayAnswer[];
  /** Two answers side by side (a true/false question's). */
  pair?: boolean;
  feedback: Feedback | null;
  /** A "Varias correctas" question: the answers marked so far (a tap marks or unmarks one; the choice is confirmed apart). */
  marked?: readonly number[];
  onChoose: (answerId: number) => void;
}) {
  const cards = answers.some((a) => a.picture);
  const pending = PENDING_WORDING[pendingReason(useServerReachable())].answer;
  return (
    <div role="group" aria-label="Respuestas" className={cards ? 'player-answer-grid' : pair ? 'player-answer-pair' : undefined}>
      {answers.map((answer, i) => {
        const state = answerState(feedback, answer.id);
        const word = state && state !== 'dimmed' && (
          <span className="player-answer-state" data-testid="answer-state">
            {state === 'pending' ? pending : STATE_WORD[state]}
          </span>
        );
        const pressed = feedback ? pickedAnswerIds(feedback).includes(answer.id) : (marked?.includes(answer.id) ?? false);
        const mark = (
          <span className="player-answer-mark" aria-hidden>
            {state === 'correct' || state === 'right-answer' || (state === undefined && marked && pressed) ? (
              <Check className="size-5" />
            ) : state === 'wrong' ? (
              <X className="size-5" />
            ) : state === 'pending' ? (
              <CloudUpload className="size-5" />
            ) : (
              LETTERS[i]
            )}
          </span>
        );
        const text = <span data-testid="answer-text">{answer.text}</span>;
        return (
          <button
            key={answer.id}
            type="button"
            className={cards ? 'player-answer player-answer-card' : 'player-answer'}
            data-state={state}
            aria-disabled={feedback !== null || undefined}
            aria-pressed={pressed}
            onClick={() => onChoose(answer.id)}
          >
            {cards ? (
              <>
                <span className="player-answer-media">{answer.picture && <PlayerPicture key={answer.picture.name} picture={answer.picture} kind="answer" />}</span>
                {mark}
                <span className="player-answer-label">{text}</span>
                {word}
              </>
            ) : (
              <>
                {mark}
                <span className="player-answer-body min-w-0 flex-1 break-words">
                  {text}
                  {word}
                </span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}
