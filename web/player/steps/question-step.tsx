import { Check, CloudUpload, LogOut, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { PlayBundle } from '../../../contract';
import { FEEDBACK_MS } from '../../../contract/play-rules';
import { triviaLogo } from '../../../contract/trivia-logo';
import type { AnswerJudgement, ChosenAnswer, InProgressAttempt } from '../../offline';
import { useAnnounce } from '../announcer';
import { playCorrectSound, playWrongSound } from '../sounds';
import { PlayerDialog } from '../ui/dialog';
import { useFocusOnMount } from '../use-focus-on-mount';

const LETTERS = 'ABCDEFGHIJ';
/** The monotonic clock an answer's time is read from (not the wall clock a kiosk may have wrong). */
const now = () => performance.now();

export interface QuestionStepProps {
  bundle: PlayBundle;
  state: InProgressAttempt;
  animation: string;
  /** Judges and stores the answer; resolves with its verdict (undefined when none can be had now) once it is kept on the device. */
  onAnswer: (answer: ChosenAnswer) => Promise<AnswerJudgement | undefined>;
  /** Called after the feedback of the last question. */
  onFinished: () => void;
  /** The player gives up the round (after confirming): back to the document step. */
  onLeave: () => Promise<void>;
  /** The theme editor's preview: an answered question keeps its feedback on screen. */
  keepFeedback?: boolean;
}

/** What the live region says as a question appears: 'Pregunta 2 de 5'. */
export const questionAnnouncement = (position: number, total: number) => `Pregunta ${position} de ${total}`;

/** What the live region says after an answer: 'Correcta', or 'Incorrecta, la correcta es …'. */
export const feedbackAnnouncement = (correct: boolean, correctText: string) => (correct ? 'Correcta' : `Incorrecta, la correcta es ${correctText}`);

/** What the live region says after an answer kept without its verdict (no connection). */
export const PENDING_ANNOUNCEMENT = 'Respuesta guardada. Sabrás si acertaste cuando vuelva la conexión.';

type AnswerState = 'correct' | 'wrong' | 'right-answer' | 'pending' | 'dimmed' | undefined;

/** The visible word beside an answer's icon once answered: colour never carries the meaning alone. */
const STATE_WORD: Record<Exclude<AnswerState, 'dimmed' | undefined>, string> = {
  correct: 'Correcta',
  wrong: 'Tu respuesta: incorrecta',
  'right-answer': 'Respuesta correcta',
  pending: 'Respuesta guardada: el resultado llega con la conexión',
};

/** The answer chosen, and once known its verdict (null: kept without one). */
interface Feedback extends ChosenAnswer {
  verdict?: AnswerJudgement | null;
}

/**
 * One question at a time. The choice locks at once (the chosen answer keeps focus: aria-disabled,
 * not disabled) and its feedback stays for 2 s, in the list itself (after a wrong answer the correct
 * one is marked too) and in the live region. The answer is stored immediately, so a reload during
 * the feedback resumes at the next question. After the last feedback the screen stays as it is
 * until the result replaces it.
 */
export function QuestionStep({ bundle, state, animation, onAnswer, onFinished, onLeave, keepFeedback = false }: QuestionStepProps) {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const announce = useAnnounce();

  const total = state.questionIds.length;
  const index = feedback ? state.questionIds.indexOf(feedback.questionId) : Math.min(state.answers.length, total - 1);
  const questionId = state.questionIds[index]!;
  const question = bundle.questions.find((q) => q.id === questionId);
  const answers = (state.answerOrder[questionId] ?? [])
    .map((id) => bundle.answers[questionId]?.find((a) => a.id === id))
    .filter((a) => a !== undefined);
  const progress = Math.round(((index + (feedback ? 1 : 0)) / total) * 100);
  const logo = triviaLogo(bundle.group);
  const heading = useFocusOnMount<HTMLHeadingElement>(questionId);
  // When this question was shown: each answer carries how long the player took.
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = now();
  }, [questionId]);

  useEffect(() => announce(questionAnnouncement(index + 1, total)), [announce, index, total]);

  const leave = async () => {
    setLeaving(true);
    clearTimeout(timer.current);
    await onLeave();
  };

  const choose = async (answerId: number) => {
    if (feedback || confirmLeave || leaving) return;
    const chosen = { questionId, answerId, elapsedMs: Math.max(0, Math.round(now() - shownAt.current)) };
    setFeedback(chosen);
    const verdict = (await onAnswer(chosen)) ?? null;
    setFeedback({ ...chosen, verdict });
    if (verdict) {
      if (verdict.correct) playCorrectSound();
      else playWrongSound();
      announce(feedbackAnnouncement(verdict.correct, answers.find((a) => a.id === verdict.correctAnswerId)?.text ?? ''));
    } else {
      announce(PENDING_ANNOUNCEMENT);
    }
    clearTimeout(timer.current);
    if (keepFeedback) return;
    timer.current = setTimeout(() => {
      // The last question keeps its feedback on screen until the result replaces the step.
      if (index + 1 >= total) onFinished();
      else setFeedback(null);
    }, FEEDBACK_MS);
  };

  // Guarded on resume (web/offline/resume.ts); kept so a missing question is never a blank card.
  if (!question) {
    return (
      <div className="space-y-4 py-6 text-center" data-step="question-missing">
        <h2 ref={heading} tabIndex={-1} className="player-heading !text-xl">
          Esta pregunta ya no está disponible.
        </h2>
        <button type="button" className="player-button" onClick={() => void leave()} disabled={leaving}>
          Volver al inicio
        </button>
      </div>
    );
  }
  // The feedback follows the verdict: until it arrives the choice is only locked.
  const stateOf = (answer: { id: number }): AnswerState => {
    if (!feedback || feedback.verdict === undefined) return undefined;
    const { verdict } = feedback;
    if (feedback.answerId === answer.id) return verdict === null ? 'pending' : verdict.correct ? 'correct' : 'wrong';
    return verdict?.correctAnswerId === answer.id ? 'right-answer' : 'dimmed';
  };
  return (
    <div className="space-y-5" data-step="question">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          {logo && <img src={logo} alt={`Logo de ${bundle.group.company.name}`} className="size-10 flex-none rounded-lg object-contain" />}
          <p className="player-header-text min-w-0 font-semibold break-words">{bundle.group.name}</p>
        </div>
        <p className="player-badge flex-none rounded-full px-3 py-1 text-sm font-bold tabular-nums" data-testid="question-counter" aria-hidden>
          {index + 1} / {total}
        </p>
      </div>

      <div key={questionId} className={`space-y-4 ${animation}`}>
        <h2 ref={heading} tabIndex={-1} className="player-question" data-testid="question-text" aria-describedby={`question-position-${questionId}`}>
          {question.text}
        </h2>
        <p id={`question-position-${questionId}`} className="sr-only">
          {questionAnnouncement(index + 1, total)}
        </p>
        <div role="group" aria-label="Respuestas">
          {answers.map((answer, i) => {
            const answerState = stateOf(answer);
            const isChosen = feedback?.answerId === answer.id;
            return (
              <button
                key={answer.id}
                type="button"
                className="player-answer"
                data-state={answerState}
                aria-disabled={feedback !== null || undefined}
                aria-pressed={isChosen}
                onClick={() => void choose(answer.id)}
              >
                <span className="player-answer-mark" aria-hidden>
                  {answerState === 'correct' || answerState === 'right-answer' ? (
                    <Check className="size-5" />
                  ) : answerState === 'wrong' ? (
                    <X className="size-5" />
                  ) : answerState === 'pending' ? (
                    <CloudUpload className="size-5" />
                  ) : (
                    LETTERS[i]
                  )}
                </span>
                <span className="min-w-0 flex-1 break-words">
                  <span data-testid="answer-text">{answer.text}</span>
                  {answerState && answerState !== 'dimmed' && (
                    <span className="player-answer-state" data-testid="answer-state">
                      {STATE_WORD[answerState]}
                    </span>
                  )}
                </span>
              </button>
            );
          })}
        </div>
      </div>

      <div className="space-y-2">
        <div className="player-muted flex justify-between text-sm font-medium">
          <span>Progreso</span>
          <span className="tabular-nums">{progress}%</span>
        </div>
        <div className="player-progress-track h-3 overflow-hidden rounded-full" role="progressbar" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100} aria-label="Progreso">
          <div className="player-progress-bar h-full rounded-full" style={{ width: `${progress}%` }} />
        </div>
        <div className="player-muted flex justify-between text-xs" aria-hidden>
          <span>Pregunta 1</span>
          <span>Pregunta {total}</span>
        </div>
      </div>

      <div className="flex justify-end">
        <button type="button" className="player-button player-button-outline player-button-small" onClick={() => setConfirmLeave(true)} disabled={leaving}>
          <LogOut className="size-4" aria-hidden /> Salir
        </button>
      </div>
      <PlayerDialog
        open={confirmLeave}
        title="¿Abandonar la trivia?"
        message="Tu progreso en este intento se perderá."
        confirmLabel="Abandonar"
        cancelLabel="Seguir jugando"
        pending={leaving}
        onConfirm={() => void leave()}
        onCancel={() => setConfirmLeave(false)}
      />
    </div>
  );
}
