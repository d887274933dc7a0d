import { AlarmClock, Timer } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { clockAnnouncement } from '../../../contract/question-clock';
import { useAnnounce } from '../announcer';

/** How often the clock reads the time again: its figure moves by whole seconds, its bar by quarters. */
const TICK_MS = 250;

/** The monotonic clock (not the wall clock a kiosk may have wrong). */
const now = () => performance.now();

/**
 * When a question appeared, on the page's monotonic clock: now, or for a question shown before a
 * reload (`shownSince`, the wall clock's ms then) that long ago. The clock and the answer's measure
 * both count from it.
 */
export const questionShownAt = (shownSince?: number): number => now() - (shownSince === undefined ? 0 : Math.max(0, Date.now() - shownSince));

/**
 * A question's clock (contract/question-clock.ts): from its mount (keyed by the question, it mounts
 * as the question appears; a question shown before a reload, from `shownSince`, the wall clock's ms
 * then) it counts `clockMs` down, and calls `onTimeUp` when it runs out. It stops
 * while `running` is false (the question was answered). What it shows: the seconds left, with the
 * bar beside them; the last five seconds change its icon and weight, not only its colour. What it
 * says: the live region hears it at half the clock (when that is 10 s or more) and at 5 s, never
 * every second; the figure itself is a timer the screen reader reads when asked.
 */
export function QuestionClock({ clockMs, shownSince, running, onTimeUp }: { clockMs: number; shownSince?: number | undefined; running: boolean; onTimeUp: () => void }) {
  const [shownAt] = useState(() => questionShownAt(shownSince));
  const [elapsed, setElapsed] = useState(0);
  const announce = useAnnounce();
  const timeUp = useEffectEvent(onTimeUp);
  const said = useRef(new Set<string>());

  useEffect(() => {
    if (!running) return;
    const tick = () => {
      const spent = Math.max(0, now() - shownAt);
      setElapsed(spent);
      if (spent >= clockMs) timeUp();
    };
    tick();
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
  }, [running, shownAt, clockMs]);

  const left = Math.max(0, Math.ceil((clockMs - elapsed) / 1000));
  const seconds = Math.round(clockMs / 1000);
  useEffect(() => {
    const words = running ? clockAnnouncement(left, seconds) : null;
    if (words && !said.current.has(words)) {
      said.current.add(words);
      announce(words);
    }
  }, [announce, left, seconds, running]);

  const low = left <= 5;
  const Icon = low ? AlarmClock : Timer;
  const share = Math.max(0, Math.min(100, ((clockMs - elapsed) / clockMs) * 100));
  return (
    <div className="player-clock" data-low={low || undefined} data-testid="question-clock">
      <p className="player-badge flex flex-none items-center gap-1.5 rounded-full px-3 py-1 text-sm tabular-nums" role="timer" aria-label={`Tiempo restante: ${left} segundos`}>
        <Icon className="size-4" aria-hidden />
        <span className={low ? 'font-black' : 'font-bold'} aria-hidden>
          {left} s
        </span>
      </p>
      <div className="player-clock-track h-1.5 min-w-0 flex-1 overflow-hidden rounded-full" aria-hidden>
        <div className="player-clock-bar h-full rounded-full" style={{ width: `${share}%` }} />
      </div>
    </div>
  );
}
