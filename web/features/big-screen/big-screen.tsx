import { Maximize } from 'lucide-react';
import { Fragment, useEffect, useState, type CSSProperties } from 'react';
import { themeVariables } from '../../../contract/theme-variables';
import { useThemeFonts } from '../../player/theme-fonts';
import { TIE_RULES, type Scoring, type ScreenEntry, type ScreenFeed } from '../../../contract';
import { BROWSER_TIME_ZONE, formatDuration, formatScore, formatTimeOfDay } from '../../lib/format';
import { useScreenFeed, type ScreenFeedState } from './use-screen-feed';
import { QrCode } from '../../shared/qr-code';
import { DrawHistory, DrawWinners } from './draw-panels';
import { PollSlide, usePollSlide } from './poll-slides';
import './big-screen.css';

/** The screen's clock in the event's time zone (the feed says which; before any feed, the device's). */
const clock = (date: Date, feed: ScreenFeed | null) => formatTimeOfDay(date, feed?.timeZone ?? BROWSER_TIME_ZONE);
/** How the rankings write the screen's scores: a trivia's in its scoring (% or points), a campaign's total in points. */
const unitOf = (feed: ScreenFeed): Scoring => (feed.kind === 'campaign' ? 'points' : (feed.scoring ?? 'percent'));
/** The result as a row shows it: the score, then the time that breaks ties. */
function entryResultText(unit: Scoring, entry: ScreenEntry): string {
  const score = formatScore(entry.score, unit);
  return entry.time === null ? score : `${score} · ${formatDuration(entry.time)}`;
}
/** The newest finisher's figure, said for what it is: a trivia's round score, a campaign's total. */
const newestScoreText = (feed: ScreenFeed, score: number) => (feed.kind === 'trivia' ? formatScore(score, unitOf(feed)) : `${formatScore(score, 'points')} en la campaña`);

/**
 * An address in pieces that end where a line may break: after the host's "/" and after each "/"
 * of the path, never inside a word ("…/campaigns/12/ranking", not "ran/king").
 */
function addressPieces(url: string): string[] {
  const afterScheme = url.indexOf('://') + 3;
  const firstSlash = url.indexOf('/', afterScheme);
  if (firstSlash < 0) return [url];
  return [url.slice(0, firstSlash + 1), ...(url.slice(firstSlash + 1).match(/[^/]*\/|[^/]+$/g) ?? [])];
}

