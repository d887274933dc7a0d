import { Check } from 'lucide-react';
import type { QuestionAnalysis } from '../../../contract';
import { Card } from '../../components/ui/card';
import { FigureBar } from './figure-bar';
import { STACKED } from './stacked-table';
import { formatAnswerTime, formatIndex, formatShare } from '../../shared/insights/figures';
import { QuestionFlags } from '../../shared/insights/question-flags';
import { PictureImage } from '../../shared/pictures/picture-image';

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
      {detail && <dd className="text-xs text-slate-600 dark:text-slate-400">{detail}</dd>}
    </div>
  );
}

/**
 * One question's analysis: its figures, its flags (an icon and words, never colour alone) and each
 * answer's share as a table with a bar, the right answer marked in words.
 */
export function QuestionAnalysisCard({ number, question }: { number: number; question: QuestionAnalysis }) {
  const headingId = `question-analysis-${question.questionId}`;
  // Marked on the answer only when the question is flagged for it (enough rounds to mean something).
  const unchosenFlagged = question.flags.includes('unchosen-answer');
  return (
    <Card className="space-y-4 p-5" role="region" aria-labelledby={headingId} data-testid="question-analysis">
      <div className="flex items-start gap-3">
        {question.picture && <PictureImage picture={question.picture} className="w-20 shrink-0 sm:w-28" />}
        <h2 id={headingId} className="min-w-0 font-semibold break-words">
          <span className="text-slate-600 dark:text-slate-400">{number}. </span>
          {question.text}
        </h2>
      </div>
      <QuestionFlags flags={question.flags} />
      {/* Four across from sm; narrower, as many as fit at 7rem, so no label runs into the next. */}
      <dl className="grid grid-cols-[repeat(auto-fit,minmax(7rem,1fr))] gap-4 sm:grid-cols-4">
        <Figure
          label="Mostrada"
          value={String(question.shown)}
          detail={`${question.answered} respondida${question.answered === 1 ? '' : 's'}${question.timedOut > 0 ? ` · ${question.timedOut} sin tiempo` : ''}`}
        />
        <Figure label="Acierto" value={formatShare(question.facility)} detail={`${question.correct} correcta${question.correct === 1 ? '' : 's'}`} />
        <Figure label="Discriminación" value={formatIndex(question.discrimination)} detail={question.discrimination === null ? 'Pocas rondas para calcularla' : undefined} />
        <Figure
          label="Tiempo mediano"
          value={formatAnswerTime(question.medianAnswerMs)}
          detail={question.timedAnswers > 0 ? `de ${question.timedAnswers} respuesta${question.timedAnswers === 1 ? '' : 's'} con tiempo` : undefined}
        />
      </dl>
      {/* On a phone each answer stacks: its text, then its count beside its bar. */}
      <table className={STACKED.table}>
        <caption className="sr-only">Respuestas elegidas</caption>
        <thead className={STACKED.head}>
          <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
            <th scope="col" className="pb-1 font-medium">Respuesta</th>
            <th scope="col" className="pb-1 text-right font-medium">Elegida</th>
            <th scope="col" className="w-2/5 pb-1 pl-3 font-medium">Parte de las respuestas</th>
          </tr>
        </thead>
        <tbody className={STACKED.body}>
          {question.answers.map((answer) => (
            <tr key={answer.answerId} className={STACKED.rowFigureBar}>
              <th scope="row" className={STACKED.name}>
                {answer.picture && <PictureImage picture={answer.picture} className="mr-2 inline-block w-10 align-middle" />}
                {answer.correct && <Check className="mr-1 inline size-4 text-emerald-700 dark:text-emerald-300" aria-hidden />}
                {answer.text}
                {answer.correct && <span className="ml-1 text-xs font-semibold text-emerald-800 dark:text-emerald-200">(correcta)</span>}
                {unchosenFlagged && answer.chosen === 0 && <span className="ml-1 text-xs text-amber-900 dark:text-amber-200">Nadie elige esta respuesta</span>}
              </th>
              <td className={STACKED.figure} data-label="Elegida">{answer.chosen}</td>
              <td className="py-2 pl-3 max-sm:p-0">
                <FigureBar fraction={answer.share ?? 0} figure={formatShare(answer.share)} tone={answer.correct ? 'correct' : 'other'} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {question.kind === 'multiple' && (
        <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="multiple-shares-note">
          Varias correctas: cada respuesta muestra qué parte de las rondas la marcó, y una ronda puede marcar varias, así que las partes pueden sumar más del 100 %.
          Acierta la ronda que marcó todas las correctas y ninguna otra.
        </p>
      )}
    </Card>
  );
}
