import { Ban, CheckCircle2, Clock, MinusCircle, PauseCircle, XCircle, type LucideIcon } from 'lucide-react';
import { ATTEMPT_STANDING_LABELS, siteName, TIMED_OUT_LABEL, type AttemptStanding, type PlayerHistoryAnswer, type PlayerHistoryAttempt } from '../../../contract';
import { Card } from '../../components/ui/card';
import { formatDuration, formatScore } from '../../lib/format';
import { DateTime, EventTimeZone } from '../../shared/time-zone/event-time-zone';
import { formatAnswerTime } from '../../shared/insights/figures';
import { PictureImage } from '../../shared/pictures/picture-image';

/** Each standing's icon and colours; its words always go with them. */
const STANDING_LOOK: Record<AttemptStanding, { icon: LucideIcon; className: string }> = {
  counted: { icon: CheckCircle2, className: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100' },
  held: { icon: PauseCircle, className: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100' },
  discarded: { icon: XCircle, className: 'bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-100' },
  disqualified: { icon: Ban, className: 'bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-100' },
  unfinished: { icon: Clock, className: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100' },
};

function StandingBadge({ standing }: { standing: AttemptStanding }) {
  const { icon: Icon, className } = STANDING_LOOK[standing];
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium ${className}`} data-testid="attempt-standing">
      <Icon className="size-4" aria-hidden />
      {ATTEMPT_STANDING_LABELS[standing]}
    </span>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="font-semibold break-words tabular-nums">{children}</dd>
    </div>
  );
}

function AnswerResult({ answer }: { answer: PlayerHistoryAnswer }) {
  if (answer.answer === null) {
    return (
      <span className="inline-flex items-start gap-1 text-slate-700 dark:text-slate-300">
        <MinusCircle className="mt-0.5 size-4 shrink-0" aria-hidden /> {answer.timedOut ? TIMED_OUT_LABEL : 'Sin respuesta'}
      </span>
    );
  }
  return answer.correct ? (
    <span className="inline-flex items-center gap-1 text-emerald-800 dark:text-emerald-300">
      <CheckCircle2 className="size-4" aria-hidden /> Correcta
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-rose-800 dark:text-rose-300">
      <XCircle className="size-4" aria-hidden /> Incorrecta
    </span>
  );
}

/** The round's questions in the order shown, each with the answer chosen, behind a disclosure. */
function RoundAnswers({ attempt }: { attempt: PlayerHistoryAttempt }) {
  if (attempt.answers.length === 0) return <p className="text-sm text-slate-700 dark:text-slate-300">Esta ronda no registró preguntas.</p>;
  return (
    <details className="group">
      <summary className="cursor-pointer rounded text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-200">
        Ver respuestas ({attempt.answers.length})
      </summary>
      {/* The columns share the card's width on a phone; where they still do not fit (200 % zoom, a long
          word) the table scrolls inside this region, which takes the focus so a keyboard can scroll it. */}
      <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Respuestas de esta ronda">
        <table className="w-full text-left text-sm sm:min-w-[32rem]">
          <caption className="sr-only">Respuestas de la ronda de {attempt.trivia.name}</caption>
          <thead className="text-xs text-slate-600 dark:text-slate-400">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">#</th>
              <th scope="col" className="py-1 pr-3 font-medium">Pregunta</th>
              <th scope="col" className="py-1 pr-3 font-medium">Respuesta elegida</th>
              <th scope="col" className="py-1 pr-3 font-medium">Resultado</th>
              <th scope="col" className="py-1 font-medium">Tiempo</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {attempt.answers.map((answer, index) => (
              <tr key={`${answer.questionId}-${index}`} data-testid="history-answer">
                <td className="py-2 pr-3 align-top tabular-nums">{index + 1}</td>
                <td className="py-2 pr-3 align-top break-words">
                  <div className="flex items-start gap-2">
                    {answer.questionPicture && <PictureImage picture={answer.questionPicture} className="w-14 shrink-0" />}
                    <span className="min-w-0">{answer.question ?? <em>Pregunta eliminada</em>}</span>
                  </div>
                </td>
                <td className="py-2 pr-3 align-top break-words">
                  {answer.answerPicture && <PictureImage picture={answer.answerPicture} className="mr-2 inline-block w-10 align-middle" />}
                  {answer.answer ?? '—'}
                </td>
                <td className="py-2 pr-3 align-top sm:whitespace-nowrap">
                  <AnswerResult answer={answer} />
                </td>
                <td className="py-2 align-top whitespace-nowrap tabular-nums">{answer.elapsedMs === null ? '—' : formatAnswerTime(answer.elapsedMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** One attempt of a player's history: the trivia and its campaigns, where it stands, its round, its poll votes and where it was played. */
export function HistoryAttemptCard({ attempt }: { attempt: PlayerHistoryAttempt }) {
  const headingId = `history-attempt-${attempt.id}`;
  const finished = attempt.completedAt !== null;
  return (
    <Card className="space-y-4 p-5" role="region" aria-labelledby={headingId} data-testid="history-attempt">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="font-semibold break-words">
            {attempt.trivia.name}
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <EventTimeZone companyId={attempt.trivia.companyId}>
              <DateTime value={attempt.completedAt ?? attempt.startedAt} />
            </EventTimeZone>
            {attempt.campaigns.length > 0 && <> · Campaña: {attempt.campaigns.map((campaign) => campaign.name).join(', ')}</>}
          </p>
        </div>
        <StandingBadge standing={attempt.standing} />
      </div>
      {attempt.reviewReason && <p className="text-sm text-slate-700 dark:text-slate-300">Motivo de revisión: {attempt.reviewReason}</p>}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Fact label="Puntaje">{finished ? formatScore(attempt.score, attempt.trivia.scoring) : '—'}</Fact>
        <Fact label="Correctas">{finished ? `${attempt.correctAnswers}/${attempt.totalQuestions}` : '—'}</Fact>
        <Fact label="Tiempo">{formatDuration(attempt.completionTime)}</Fact>
        <Fact label="Sede">{siteName(attempt.site)}</Fact>
        <Fact label="Kiosco">{attempt.kiosk ?? 'Ninguno'}</Fact>
      </dl>
      {attempt.pollVotes.length > 0 && (
        <div className="text-sm" data-testid="history-poll-votes">
          <h3 className="font-medium text-slate-700 dark:text-slate-300">Encuestas</h3>
          <ul className="mt-1 space-y-1">
            {attempt.pollVotes.map((vote) => (
              <li key={vote.question} className="break-words">
                {vote.question} · Voto: <span className="font-semibold">{vote.answer}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <RoundAnswers attempt={attempt} />
    </Card>
  );
}
