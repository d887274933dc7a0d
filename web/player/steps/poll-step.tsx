import { Check } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { PlayAnswer, PollVote, Question } from '../../../contract';
import { pollShares, type PollResult } from '../../../contract/poll-shares';
import { fetchPollResult } from '../../offline';
import { useAnnounce } from '../announcer';
import { useFocusOnMount } from '../use-focus-on-mount';
import { AnswerList } from './answer-list';
import { PlayerPicture } from './player-picture';

export const POLL_RESULTS_LATER = 'Tu voto quedó guardado. Los resultados de la encuesta llegarán con la conexión.';

export interface PollStepProps {
  groupId: number;
  question: Question;
  answers: PlayAnswer[];
  /** Its place among the trivia's polls, from 1, and how many there are. */
  position: number;
  total: number;
  /** The vote, or undefined when the player skipped the poll. */
  onDone: (vote: PollVote | undefined) => void;
}

/**
 * One poll before the round (contract/polls.ts): the question and its answers, lettered like a
 * round's; once voted, how the others voted (the server's count now, the player's own vote added:
 * it travels with the round's start), or, without a connection, that the results come later.
 * Skipping is allowed: a poll is never required to play.
 */
export function PollStep({ groupId, question, answers, position, total, onDone }: PollStepProps) {
  const [chosen, setChosen] = useState<number | null>(null);
  const heading = useFocusOnMount<HTMLHeadingElement>(question.id);
  return (
    <div className="space-y-5" data-step="poll">
      <div className="flex justify-end">
        <p className="player-badge flex-none rounded-full px-3 py-1 text-sm font-bold tabular-nums" data-testid="poll-counter">
          {total > 1 ? `Encuesta ${position} de ${total}` : 'Encuesta'}
        </p>
      </div>
      <div className="space-y-4">
        {question.picture && (
          <div id={`poll-picture-${question.id}`} className="player-question-picture">
            <PlayerPicture key={question.picture.name} picture={question.picture} kind="question" />
          </div>
        )}
        <h2
          ref={heading}
          tabIndex={-1}
          className="player-question"
          data-testid="poll-text"
          aria-describedby={`${question.picture ? `poll-picture-${question.id} ` : ''}poll-note-${question.id}`}
        >
          {question.text}
        </h2>
        <p id={`poll-note-${question.id}`} className="player-muted text-center text-sm">
          Encuesta: no hay respuestas correctas ni puntos.
        </p>
        {chosen === null ? (
          <>
            <AnswerList answers={answers} feedback={null} onChoose={setChosen} />
            <div className="flex justify-end">
              <button type="button" className="player-button player-button-outline player-button-small" onClick={() => onDone(undefined)}>
                Omitir encuesta
              </button>
            </div>
          </>
        ) : (
          <PollOutcome groupId={groupId} questionId={question.id} answers={answers} chosen={chosen} last={position === total} onContinue={() => onDone({ questionId: question.id, answerId: chosen })} />
        )}
      </div>
    </div>
  );
}

/** The results once voted: fetched once, announced once, with the way on. */
function PollOutcome({
  groupId,
  questionId,
  answers,
  chosen,
  last,
  onContinue,
}: {
  groupId: number;
  questionId: number;
  answers: PlayAnswer[];
  chosen: number;
  last: boolean;
  onContinue: () => void;
}) {
  const [result, setResult] = useState<PollResult | null | undefined>(undefined);
  const announce = useAnnounce();
  const heading = useFocusOnMount<HTMLHeadingElement>(result === undefined ? 'loading' : 'loaded');
  useEffect(() => {
    let live = true;
    void fetchPollResult(groupId, questionId).then((fetched) => live && setResult(fetched ?? null));
    return () => {
      live = false;
    };
  }, [groupId, questionId]);
  const ownText = answers.find((a) => a.id === chosen)?.text ?? '';
  const shares = result ? pollShares(result, chosen) : null;
  useEffect(() => {
    if (result === undefined) return;
    announce(shares ? `Tu voto: ${ownText}. ${shares.map((s) => `${s.text}: ${s.percent} %`).join('. ')}.` : `Tu voto: ${ownText}. ${POLL_RESULTS_LATER}`);
    // Announced once, when the results (or their absence) are known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  if (result === undefined) {
    // Focused at once: the answer chosen is gone from the screen.
    return (
      <h3 ref={heading} tabIndex={-1} className="player-muted text-center" data-testid="poll-counting">
        Contando votos…
      </h3>
    );
  }
  const votes = shares?.reduce((sum, s) => sum + s.votes, 0) ?? 0;
  return (
    <div className="space-y-4" data-testid="poll-results">
      <h3 ref={heading} tabIndex={-1} className="player-heading !text-xl text-center">
        {shares ? `Así votaron ${votes} ${votes === 1 ? 'persona' : 'personas'}` : 'Voto guardado'}
      </h3>
      {shares ? (
        <ul className="space-y-3">
          {shares.map((share) => (
            <li key={share.answerId} className="player-poll-share" data-own={share.answerId === chosen || undefined} data-testid="poll-share">
              <div className="flex items-start justify-between gap-3">
                <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 font-semibold break-words">
                  <span className="min-w-0">{share.text}</span>
                  {share.answerId === chosen && (
                    <span className="player-badge inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold whitespace-nowrap">
                      <Check className="size-3.5" aria-hidden /> Tu voto
                    </span>
                  )}
                </span>
                <span className="flex-none font-bold tabular-nums" data-testid="poll-percent">
                  {share.percent} %
                </span>
              </div>
              <div className="player-progress-track h-2.5 overflow-hidden rounded-full" aria-hidden>
                <div className="player-progress-bar h-full rounded-full" style={{ width: `${share.percent}%` }} />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="player-instructions text-center" data-testid="poll-later">
          {POLL_RESULTS_LATER}
        </p>
      )}
      <button type="button" className="player-button w-full" onClick={onContinue}>
        {last ? 'Continuar' : 'Siguiente encuesta'}
      </button>
    </div>
  );
}
