import { Clock, CloudUpload, Medal, RotateCcw, Sparkles, Target, Trophy } from 'lucide-react';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import type { CampaignPlace, ServerResult } from '../../../contract';
import { CAMPAIGN_PLACE_COUNTED } from '../../../contract/places';
import { campaignPercent, scoreText } from '../../../contract/points';
import { reviewReasonLabel } from '../../../contract/review-reasons';
import type { AttemptResult } from '../../offline';
import { useAnnounce } from '../announcer';
import { formatDuration } from '../format';
import { useServerReachable } from '../kiosk';
import { useFocusOnMount } from '../use-focus-on-mount';
import { PENDING_WORDING, pendingReason } from './pending-wording';

/** The score tiers: 70 and 40 (of 100 %, or of a points round's best). */
export function tierOf(result: Pick<AttemptResult, 'score' | 'scoring' | 'totalQuestions'>) {
  const share = campaignPercent(result.score, result.scoring, result.totalQuestions);
  if (share >= 70) return { icon: Trophy, message: '¡Excelente trabajo!', label: 'Trofeo' };
  if (share >= 40) return { icon: Medal, message: '¡Buen intento!', label: 'Medalla' };
  return { icon: Target, message: '¡Sigue practicando!', label: 'Sigue practicando' };
}

/** What the live region says when the round ends: the score and the correct answers. */
export function resultText(result: AttemptResult): string {
  const score = result.scoring === 'points' ? `${result.score} puntos` : `${result.score} %`;
  return `Trivia completada. Tu puntaje: ${score}. ${result.correctAnswers} de ${result.totalQuestions} correctas.`;
}

/** What the screen says while the result waits for the server (some answers had no verdict). */
export const PENDING_RESULT_TITLE = 'Tus respuestas están guardadas';
/** Said under the score when the server keeps the result for the organiser's review. */
export const HELD_RESULT_TEXT = 'El organizador revisará este resultado antes de publicarlo en el ranking.';

/** Said where the place will be while the result has not reached the server. */
export const PLACE_PENDING_TEXT = 'Tu puesto llega con la conexión';

/**
 * The place line: the server's place once the result reached it (the device never counts one),
 * nothing for a held result (its line says it is in review), the wait before.
 */
const placeText = (fromServer: ServerResult | undefined) =>
  !fromServer ? PLACE_PENDING_TEXT : fromServer.place ? `Tu puesto en el ranking: ${fromServer.place}.º` : null;

/** A campaign's place line; past the places the server counts, that the player is beyond them. */
const campaignPlaceText = ({ name, place }: CampaignPlace) =>
  place ? `Tu puesto en «${name}»: ${place}.º` : `Tu puesto en «${name}»: más allá del ${CAMPAIGN_PLACE_COUNTED}.º`;

/** The held line, with the server's reason when it gave one: "Tu resultado quedó en revisión: …". */
export function heldResultText(reviewReason: string | undefined): string {
  return reviewReason ? `Tu resultado quedó en revisión: ${reviewReasonLabel(reviewReason).toLowerCase()}. ${HELD_RESULT_TEXT}` : HELD_RESULT_TEXT;
}

/**
 * The round's result: as the server scored and timed it once the round reached it; until then
 * from the verdicts the player saw, or, for a round played without them (the phone lost its
 * connection), a screen that says the score comes with the connection.
 */
export function CompletionStep({
  result,
  fromServer,
  redirectUrl,
  ranking,
  onRestart,
}: {
  result: AttemptResult;
  /** The result the server stored, once it arrived. */
  fromServer?: ServerResult | undefined;
  redirectUrl: string | null;
  /** The way to the public rankings of the trivia and of the campaigns it counts in: links on a phone, a QR code on a kiosk (RankingPointer). */
  ranking: (campaigns: CampaignPlace[]) => ReactNode;
  onRestart: () => void;
}) {
  // The server's figures once they arrive: what the ranking will show, whatever the device counted.
  const shown = fromServer ? { ...result, ...fromServer, pending: false } : result;
  if (shown.pending) return <PendingResult redirectUrl={redirectUrl} onRestart={onRestart} />;
  const held = fromServer?.held ? heldResultText(fromServer.reviewReason) : null;
  const campaigns = fromServer?.campaigns ?? [];
  return (
    <ScoredResult
      result={shown}
      held={held}
      place={placeText(fromServer)}
      campaigns={campaigns}
      ranking={ranking(campaigns)}
      redirectUrl={redirectUrl}
      onRestart={onRestart}
    />
  );
}

/** The public ranking's path for a trivia, as the result screen points to it. */
const publicRankingPath = (groupId: number) => `/ranking/${groupId}`;
/** A campaign's public ranking's path. */
const publicCampaignRankingPath = (campaignId: number) => `/public/campaigns/${campaignId}/ranking`;

const RANKING_LINK = 'player-header-text inline-flex min-h-11 items-center justify-center font-semibold underline underline-offset-4';

/**
 * The result screen's way to the public rankings. A phone gets a link to the trivia's and one to
 * each campaign's it counts in; a kiosk a QR code of the trivia's for the player's phone (its
 * screen stays on the trivia), drawn by the kiosk's own code once loaded.
 */
