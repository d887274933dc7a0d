/**
 * Anchored times: a round's start and end are placed between moments the server observed itself,
 * whatever the device's clock says. A device's times are first moved by its clock's offset (the
 * server's clock minus the device's, measured when the push arrived), then checked against the
 * window and kept inside it: nothing is stored in the future, nor before the window opened, save
 * the start of a round held because the window cannot hold the device's measure of it
 * (keepDeviceDuration). Pure: the callers read the moments, these rules place the times.
 */

/**
 * Where the window of a round a device dealt offline opens: at the device's last contact with
 * nothing left to send, and never before its trivia existed (no round of it can have started
 * earlier). The one rule for both ends of the round: stored with it as `window_start`, it is where
 * its start is placed after, and where the window its end is checked against begins
 * (round-end.ts). A round the server dealt opens at the deal.
 */
export function offlineWindowOpens(lastContact: Date, triviaCreatedAt: Date): Date {
  return new Date(Math.max(lastContact.getTime(), triviaCreatedAt.getTime()));
}

/** How far a device's (offset-corrected) time may fall outside its window before it is held as unanchored. */
export const ANCHOR_TOLERANCE_MS = 120_000;

export interface Window {
  /** The earliest moment the server can vouch for: a deal, a device's last contact, the trivia's creation. */
  opensAt: Date;
  /** When the server received what it is placing: never later than now. */
  closesAt: Date;
}

export interface Placed {
  /** The time to store: the device's, corrected and kept inside the window. */
  at: Date;
  /** The device's time fell outside its window (beyond the tolerance), or the window is wider than allowed. */
  unanchored: boolean;
}

/** The device's clock offset in ms (server minus device), from when it said it sent the push; 0 when it did not say. */
export function clockOffsetMs(sentAt: string | undefined, receivedAt: Date): number {
  if (!sentAt) return 0;
  const sent = Date.parse(sentAt);
  return Number.isFinite(sent) ? receivedAt.getTime() - sent : 0;
}

/** Places a device's time (already offset-corrected) in its window, whose width may not pass `maxWidthMs`. */
export function placeInWindow(deviceTime: Date, window: Window, maxWidthMs: number): Placed {
  const time = deviceTime.getTime();
  const opens = window.opensAt.getTime();
  const closes = window.closesAt.getTime();
  const outside = time < opens - ANCHOR_TOLERANCE_MS || time > closes + ANCHOR_TOLERANCE_MS;
  const tooWide = closes - opens > maxWidthMs;
  return { at: new Date(Math.min(closes, Math.max(opens, time))), unanchored: outside || tooWide };
}

/** How much shorter than the device's own measure a round's placed times may be before the device's measure is restored. */
export const SQUEEZE_TOLERANCE_MS = 2_000;

/**
 * A round whose times had to be moved into its window keeps an honest duration: the device's own
 * measure of it (`reportedMs`), not what clamping left of it (a clock set right before the push
 * squeezes both ends onto the arrival: 0 s, which would rank first once approved). The end moves
 * later, up to the window's close, and then the start earlier, not before the window opened. A
 * window too narrow for the device's measure (`fits` false: a phone that first reached the server
 * a moment ago pushing a round it played before) cannot vouch for the round: it is held, and keeps
 * the device's measure whole, starting before the window, so an organiser who approves it ranks the
 * time the player took, never 0 s.
 */
export function keepDeviceDuration(
  placed: { startedAt: Date; completedAt: Date },
  reportedMs: number,
  window: Window,
): { startedAt: Date; completedAt: Date; fits: boolean } {
  const start = placed.startedAt.getTime();
  if (placed.completedAt.getTime() - start >= reportedMs - SQUEEZE_TOLERANCE_MS) return { ...placed, fits: true };
  const end = Math.min(window.closesAt.getTime(), Math.max(placed.completedAt.getTime(), start + reportedMs));
  const moved = Math.max(window.opensAt.getTime(), Math.min(start, end - reportedMs));
  if (end - moved >= reportedMs - SQUEEZE_TOLERANCE_MS) return { startedAt: new Date(moved), completedAt: new Date(end), fits: true };
  return { startedAt: new Date(end - reportedMs), completedAt: new Date(end), fits: false };
}

/** A device's time corrected by its clock offset. */
export const corrected = (deviceTime: string, offsetMs: number) => new Date(Date.parse(deviceTime) + offsetMs);
