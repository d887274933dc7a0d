import { CloudOff, LoaderCircle, RefreshCw } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { KIOSK_SETUP_TOKEN_PATTERN } from '../../contract/kiosk-values';
import { triviaLogo } from '../../contract/trivia-logo';
import { loadTrivia, setKioskMode, type BundleResult } from '../offline';
import { enterPlayerScreen, setBetweenAttempts } from '../pwa/service-worker';
import { useKioskSync } from './kiosk';
import { kioskModeFromQuery, useKioskChrome, useKioskMode } from './kiosk-mode';
import type { FirstPaint } from './first-paint';
import { firstScreenShown } from './first-screen';
import { nextTask } from './next-task';
import { DOCUMENT_STEP_HEIGHT, PlayerFlow } from './player-flow';
import { OfflineNotice } from './offline-notice';
import { animationClass, themeStyle } from './theme-style';
import { useThemeFonts } from './theme-fonts';
import { useKioskParts } from './use-kiosk-parts';
import './player.css';

/** The trivia id of a /play-trivia/:id address, or undefined when the path is not one. */
export function triviaIdFromPath(pathname: string): string | undefined {
  return /^\/play-trivia\/([^/]+)\/?$/.exec(pathname)?.[1];
}

/**
 * False until `ready` has held for a moment in which the browser was idle (at most a second): work
 * the first screen does not need waits for it (sync, the corner badge, the service worker's
 * registration), so the trivia's first steps are not held up by it and it runs in tasks of its own.
 */
function useAfterFirstScreen(ready: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (after) firstScreenShown();
    if (!ready || after) return;
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => setAfter(true), { timeout: 1000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setAfter(true), 0);
    return () => clearTimeout(timer);
  }, [ready, after]);
  return after;
}

/** The one-time setup token of a `?kiosk={token}` link, or null. */
function setupTokenFromQuery(search: string): string | null {
  const value = new URLSearchParams(search).get('kiosk');
  return value && KIOSK_SETUP_TOKEN_PATTERN.test(value) ? value : null;
}