export function RankingPointer({
  groupId,
  campaigns,
  kioskQr: KioskQr,
}: {
  groupId: number;
  campaigns: CampaignPlace[];
  kioskQr: ComponentType<{ url: string }> | null | false;
}) {
  if (KioskQr === false) {
    return (
      <nav className="flex flex-col items-center" aria-label="Rankings">
        <a className={RANKING_LINK} href={publicRankingPath(groupId)} data-testid="result-ranking-link">
          Ver el ranking
        </a>
        {campaigns.map((c) => (
          <a key={c.campaignId} className={RANKING_LINK} href={publicCampaignRankingPath(c.campaignId)} data-testid="result-campaign-ranking-link">
            Ver el ranking de «{c.name}»
          </a>
        ))}
      </nav>
    );
  }
  return KioskQr ? <KioskQr url={`${window.location.origin}${publicRankingPath(groupId)}`} /> : null;
}

function PendingResult({ redirectUrl, onRestart }: { redirectUrl: string | null; onRestart: () => void }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const announce = useAnnounce();
  const text = PENDING_WORDING[pendingReason(useServerReachable())].result;
  useEffect(() => announce(`Trivia completada. ${PENDING_RESULT_TITLE}. ${text}`), [announce, text]);
  return (
    <div className="space-y-6 text-center" data-step="result" data-result="pending">
      <p className="flex items-center justify-center gap-2 text-sm font-bold tracking-[0.2em] player-header-text">
        <Sparkles className="size-4" aria-hidden /> ¡TRIVIA COMPLETADA! <Sparkles className="size-4" aria-hidden />
      </p>
      <div className="player-badge mx-auto flex size-24 items-center justify-center rounded-full">
        <CloudUpload className="size-12" aria-hidden />
      </div>
      <h2 ref={heading} tabIndex={-1} className="player-heading">
        {PENDING_RESULT_TITLE}
      </h2>
      <p className="player-muted" data-testid="result-pending">
        {text}
      </p>
      <ResultActions redirectUrl={redirectUrl} onRestart={onRestart} />
    </div>
  );
}

function ScoredResult({
  result,
  held,
  place,
  campaigns,
  ranking,
  redirectUrl,
  onRestart,
}: {
  result: AttemptResult;
  held: string | null;
  place: string | null;
  campaigns: CampaignPlace[];
  ranking: ReactNode;
  redirectUrl: string | null;
  onRestart: () => void;
}) {
  const tier = tierOf(result);
  const Icon = tier.icon;
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const announce = useAnnounce();
  useEffect(() => announce(resultText(result)), [announce, result]);
  return (
    <div className="space-y-6 text-center" data-step="result">
      <p className="flex items-center justify-center gap-2 text-sm font-bold tracking-[0.2em] player-header-text">
        <Sparkles className="size-4" aria-hidden /> ¡TRIVIA COMPLETADA! <Sparkles className="size-4" aria-hidden />
      </p>
      <div className="player-badge mx-auto flex size-24 items-center justify-center rounded-full">
        <Icon className="size-12" role="img" aria-label={tier.label} />
      </div>
      <h2 ref={heading} tabIndex={-1} className="player-heading">
        {tier.message}
      </h2>
      {/* A points figure ("10.000 pts") is wider than a percentage: smaller under 360 px (a phone at 200 % zoom), so it stays inside the card. */}
      <p className={`player-header-text font-black tabular-nums ${result.scoring === 'points' ? 'text-4xl min-[360px]:text-6xl' : 'text-6xl'}`} data-testid="result-score">
        {scoreText(result.score, result.scoring)}
      </p>
      <dl className="player-result-figures grid grid-cols-2 gap-3">
        <div className="player-question !text-base">
          <dt className="player-muted flex items-center justify-center gap-1.5 text-sm font-medium">
            <Target className="size-4" aria-hidden /> Correctas
          </dt>
          <dd className="text-2xl font-bold tabular-nums" data-testid="result-correct">
            {result.correctAnswers} / {result.totalQuestions}
          </dd>
        </div>
        <div className="player-question !text-base">
          <dt className="player-muted flex items-center justify-center gap-1.5 text-sm font-medium">
            <Clock className="size-4" aria-hidden /> Tiempo
          </dt>
          <dd className="text-2xl font-bold tabular-nums" data-testid="result-time">
            {formatDuration(result.completionTime)}
          </dd>
        </div>
      </dl>
      {(place || campaigns.length > 0) && (
        <div className="space-y-1">
          {place && (
            <p className="player-header-text font-bold" role="status" data-testid="result-place">
              {place}
            </p>
          )}
          {campaigns.map((c) => (
            <p key={c.campaignId} className="player-header-text font-bold" role="status" data-testid="result-campaign-place">
              {campaignPlaceText(c)}
            </p>
          ))}
        </div>
      )}
      {held && (
        <p className="player-muted text-sm" role="status" data-testid="result-held">
          {held}
        </p>
      )}
      {ranking}
      <ResultActions redirectUrl={redirectUrl} onRestart={onRestart} />
    </div>
  );
}

function ResultActions({ redirectUrl, onRestart }: { redirectUrl: string | null; onRestart: () => void }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <button type="button" className="player-button player-button-outline flex-1" onClick={onRestart}>
        <RotateCcw className="size-5" aria-hidden /> Volver a empezar
      </button>
      {redirectUrl && (
        <button type="button" className="player-button flex-1" onClick={() => window.location.assign(redirectUrl)}>
          Terminar
        </button>
      )}
    </div>
  );
}
