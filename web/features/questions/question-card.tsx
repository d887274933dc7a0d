import { Check, Pencil, Trash2 } from 'lucide-react';
import { kindOf, pollShares, QUESTION_KIND_LABELS, type Answer, type PollResult, type Question, type QuestionAnalysis } from '../../../contract';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { formatShare } from '../../shared/insights/figures';
import { QuestionFlags } from '../../shared/insights/question-flags';
import { PictureImage } from '../../shared/pictures/picture-image';

export interface QuestionCardProps {
  number: number;
  question: Question;
  /** Its figures from the trivia's analysis (analysis undefined while they load, or when they could not be read); none while the trivia has no counted rounds. */
  insight?: { analysis: QuestionAnalysis | undefined; failed: boolean };
  /** A poll's votes (result undefined while they load, or when they could not be read, or before its first vote). */
  poll?: { result: PollResult | undefined; failed: boolean };
  /** undefined while the answers load (or when they could not be loaded): the question cannot be edited then. */
  answers: Answer[] | undefined;
  /** Why the answers could not be loaded, if they could not. */
  answersError?: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** One question with its answers, their pictures as thumbnails; the correct one in green with a check mark and a label. */
export function QuestionCard({ number, question, insight, poll, answers, answersError, onEdit, onDelete }: QuestionCardProps) {
  const shares = poll?.result ? new Map(pollShares(poll.result).map((share) => [share.answerId, share])) : null;
  return (
    <Card className="flex min-w-0 flex-col p-3 min-[400px]:p-5" data-testid="question-card">
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 font-semibold break-words">
          <span className="mr-1.5 text-brand-700 dark:text-brand-200">{number}.</span>
          {question.text}
        </h2>
        <div className="-mt-1 -mr-2 flex shrink-0">
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Editar pregunta ${number}`}
            disabled={answers === undefined}
            onClick={onEdit}
            icon={<Pencil className="size-4" aria-hidden />}
          />
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Eliminar pregunta ${number}`}
            onClick={onDelete}
            className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
            icon={<Trash2 className="size-4" aria-hidden />}
          />
        </div>
      </div>
      {kindOf(question) !== 'choice' && (
        <p className="mt-1 w-fit rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 dark:bg-brand-400/10 dark:text-brand-200" data-testid="question-kind">
          {QUESTION_KIND_LABELS[kindOf(question)]}
        </p>
      )}
      {question.picture && <PictureImage picture={question.picture} className="mt-3 max-h-32 w-40" />}
      {insight && <QuestionInsight {...insight} />}
      {poll && (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="poll-votes" role={poll.failed ? 'alert' : undefined}>
          {poll.failed ? 'No se pudieron leer los votos.' : !poll.result || poll.result.votes === 0 ? 'Todavía sin votos.' : `${poll.result.votes} ${poll.result.votes === 1 ? 'voto' : 'votos'}`}
        </p>
      )}
      {answersError ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          Error al cargar las respuestas: {answersError}
        </p>
      ) : answers === undefined ? (
        <div className="mt-3 text-slate-600 dark:text-slate-300">
          <Spinner className="size-4" label="Cargando respuestas..." />
        </div>
      ) : answers.length === 0 ? (
        <p className="mt-3 text-sm text-amber-700 dark:text-amber-300">Esta pregunta no tiene respuestas.</p>
      ) : (
        <ul className="mt-3 space-y-1.5" aria-label="Respuestas">
          {answers.map((answer) => (
            <li
              key={answer.id}
              className={`flex items-start gap-2 rounded-lg px-3 py-2 text-sm ${answer.isCorrect ? 'bg-green-50 font-medium text-green-800 ring-1 ring-green-300 dark:bg-green-950/40 dark:text-green-200 dark:ring-green-800' : 'bg-slate-50 text-slate-700 dark:bg-slate-800/60 dark:text-slate-300'}`}
            >
              {answer.isCorrect ? (
                <Check className="mt-0.5 size-4 shrink-0 text-green-600 dark:text-green-400" aria-hidden />
              ) : (
                <span className="size-4 shrink-0" aria-hidden />
              )}
              <span className="min-w-0 flex-1 break-words">{answer.text}</span>
              {answer.isCorrect && <span className="sr-only">(respuesta correcta)</span>}
              {shares?.has(answer.id) && (
                <span className="shrink-0 tabular-nums" data-testid="poll-answer-share">
                  {shares.get(answer.id)!.percent} % ({shares.get(answer.id)!.votes})
                </span>
              )}
              {answer.picture && <PictureImage picture={answer.picture} className="max-h-12 w-16 shrink-0" />}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** How the question did, beside where it is edited: its share right over the rounds that showed it, and its flags. */
function QuestionInsight({ analysis, failed }: { analysis: QuestionAnalysis | undefined; failed: boolean }) {
  return (
    <div className="mt-3 space-y-2 text-sm text-slate-700 dark:text-slate-300" data-testid="question-insight">
      {analysis === undefined && failed ? (
        <p role="alert" className="text-red-700 dark:text-red-300">No se pudo leer el acierto.</p>
      ) : analysis === undefined ? (
        <Spinner className="size-4" label="Cargando acierto..." />
      ) : analysis.shown === 0 ? (
        <p>Todavía sin rondas contadas.</p>
      ) : (
        <p>
          Acierto <strong className="tabular-nums">{formatShare(analysis.facility)}</strong> en {analysis.shown} {analysis.shown === 1 ? 'ronda' : 'rondas'}
        </p>
      )}
      {analysis && <QuestionFlags flags={analysis.flags} small />}
    </div>
  );
}