/** The address without ?kiosk= (after it was applied), keeping any other parameter. */
function dropKioskParameter(): void {
  const url = new URL(window.location.href);
  url.searchParams.delete('kiosk');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

/**
 * /play-trivia/:id — the public, offline-capable player screen, styled by the group's theme. Its own
 * build (web/player/main.tsx) has no router: the id comes from the address. While the trivia loads
 * it shows what the server painted into the page, when it did (`firstPaint`: title, logo, theme).
 */
export function PlayTriviaPage({ id, search, firstPaint }: { id: string | undefined; search: string; firstPaint?: FirstPaint | undefined }) {
  const groupId = /^\d+$/.test(id ?? '') ? Number(id) : NaN;
  const validId = Number.isSafeInteger(groupId) && groupId > 0;
  const [loaded, setResult] = useState<BundleResult | null>(null);
  const result: BundleResult | null = validId ? loaded : { status: 'not-found' };
  const [attempt, setAttempt] = useState(0);
  // The outbox's sync and the corner badge's live counts start once the trivia's screen is up.
  const afterFirstScreen = useAfterFirstScreen(result !== null);
  useKioskSync(afterFirstScreen);
  const kioskMode = useKioskMode();
  useKioskChrome(kioskMode === true);
  const [kioskQuery] = useState(() => kioskModeFromQuery(search));
  // A one-time setup link shows "Configurar kiosco" until the device is set up.
  const [setupToken, setSetupToken] = useState(() => setupTokenFromQuery(search));
  // The badge, the setup form and the rest of a kiosk's own code: never loaded on a phone.
  const kiosk = useKioskParts(kioskMode === true || setupToken !== null);
  // A staff bookmark with ?kiosk=1 or ?kiosk=0 sets the device's setting; the address then drops
  // the parameter so a reload shows the stored setting.
  useEffect(() => {
    if (kioskQuery === undefined) return;
    void setKioskMode(kioskQuery).then(dropKioskParameter);
  }, [kioskQuery]);
  // The player screen never shows the update prompt: a new version applies between attempts.
  useEffect(() => enterPlayerScreen(), []);
  const status = result?.status;
  useEffect(() => {
    // No trivia on screen (not found, not stored yet): nothing to lose, a new version may apply.
    if (status !== 'not-found' && status !== 'unavailable') return;
    setBetweenAttempts(true);
    return () => setBetweenAttempts(false);
  }, [status]);

  useEffect(() => {
    let current = true;
    // In a task after the first render's effects: opening the device's database is long enough alone.
    if (validId) void nextTask().then(() => (current ? loadTrivia(groupId).then((loaded) => current && setResult(loaded)) : undefined));
    return () => {
      current = false;
    };
  }, [groupId, validId, attempt]);

  // The trivia on screen: the loaded one, else (while loading) the one the server painted.
  const shown: FirstPaint | null =
    result?.status === 'ready'
      ? { name: result.bundle.group.name, theme: result.bundle.group.theme, logoUrl: triviaLogo(result.bundle.group), companyName: result.bundle.group.company.name }
      : !result && validId
        ? (firstPaint ?? null)
        : null;
  const theme = shown?.theme ?? null;
  // Deriving the card's colours checks contrasts: once per theme, not on every render.
  const style = useMemo(() => themeStyle(theme), [theme]);
  // Fonts only once the trivia is known: a loading screen without it or an error screen downloads none.
  useThemeFonts(shown ? (style as Record<string, unknown>) : {});
  const logo = shown?.logoUrl;

  return (
    <div className="player-screen flex flex-col" style={style}>
      {/* A player's phone shows only a small offline line; a kiosk shows the sync badge for staff. */}
      {afterFirstScreen && kioskMode === false && <OfflineNotice />}
      {afterFirstScreen && kiosk && kioskMode === true && result?.status === 'ready' && <kiosk.PictureNotice bundle={result.bundle} />}
      <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col justify-center gap-4 px-4 pt-6 pb-[max(4rem,var(--kiosk-badge-space,0px))] sm:px-6 sm:pt-10">
        {/* web/play.html repeats this header and the loading card below for the server's first paint. */}
        {shown && (
          <header className="player-page-header flex items-center justify-center gap-3 text-center">
            {logo && <img src={logo} alt={`Logo de ${shown.companyName}`} className="size-12 rounded-xl bg-white/70 object-contain p-1" />}
            <h1 className="player-heading !text-2xl sm:!text-3xl">{shown.name}</h1>
          </header>
        )}
        <section className={`player-card ${animationClass(theme)}`}>
          {!result && <LoadingCard />}
          {result?.status === 'not-found' && (
            <div className="space-y-4 py-6 text-center" role="alert">
              <h1 className="player-heading">Error</h1>
              <p className="player-muted">No se encontró la trivia.</p>
              {/* A kiosk has no way out of the player screen. */}
              {kioskMode !== true && (
                <a href="/" className="player-button">
                  Volver al Dashboard
                </a>
              )}
            </div>
          )}
          {result?.status === 'unavailable' && (
            <div className="space-y-4 py-6 text-center" role="alert">
              <CloudOff className="mx-auto size-10 player-header-text" aria-hidden />
              <h1 className="player-heading">Sin conexión</h1>
              <p className="player-muted">Esta trivia aún no está guardada en este dispositivo. Conéctate a internet y vuelve a intentarlo.</p>
              <button type="button" className="player-button" onClick={() => setAttempt((n) => n + 1)}>
                <RefreshCw className="size-5" aria-hidden /> Reintentar
              </button>
            </div>
          )}
          {result?.status === 'ready' && setupToken && !kiosk && <LoadingCard />}
          {result?.status === 'ready' && setupToken && kiosk && (
            <kiosk.KioskSetupForm
              token={setupToken}
              groupId={groupId}
              onDone={async () => {
                dropKioskParameter();
                // A kiosk now: its copy of the trivia comes again, with the answer key, before its
                // first screen shows (a copy arriving later would restart a player mid-registration).
                setResult(await loadTrivia(groupId));
                setSetupToken(null);
              }}
            />
          )}
          {result?.status === 'ready' && !setupToken && <PlayerFlow bundle={result.bundle} animation={animationClass(theme)} kioskMode={kioskMode === true} />}
        </section>
      </main>
      {afterFirstScreen && kiosk && kioskMode === true && <kiosk.StatusBadge kioskMode={kioskMode} />}
    </div>
  );
}

/** "Cargando trivia…", as tall as the document step that replaces it (web/play.html repeats it for the server's first paint). */
function LoadingCard() {
  return (
    <div className={`flex items-center justify-center py-12 ${DOCUMENT_STEP_HEIGHT}`} role="status">
      <span className="inline-flex items-center gap-2">
        <LoaderCircle className="size-8 animate-spin" aria-hidden />
        <span className="text-sm">Cargando trivia…</span>
      </span>
    </div>
  );
}
