import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { PlayBundle } from '../../../contract';
import { FEEDBACK_MS, markedAnswers, timedOutChoice } from '../../../contract/play-rules';
import { isMultiple } from '../../../contract/question-kinds';
import { clockMs, questionClockSeconds, TIMED_OUT_LABEL } from '../../../contract/question-clock';
import { serverReachable, type AnswerJudgement, type ChosenAnswer, type InProgressAttempt } from '../../offline';
import { useAnnounce } from '../announcer';
import { playCorrectSound, playWrongSound } from '../sounds';
import { useFocusOnMount } from '../use-focus-on-mount';
import { questionShownAt } from './question-clock';
import type { Feedback } from './answer-list';
import { PENDING_WORDING, pendingReason } from './pending-wording';

/** The monotonic clock an answer's time is read from (not the wall clock a kiosk may have wrong). */
const now = () => performance.now();

/** What the live region says as a question appears: 'Pregunta 2 de 5'. */
export const questionAnnouncement = (position: number, total: number) => `Pregunta ${position} de ${total}`;

/** Answers' texts as a sentence says them: 'Marte', 'Marte y Venus', 'Marte, Venus y Tierra'. */
const spokenList = (texts: readonly string[]) => (texts.length > 1 ? `${texts.slice(0, -1).join(', ')} y ${texts.at(-1)}` : (texts[0] ?? ''));

/**
 * What the live region says after an answer: 'Correcta' (on a points trivia 'Correcta, 950 puntos'),
 * 'Incorrecta, la correcta es …', 'Tiempo agotado, la correcta es …'; with several correct answers
 * ("Varias correctas") '…, las correctas son … y …'.
 */
export const feedbackAnnouncement = (correct: boolean, correctTexts: readonly string[], timedOut = false, points?: number) => {
  if (correct) return `Correcta${points === undefined ? '' : `, ${points} puntos`}`;
  const told = correctTexts.length > 1 ? `las correctas son ${spokenList(correctTexts)}` : `la correcta es ${spokenList(correctTexts)}`;
  return `${timedOut ? TIMED_OUT_LABEL : 'Incorrecta'}, ${told}`;
};


/** What the question step is given: the round, and what to do with an answer, after the last one and on leaving. */
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
  /** A question appeared for the first time (kept, so a reload resumes its clock where it was). */
  onShown?: (questionId: number) => void;
}

/**
 * The question step's state: the question on screen and its answers, the feedback of the answer
 * chosen (kept FEEDBACK_MS, then the next question), the live region's words, and leaving the round.
 */
export function useQuestionStep({ bundle, state, onAnswer, onFinished, onLeave, keepFeedback = false, onShown }: QuestionStepProps) {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  // A "Varias correctas" question: the answers marked (of the question named), confirmed with "Confirmar respuesta".
  const [marks, setMarks] = useState<{ questionId: number; answerIds: number[] } | null>(null);
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
  const heading = useFocusOnMount<HTMLHeadingElement>(questionId);
  // When this question was shown: each answer carries how long the player took. A question shown
  // before a reload counts from when it first appeared (`state.shown`), as its clock does.
  const shownAt = useRef(0);
  const resumedFrom = state.shown?.questionId === questionId ? state.shown.at : undefined;
  // Once per question: a later state of the same question (its answer kept) is not a new showing.
  const show = useEffectEvent((id: number) => {
    shownAt.current = questionShownAt(resumedFrom);
    if (resumedFrom === undefined) onShown?.(id);
  });
  useEffect(() => show(questionId), [questionId]);
  const multiple = question !== undefined && isMultiple(question);
  const marked = marks?.questionId === questionId ? marks.answerIds : [];

  useEffect(() => announce(questionAnnouncement(index + 1, total)), [announce, index, total]);

  const leave = async () => {
    setLeaving(true);
    clearTimeout(timer.current);
    await onLeave();
  };

  // The question's clock in this round (its own, else the trivia's; "Necesito más tiempo" doubles it); null: untimed.
  const clock = clockMs(questionClockSeconds(question, bundle.group.questionSeconds), state.extraTime);

  /** A tap on an answer: the choice, or on a "Varias correctas" question its mark set or taken off. */
  const tap = (answerId: number) => {
    if (!multiple) return void choose([answerId]);
    if (feedback || leaving || confirmLeave) return;
    setMarks({ questionId, answerIds: marked.includes(answerId) ? marked.filter((id) => id !== answerId) : [...marked, answerId] });
  };

  /** "Confirmar respuesta" on a "Varias correctas" question: its marks are the choice. */
  const confirmMarks = () => {
    if (marked.length) void choose(marked);
  };

  /** The player's choice (several answers on a "Varias correctas" question), or null when the question's clock ran out (the player may no longer choose). */
  const choose = async (answerIds: number[] | null) => {
    if (feedback || leaving) return;
    if (answerIds !== null && confirmLeave) return;
    const elapsedMs = Math.max(0, Math.round(now() - shownAt.current));
    const choice = answerIds === null ? { answerId: null } : multiple ? markedAnswers(answerIds) : { answerId: answerIds[0]! };
    const chosen = { questionId, ...choice, elapsedMs: answerIds === null && clock !== null ? Math.max(clock, elapsedMs) : elapsedMs };
    setFeedback(chosen);
    const verdict = (await onAnswer(chosen)) ?? null;
    // The server's clock may have run out before the answer reached it: it is then timed out here too.
    setFeedback({ ...(verdict?.timedOut ? timedOutChoice(chosen) : chosen), verdict });
    const timedOut = chosen.answerId === null || verdict?.timedOut === true;
    if (verdict) {
      if (verdict.correct) playCorrectSound();
      else playWrongSound();
      const correctTexts = answers.filter((a) => verdict.correctAnswerIds.includes(a.id)).map((a) => a.text);
      announce(feedbackAnnouncement(verdict.correct, correctTexts, timedOut, verdict.points));
    } else {
      announce(timedOut ? TIMED_OUT_LABEL : PENDING_WORDING[pendingReason(serverReachable())].announcement);
    }
    clearTimeout(timer.current);
    if (keepFeedback) return;
    timer.current = setTimeout(() => {
      // The last question keeps its feedback on screen until the result replaces the step.
      if (index + 1 >= total) onFinished();
      else setFeedback(null);
    }, FEEDBACK_MS);
  };

  return { feedback, index, total, questionId, question, answers, heading, confirmLeave, setConfirmLeave, leaving, leave, choose, tap, multiple, marked, confirmMarks, clock, resumedFrom };
}
