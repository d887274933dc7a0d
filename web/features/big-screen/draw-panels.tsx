import { History, Repeat, Trophy } from 'lucide-react';
import type { ScreenFeed } from '../../../contract';
import { formatTimeOfDay } from '../../lib/format';

/** How many winners the panel names; a larger draw says how many more (the admin's record lists them all). */
const WINNERS_SHOWN = 12;

const moreWinners = (more: number) => (more === 1 ? '1 ganador más' : `${more} ganadores más`);

/** "Ana G.", "Ana G. y Luis P.", "Ana G., Luis P. y 2 más": names in a sentence. */
function namesInWords(names: string[], more = 0): string {
  const all = more > 0 ? [...names, `${more} más`] : names;
  return all.length <= 1 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')} y ${all.at(-1)}`;
}

/** "Sorteo repetido: el primero fue el de las 10:05 y ganó Ana G.": a re-roll, named on the screen with who won the first time. */
export function screenRepeatText(repeat: NonNullable<NonNullable<ScreenFeed['drawWinners']>['repeatOf']>, timeZone: string): string {
  const first = `Sorteo repetido: el primero fue el de las ${formatTimeOfDay(repeat.drawnAt, timeZone)}`;
  const names = repeat.winners.map((w) => w.name);
  if (names.length === 0) return `${first}.`;
  const shown = names.slice(0, 3);
  return `${first} y ${names.length === 1 ? 'ganó' : 'ganaron'} ${namesInWords(shown, names.length - shown.length)}.`;
}

function RepeatBadge() {
  return (
    <span className="big-screen-repeat-badge" data-testid="screen-draw-repeat">
      <Repeat aria-hidden className="big-screen-repeat-icon" />
      Repetido
    </span>
  );
}

/**
 * "Ganadores del sorteo": the newest draw's winners in prize order (the numbers are CSS counters),
 * for a while after an admin ran it. More than a few go in two columns. A repeat says so, with the
 * first draw's time and winners; otherwise how many draws ran earlier that day, if any.
 */
export function DrawWinners({ winners, timeZone }: { winners: ScreenFeed['drawWinners']; timeZone: string }) {
  const shown = winners?.winners.slice(0, WINNERS_SHOWN) ?? [];
  const more = (winners?.winners.length ?? 0) - shown.length;
  return (
    <div aria-live="polite" className="big-screen-draw-slot">
      {winners && shown.length > 0 && (
        <section className="big-screen-draw" aria-labelledby="big-screen-draw-title" data-testid="screen-draw-winners">
          <h2 id="big-screen-draw-title" className="big-screen-draw-title">
            <Trophy aria-hidden className="big-screen-draw-icon" />
            Ganadores del sorteo
          </h2>
          <p className="big-screen-draw-when">
            Sorteo de las {formatTimeOfDay(winners.drawnAt, timeZone)}
            {winners.repeatOf && <RepeatBadge />}
          </p>
          <ol className="big-screen-draw-list" data-many={shown.length > 5 || undefined}>
            {shown.map((winner, index) => (
              <li key={index}>{winner.name}</li>
            ))}
          </ol>
          {more > 0 && <p className="big-screen-draw-more">y {moreWinners(more)}</p>}
          {winners.repeatOf ? (
            <p className="big-screen-draw-note big-screen-draw-note-repeat" data-testid="screen-draw-repeat-of">
              {screenRepeatText(winners.repeatOf, timeZone)}
            </p>
          ) : (
            winners.earlierToday > 0 && (
              <p className="big-screen-draw-note" data-testid="screen-draw-earlier">
                Hoy hubo {winners.earlierToday === 1 ? 'otro sorteo antes' : `${winners.earlierToday} sorteos antes`} que este.
              </p>
            )
          )}
        </section>
      )}
    </div>
  );
}

/**
 * "Sorteos de hoy": every draw of the day, newest first, with its winners and "Repetido" (and the
 * time of the first draw it repeats), when the organiser shows it on the screen: beside the ranking's
 * rows, under the podium.
 */
export function DrawHistory({ history, timeZone }: { history: NonNullable<ScreenFeed['drawHistory']>; timeZone: string }) {
  const left = history.total - history.draws.length;
  return (
    <section className="big-screen-history" aria-labelledby="big-screen-history-title" data-testid="screen-draw-history">
      <h2 id="big-screen-history-title" className="big-screen-history-title">
        <History aria-hidden className="big-screen-draw-icon" />
        Sorteos de hoy
      </h2>
      <ol className="big-screen-history-list">
        {history.draws.map((draw) => (
          <li key={draw.drawId} data-testid="screen-history-draw">
            <span className="big-screen-history-time">{formatTimeOfDay(draw.drawnAt, timeZone)}</span>
            <span className="big-screen-history-body">
              <span className="big-screen-history-winners">{namesInWords(draw.winners.map((w) => w.name), draw.moreWinners) || 'Sin ganadores visibles'}</span>
              {draw.repeatOf && (
                <span className="big-screen-history-repeat">
                  <RepeatBadge /> el primero fue el de las {formatTimeOfDay(draw.repeatOf.drawnAt, timeZone)}
                </span>
              )}
            </span>
          </li>
        ))}
      </ol>
      {left > 0 && <p className="big-screen-draw-more">y {left === 1 ? '1 sorteo más' : `${left} sorteos más`} hoy</p>}
    </section>
  );
}
