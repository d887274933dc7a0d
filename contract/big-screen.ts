import type { BigScreenDrawWinners, ScreenDrawHistory } from './draws';
import type { Theme } from './theme';
import type { Scoring } from './points';

/** How a trivia's or campaign's public screens show a player's name (admin screens always show it whole). */
export const PUBLIC_NAME_STYLES = ['full', 'first-initial'] as const;
export type PublicNameStyle = (typeof PUBLIC_NAME_STYLES)[number];
export const PUBLIC_NAME_STYLE_LABELS: Record<PublicNameStyle, string> = {
  full: 'Nombre completo',
  'first-initial': 'Nombre e inicial del apellido (Ana G.)',
};

/**
 * A player's name as a public screen shows it: whole, or the first given name and the initial of
 * the surname ("Ana María" "Gómez" → "Ana" "G."). One rule for every public reply.
 */
export function publicName(firstName: string, lastName: string, style: PublicNameStyle): { firstName: string; lastName: string } {
  if (style === 'full') return { firstName, lastName };
  const first = firstName.trim().split(/\s+/)[0] ?? '';
  const initial = Array.from(lastName.trim())[0];
  return { firstName: first, lastName: initial ? `${initial.toUpperCase()}.` : '' };
}

/** One row of a big screen's ranking. */
export interface ScreenEntry {
  position: number;
  playerId: number;
  /** Already in the trivia's or campaign's public name style. */
  name: string;
  location: string | null;
  score: number;
  /** Trivia: the attempt's time in seconds; campaign: the average time, or null. */
  time: number | null;
}

/** GET /api/public/screens/{trivia|campaign}/{id}: everything a big screen shows, one request. */
export interface ScreenFeed {
  kind: 'trivia' | 'campaign';
  /** A trivia's scoring (contract/points.ts): its scores are percentages or points; absent on a campaign's screen. */
  scoring?: Scoring;
  id: number;
  title: string;
  logoUrl: string | null;
  /** The trivia's theme (a campaign's screen uses its first trivia's), or null for the default. */
  theme: Theme | null;
  /** Where a passer-by plays: the path of the play link (trivia) or the public campaign page. */
  playPath: string;
  /** The event's time zone (its company's, else the server's): the screen's clock reads it. */
  timeZone: string;
  /** How many players are ranked. */
  total: number;
  /** The top of the ranking (SCREEN_ROWS rows). */
  entries: ScreenEntry[];
  /**
   * The player of the newest counted completion, to highlight as they arrive, and a score: on a
   * trivia's screen that round's (%), on a campaign's their campaign total (points, as the campaign
   * ranking computes it: the figure the screen ranks them by, never one round's).
   */
  newest: { playerId: number; name: string; score: number } | null;
  /** The newest prize draw's winners ("Ganadores del sorteo"), for a while after it ran; otherwise null. */
  drawWinners: BigScreenDrawWinners | null;
  /** Every draw of the day ("Sorteos de hoy"), when the organiser shows it on the screen; otherwise null. */
  drawHistory: ScreenDrawHistory | null;
  /** When the server answered (ISO). */
  generatedAt: string;
}

/** How many rows a big screen shows: the podium and the next places. */
export const SCREEN_ROWS = 10;
