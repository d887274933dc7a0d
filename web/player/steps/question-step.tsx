import { CheckCheck, Hourglass, LogOut } from 'lucide-react';
import { TIMED_OUT_LABEL } from '../../../contract/question-clock';
import { kindOf } from '../../../contract/question-kinds';
import { triviaLogo } from '../../../contract/trivia-logo';
import { PlayerDialog } from '../ui/dialog';
import { AnswerList } from './answer-list';
import { NextPictures, PlayerPicture } from './player-picture';
import { QuestionClock } from './question-clock';
import { questionAnnouncement, useQuestionStep, type QuestionStepProps } from './use-question-step';

/** Under a "Varias correctas" question (and read with it). */
const MULTIPLE_HINT = 'Marca todas las respuestas correctas y confirma.';
/** Under a "Varias correctas" question's verdict: the whole, beside each answer's own mark. */
const MULTIPLE_RIGHT = '¡Marcaste todas las correctas!';
const MULTIPLE_WRONG = 'Incorrecta: cuenta solo si marcas todas las correctas y ninguna más';

/**
 * One question at a time. The choice locks at once (the chosen answer keeps focus: aria-disabled,
 * not disabled) and its feedback stays for 2 s, in the list itself (after a wrong answer the correct
 * one is marked too) and in the live region. The answer is stored immediately, so a reload during
 * the feedback resumes at the next question. After the last feedback the screen stays as it is
 * until the result replaces it. On a timed trivia a clock counts each question down; when it runs
 * out the question is answered "Tiempo agotado" (no answer) and its feedback marks the correct one.
 * On a "Varias correctas" question a tap marks or unmarks an answer (aria-pressed) and "Confirmar
 * respuesta" sends the marks; a clock running out first keeps nothing of them.
 */
export function QuestionStep(props: QuestionStepProps) {
  const { bundle, animation } = props;
  const { feedback, index, total, questionId, question, answers, heading, confirmLeave, setConfirmLeave, leaving, leave, choose, tap, multiple, marked, confirmMarks, clock, resumedFrom } =
    useQuestionStep(props);
  const progress = Math.round(((index + (feedback ? 1 : 0)) / total) * 100);
  const logo = triviaLogo(bundle.group);
  const nextId = props.state.questionIds[index + 1];
  const next = bundle.questions.find((q) => q.id === nextId);

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

      {clock !== null && !props.keepFeedback && <QuestionClock key={questionId} clockMs={clock} shownSince={resumedFrom} running={feedback === null} onTimeUp={() => void choose(null)} />}

      <div key={questionId} className={`space-y-4 ${animation}`}>
        {/* Read with the question: the heading, which takes the focus, is described by the picture's alt text. */}
        {question.picture && (
          <div id={`question-picture-${questionId}`} className="player-question-picture">
            <PlayerPicture key={question.picture.name} picture={question.picture} kind="question" />
          </div>
        )}
        <h2
          ref={heading}
          tabIndex={-1}
          className="player-question"
          data-testid="question-text"
          elementtiming="question-text"
          aria-describedby={`${question.picture ? `question-picture-${questionId} ` : ''}question-position-${questionId}${multiple ? ` question-hint-${questionId}` : ''}`}
        >
          {question.text}
        </h2>
        <p id={`question-position-${questionId}`} className="sr-only">
          {questionAnnouncement(index + 1, total)}
        </p>
        {multiple && (
          <p id={`question-hint-${questionId}`} className="player-muted text-center font-semibold" data-testid="multiple-hint">
            {MULTIPLE_HINT}
          </p>
        )}
        <AnswerList answers={answers} pair={kindOf(question) === 'true_false'} feedback={feedback} marked={multiple ? marked : undefined} onChoose={tap} />
        {multiple && !feedback && (
          <button type="button" className="player-button w-full" aria-disabled={marked.length === 0 || undefined} onClick={confirmMarks}>
            <CheckCheck className="size-5" aria-hidden /> Confirmar respuesta
          </button>
        )}
        {multiple && feedback?.verdict && feedback.answerId !== null && (
          // Each answer shows its own mark; this says the whole: right only with every correct answer marked and no other.
          <p className="player-question text-center !text-lg font-bold" data-testid="multiple-verdict" aria-hidden>
            {feedback.verdict.correct ? MULTIPLE_RIGHT : MULTIPLE_WRONG}
          </p>
        )}
        {feedback?.verdict?.correct && feedback.verdict.points !== undefined && (
          // A points trivia: what the answer scored (the live region says it with "Correcta").
          <p className="player-question text-center !text-lg font-bold tabular-nums" data-testid="answer-points" aria-hidden>
            +{feedback.verdict.points} puntos
          </p>
        )}
        {feedback?.answerId === null && (
          // Said by the live region with the correct answer; shown here so the screen says why nothing was chosen.
          <p className="player-question flex items-center justify-center gap-2 !text-lg" data-testid="timed-out">
            <Hourglass className="size-5 flex-none" aria-hidden />
            {TIMED_OUT_LABEL}
          </p>
        )}
      </div>
      {next && <NextPictures pictures={[[next.picture, 'question'], ...(bundle.answers[next.id] ?? []).map((a) => [a.picture, 'answer'] as const)]} />}

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
