import { useEffect, useState } from 'react';
import { pollShares, type PollResult, type PollResults } from '../../../contract/poll-shares';

/** How long the ranking stays between two rounds of poll results, and how long each poll shows. */
export const RANKING_SLIDE_MS = 20_000;
export const POLL_SLIDE_MS = 10_000;

/**
 * A trivia's big screen shows its polls between rankings: the ranking for RANKING_SLIDE_MS, then
 * each poll that has votes for POLL_SLIDE_MS, then the ranking again. The polls' results are read
 * afresh (GET /api/play/:id/polls) each time the ranking's turn ends; a screen without polls with
 * votes, or that cannot read them, stays on its ranking. Null: the ranking's turn.
 */
export function usePollSlide(kind: 'trivia' | 'campaign', id: number): PollResult | null {
  const [poll, setPoll] = useState<PollResult | null>(null);
  useEffect(() => {
    if (kind !== 'trivia') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const controller = new AbortController();
    const show = (polls: PollResult[], index: number) => {
      if (stopped) return;
      const next = polls[index];
      setPoll(next ?? null);
      timer = setTimeout(() => (next ? show(polls, index + 1) : void cycle()), next ? POLL_SLIDE_MS : 0);
    };
    const cycle = async () => {
      await new Promise<void>((resolve) => {
        timer = setTimeout(resolve, RANKING_SLIDE_MS);
      });
      if (stopped) return;
      let polls: PollResult[] = [];
      try {
        const response = await fetch(`/api/play/${id}/polls`, { cache: 'no-store', headers: { Accept: 'application/json' }, signal: controller.signal });
        if (response.ok) polls = ((await response.json()) as PollResults).polls.filter((p) => p.votes > 0);
      } catch {
        // Unreachable: the ranking stays, and the next turn tries again.
      }
      if (polls.length > 0) show(polls, 0);
      else void cycle();
    };
    void cycle();
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
    };
  }, [kind, id]);
  return poll;
}

/** One poll's results on the big screen, in place of the ranking: each answer's share as a bar. */
export function PollSlide({ poll }: { poll: PollResult }) {
  const shares = pollShares(poll);
  return (
    <section className="big-screen-card big-screen-ranking big-screen-poll" aria-labelledby="big-screen-poll-title" data-testid="screen-poll">
      <p className="big-screen-poll-kicker">Encuesta · {poll.votes === 1 ? '1 voto' : `${poll.votes} votos`}</p>
      <h2 id="big-screen-poll-title" className="big-screen-poll-title">
        {poll.text}
      </h2>
      <ul className="big-screen-poll-list">
        {shares.map((share) => (
          <li key={share.answerId} className="big-screen-poll-share" data-testid="screen-poll-share">
            <span className="big-screen-poll-answer">{share.text}</span>
            <span className="big-screen-poll-percent">{share.percent} %</span>
            <span className="big-screen-poll-track" aria-hidden>
              <span className="big-screen-poll-bar" style={{ width: `${share.percent}%` }} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
