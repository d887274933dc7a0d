import { Check, LogOut, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../lib/toast-store';
import type { PlayBundle } from '../../../contract';
import type { ChosenAnswer, InProgressAttempt } from '../../offline';
import { playCorrectSound, playWrongSound } from '../sounds';

export const FEEDBACK_MS = 2000;
const LETTERS = 'ABCDEFGHIJ';

export interface QuestionStepProps {
  bundle: PlayBundle;
  state: InProgressAttempt;
  animation: string;
  /** Stores the answer; resolves once it is kept on the device. */
  onAnswer: (answer: ChosenAnswer) => Promise<void>;
  /** Called after the feedback of the last question. */
  onFinished: () => void;
  /** The player gives up the round (after confirming): back to the document step. */
  onLeave: () => Promise<void>;
}

/**
 * One question at a time. The choice locks at once and its feedback stays for 2 s; the answer
 * is stored immediately, so a reload during the feedback resumes at the next question.
 */
export function QuestionStep({ bundle, state, animation, onAnswer, onFinished, onLeave }: QuestionStepProps) {
  const [feedback, setFeedback] = useState<ChosenAnswer | null>(null);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const total = state.questionIds.length;
  const index = feedback ? state.questionIds.indexOf(feedback.questionId) : state.answers.length;
  const questionId = state.questionIds[index]!;
  const question = bundle.questions.find((q) => q.id === questionId);
  const answers = (state.answerOrder[questionId] ?? [])
    .map((id) => bundle.answers[questionId]?.find((a) => a.id === id))
    .filter((a) => a !== undefined);
  const progress = Math.round(((index + (feedback ? 1 : 0)) / total) * 100);
  const logo = bundle.group.company.logoUrl;

  const leave = async () => {
    setLeaving(true);
    clearTimeout(timer.current);
    await onLeave();
  };

  const choose = async (answerId: number) => {
    if (feedback || confirmLeave || leaving) return;
    const chosen = { questionId, answerId };
    setFeedback(chosen);
    const correct = answers.find((a) => a.isCorrect);
    if (correct?.id === answerId) {
      playCorrectSound();
    } else {
      playWrongSound();
      toast({ title: 'Respuesta incorrecta', description: `La respuesta correcta es: ${correct?.text ?? ''}`, variant: 'destructive', duration: FEEDBACK_MS });
    }
    await onAnswer(chosen);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setFeedback(null);
      if (index + 1 >= total) onFinished();
    }, FEEDBACK_MS);
  };

  // Guarded on resume (web/offline/resume.ts); kept so a missing question is never a blank card.
  if (!question) {
    return (
      <div className="space-y-4 py-6 text-center" role="alert">
        <p className="player-muted">Esta pregunta ya no está disponible.</p>
        <button type="button" className="player-button" onClick={() => void leave()} disabled={leaving}>
          Volver al inicio
        </button>
      </div>
    );
  }
  return (
    <div className="space-y-5" data-step="question">
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          {logo && <img src={logo} alt={`Logo de ${bundle.group.company.name}`} className="size-10 flex-none rounded-lg object-contain" />}
          <p className="player-header-text truncate font-semibold">{bundle.group.name}</p>
        </div>
        <p className="player-badge flex-none rounded-full px-3 py-1 text-sm font-bold tabular-nums" data-testid="question-counter">
          {index + 1} / {total}
        </p>
      </div>

      <div key={questionId} className={`space-y-4 ${animation}`}>
        <h2 className="player-question" data-testid="question-text">
          {question.text}
        </h2>
        <div role="group" aria-label="Respuestas">
          {answers.map((answer, i) => {
            const isChosen = feedback?.answerId === answer.id;
            const state = !feedback ? undefined : isChosen ? (answer.isCorrect ? 'correct' : 'wrong') : 'dimmed';
            return (
              <button
                key={answer.id}
                type="button"
                className="player-answer"
                data-state={state}
                disabled={feedback !== null}
                aria-pressed={isChosen}
                onClick={() => void choose(answer.id)}
              >
                <span className="player-answer-mark" aria-hidden>
                  {state === 'correct' ? <Check className="size-5" /> : state === 'wrong' ? <X className="size-5" /> : LETTERS[i]}
                </span>
                <span className="flex-1" data-testid="answer-text">{answer.text}</span>
                {state === 'correct' && <span className="sr-only">Correcta</span>}
                {state === 'wrong' && <span className="sr-only">Incorrecta</span>}
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
        <div className="player-muted flex justify-between text-xs">
          <span>Pregunta 1</span>
          <span>Pregunta {total}</span>
        </div>
      </div>

      <div className="flex justify-end">
        <button
          type="button"
          className="player-muted inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium opacity-70 hover:opacity-100"
          onClick={() => setConfirmLeave(true)}
          disabled={leaving}
        >
          <LogOut className="size-3.5" aria-hidden /> Salir
        </button>
      </div>
      <ConfirmDialog
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