/** An address that wraps only between its pieces (`addressPieces`). */
function BreakableAddress({ url }: { url: string }) {
  return (
    <>
      {addressPieces(url).map((piece, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </>
  );
}

/** Whether the page is in full screen, and a way in (the browser needs a click for it). */
function useFullscreen() {
  const [active, setActive] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const update = () => setActive(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  return { active, enter: () => void document.documentElement.requestFullscreen?.().catch(() => undefined) };
}

/** The connection line: live, or stale with the time of the last data. */
function Status({ state }: { state: ScreenFeedState }) {
  if (state.problem === 'offline') {
    return (
      <p className="big-screen-status big-screen-status-stale" role="status" data-testid="screen-status">
        Sin conexión{state.confirmedAt ? ` · datos de las ${clock(state.confirmedAt, state.feed)}` : ''}
      </p>
    );
  }
  const live = state.problem === 'missing' ? 'Comprobado' : 'En vivo';
  return (
    <p className="big-screen-status" role="status" data-testid="screen-status">
      {live}
      {state.confirmedAt ? ` · ${clock(state.confirmedAt, state.feed)}` : ''}
    </p>
  );
}

function Row({ unit, entry, newest }: { unit: Scoring; entry: ScreenEntry; newest: boolean }) {
  return (
    <li className={`big-screen-row${newest ? ' big-screen-row-newest' : ''}`} data-testid="screen-row" data-newest={newest || undefined}>
      <span className="big-screen-position">
        <span aria-hidden>{entry.position}</span>
        <span className="sr-only">Puesto {entry.position}</span>
      </span>
      <span className="big-screen-name">
        <span>
          {entry.name} {newest && <span className="big-screen-badge">¡Nuevo!</span>}
        </span>
        {entry.location && <span className="big-screen-location">{entry.location}</span>}
      </span>
      <span className="big-screen-score">{entryResultText(unit, entry)}</span>
    </li>
  );
}

/** The top three as a podium: second, first, third. */
function Podium({ unit, entries, newestId }: { unit: Scoring; entries: ScreenEntry[]; newestId: number | null }) {
  const order = [entries[1], entries[0], entries[2]];
  return (
    <ol className="big-screen-podium" aria-label="Podio">
      {order.map((entry) =>
        entry ? (
          <li
            key={entry.playerId}
            className={`big-screen-step big-screen-step-${entry.position}${entry.playerId === newestId ? ' big-screen-row-newest' : ''}`}
            data-testid="screen-row"
            data-newest={entry.playerId === newestId || undefined}
          >
            <span className="big-screen-step-name">{entry.name}</span>
            {entry.playerId === newestId && <span className="big-screen-badge">¡Nuevo!</span>}
            <span className="big-screen-step-score">{entryResultText(unit, entry)}</span>
            <span className="big-screen-step-block">
              <span aria-hidden>{entry.position}</span>
              <span className="sr-only">Puesto {entry.position}</span>
            </span>
          </li>
        ) : null,
      )}
    </ol>
  );
}

/** How many places the ranking shows while the day's draws ("Sorteos de hoy") take the other half under the podium. */
const RANKING_ROWS_WITH_HISTORY = 7;

/** The ranking's card: the podium, then the next places (beside the day's draws when shown). */
function RankingCard({ feed, newestId, history }: { feed: ScreenFeed; newestId: number | null; history: ScreenFeed['drawHistory'] }) {
  // With the day's draws beside them, the rows under the podium are one column: the top RANKING_ROWS_WITH_HISTORY.
  const rest = feed.entries.slice(3, history ? RANKING_ROWS_WITH_HISTORY : undefined);
  return (
    <section className="big-screen-card big-screen-ranking" aria-label="Ranking">
      {feed.entries.length === 0 ? (
        <p className="big-screen-empty">Aún no hay resultados. ¡Sé el primero en jugar!</p>
      ) : (
        <Podium unit={unitOf(feed)} entries={feed.entries} newestId={newestId} />
      )}
      <div className="big-screen-below-podium" data-history={history ? true : undefined}>
        {rest.length > 0 && (
          <ol className="big-screen-list" aria-label="Siguientes puestos">
            {rest.map((entry) => (
              <Row key={entry.playerId} unit={unitOf(feed)} entry={entry} newest={entry.playerId === newestId} />
            ))}
          </ol>
        )}
        {history && <DrawHistory history={history} timeZone={feed.timeZone} />}
      </div>
    </section>
  );
}

function Board({ feed, state }: { feed: ScreenFeed; state: ScreenFeedState }) {
  // A trivia's polls take the ranking's place now and then (poll-slides.tsx).
  const poll = usePollSlide(feed.kind, feed.id);
  const playUrl = new URL(feed.playPath, window.location.origin).href;
  const newestId = feed.newest?.playerId ?? null;
  const history = feed.drawHistory && feed.drawHistory.total > 0 ? feed.drawHistory : null;
  return (
    <>
      <header className="big-screen-header">
        {feed.logoUrl && <img className="big-screen-logo" src={feed.logoUrl} alt="" />}
        <div>
          <h1 className="big-screen-title">{feed.title}</h1>
          <p className="big-screen-subtitle">
            Ranking en vivo · {feed.total} {feed.total === 1 ? 'jugador' : 'jugadores'}
          </p>
          <p className="big-screen-tie-rule" data-testid="tie-rule">
            {TIE_RULES[feed.kind]}
          </p>
        </div>
      </header>
      <div className="big-screen-body">
        {poll ? <PollSlide poll={poll} /> : <RankingCard feed={feed} newestId={newestId} history={history} />}
        <aside className="big-screen-card big-screen-join" aria-label="Cómo jugar">
          <h2 className="big-screen-join-title">{feed.kind === 'trivia' ? 'Escanea y juega' : 'Escanea y sigue la campaña'}</h2>
          <QrCode text={playUrl} label={`Código QR de ${playUrl}`} className="big-screen-qr" testId="screen-qr" />
          <p className="big-screen-link" data-testid="screen-link">
            <BreakableAddress url={playUrl} />
          </p>
          <DrawWinners winners={feed.drawWinners} timeZone={feed.timeZone} />
          <div aria-live="polite" className="big-screen-newest">
            {feed.newest && (
              <p data-testid="screen-newest">
                Acaba de terminar: <strong>{feed.newest.name}</strong> · {newestScoreText(feed, feed.newest.score)}
              </p>
            )}
          </div>
          <Status state={state} />
        </aside>
      </div>
    </>
  );
}

/** A message in place of the ranking (missing trivia, bad address, first load). */
function Notice({ title, detail, state }: { title: string; detail: string; state?: ScreenFeedState }) {
  return (
    <div className="big-screen-card big-screen-notice">
      <h1 className="big-screen-title">{title}</h1>
      <p>{detail}</p>
      {state && <Status state={state} />}
    </div>
  );
}

const MISSING = {
  trivia: 'Esta trivia no existe o fue eliminada.',
  campaign: 'Esta campaña no existe o fue eliminada.',
};

/** The big screen ("Pantalla") of a trivia or campaign: full screen, themed, live. */
export function BigScreen({ kind, id }: { kind: 'trivia' | 'campaign'; id: number }) {
  const state = useScreenFeed(`/api/public/screens/${kind}/${id}`);
  const fullscreen = useFullscreen();
  const { feed } = state;
  useEffect(() => {
    document.title = feed ? `Pantalla · ${feed.title}` : 'Pantalla';
  }, [feed]);
  const style = themeVariables(feed?.theme);
  // The theme's font files, as the player screen loads them (only the font the theme names).
  useThemeFonts(style);
  return (
    <main className="big-screen" style={style as CSSProperties} data-testid="big-screen">
      {!fullscreen.active && (
        <button type="button" className="big-screen-fullscreen" onClick={fullscreen.enter}>
          <Maximize aria-hidden className="big-screen-icon" />
          Pantalla completa
        </button>
      )}
      {feed ? (
        <Board feed={feed} state={state} />
      ) : state.problem === 'missing' ? (
        <Notice title={MISSING[kind]} detail="Seguimos intentando: la pantalla se actualizará sola si se crea o se restaura." state={state} />
      ) : (
        <Notice title="Cargando la pantalla…" detail="Conectando con el servidor." state={state.problem ? state : undefined} />
      )}
    </main>
  );
}

/** A screen address whose id is not a positive whole number. */
export function InvalidScreen() {
  return (
    <main className="big-screen" style={themeVariables(null) as CSSProperties}>
      <Notice title="La dirección de esta pantalla no es válida." detail="Ábrela desde el ranking o la tarjeta de la trivia con el botón «Pantalla»." />
    </main>
  );
}
