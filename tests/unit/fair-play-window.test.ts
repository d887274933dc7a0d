import { describe, expect, it } from 'vitest';
import { keepDeviceDuration, offlineWindowOpens, placeInWindow } from '../../api/play/attempts/anchoring';
import { timeOnlineCompletion, timeSyncedCompletion, type TimedRound } from '../../api/play/attempts/round-end';

/** The anchored times (docs/fair-play.md, "Anchored times"), each rule alone, on a fixed clock. */
const NOW = Date.parse('2026-05-01T18:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const ago = (ms: number) => new Date(NOW - ms);
const push = { receivedAt: new Date(NOW), fairPlay: { offlineWindowMs: 12 * HOUR } };

describe('where an offline round\'s window opens (offlineWindowOpens)', () => {
  it.each([
    ['the last contact, after the trivia was made', 2 * HOUR, 40 * HOUR, 2 * HOUR],
    ['the trivia\'s creation, made after a silent device\'s last contact', 13 * HOUR, HOUR, HOUR],
    ['either, when they are the same moment', 3 * HOUR, 3 * HOUR, 3 * HOUR],
  ])('%s', (_case, lastContactAgo, createdAgo, opensAgo) => {
    expect(offlineWindowOpens(ago(lastContactAgo), ago(createdAgo))).toEqual(ago(opensAgo));
  });
});

/**
 * One offline round through both ends, as the server places them: its start in the window
 * offlineWindowOpens gives (stored as window_start), its end checked against the same window.
 */
function offlineRound(c: { lastContactAgo: number; createdAgo: number; startedAgo: number; seconds: number }) {
  const windowStart = offlineWindowOpens(ago(c.lastContactAgo), ago(c.createdAgo));
  const start = placeInWindow(ago(c.startedAgo), { opensAt: windowStart, closesAt: push.receivedAt }, push.fairPlay.offlineWindowMs);
  const round: TimedRound = { started_at: start.at, window_start: windowStart, dealt_by_server: false, question_ids: [1, 2, 3], answers: null };
  const end = timeSyncedCompletion(round, { completedAt: ago(c.startedAgo - c.seconds * 1000), reportedSeconds: c.seconds }, push);
  return { start: start.unanchored, end: end.unanchored };
}

describe('one window for both ends of an offline round (12 h allowed)', () => {
  it.each([
    ['a kiosk seen 2 h ago, a round 30 min ago: anchored', { lastContactAgo: 2 * HOUR, createdAgo: 40 * HOUR, startedAgo: 30 * MIN, seconds: 60 }, false],
    ['silent 13 h, a trivia made 1 h ago, a round 20 min ago: anchored', { lastContactAgo: 13 * HOUR, createdAgo: HOUR, startedAgo: 20 * MIN, seconds: 60 }, false],
    ['silent 13 h, a trivia made 40 h ago: too wide', { lastContactAgo: 13 * HOUR, createdAgo: 40 * HOUR, startedAgo: 20 * MIN, seconds: 60 }, true],
    ['silent 13 h, a trivia made 12.5 h ago: too wide', { lastContactAgo: 13 * HOUR, createdAgo: 12.5 * HOUR, startedAgo: 20 * MIN, seconds: 60 }, true],
    ['a start 10 min before the trivia existed', { lastContactAgo: 13 * HOUR, createdAgo: HOUR, startedAgo: HOUR + 10 * MIN, seconds: 60 }, true],
    ['a start 10 min before the last contact', { lastContactAgo: 2 * HOUR, createdAgo: 40 * HOUR, startedAgo: 2 * HOUR + 10 * MIN, seconds: 60 }, true],
  ])('%s', (_case, round, unanchored) => {
    expect(offlineRound(round)).toEqual({ start: unanchored, end: unanchored });
  });
});

describe('a device\'s time placed in its window (placeInWindow, 2 min tolerance)', () => {
  const window = { opensAt: ago(HOUR), closesAt: ago(0) };
  it.each([
    ['inside: kept', 30 * MIN, 12 * HOUR, 30 * MIN, false],
    ['1 min before it opens: moved to its opening', HOUR + MIN, 12 * HOUR, HOUR, false],
    ['3 min before it opens: held', HOUR + 3 * MIN, 12 * HOUR, HOUR, true],
    ['1 min in the future: moved to the arrival', -MIN, 12 * HOUR, 0, false],
    ['10 min in the future: held', -10 * MIN, 12 * HOUR, 0, true],
    ['inside a window wider than allowed: held', 30 * MIN, 30 * MIN, 30 * MIN, true],
  ])('%s', (_case, deviceAgo, maxWidth, storedAgo, unanchored) => {
    expect(placeInWindow(ago(deviceAgo), window, maxWidth)).toEqual({ at: ago(storedAgo), unanchored });
  });
});

describe('a squeezed round keeps the device\'s measure (keepDeviceDuration, 2 s tolerance)', () => {
  const window = { opensAt: ago(10 * MIN), closesAt: ago(0) };
  it.each([
    ['placed as long as measured: as placed', [5 * MIN, 4 * MIN], 60, [5 * MIN, 4 * MIN], true],
    ['placed 1 s short: as placed', [5 * MIN, 5 * MIN - 59_000], 60, [5 * MIN, 5 * MIN - 59_000], true],
    ['squeezed onto the arrival: the start moves back', [0, 0], 60, [MIN, 0], true],
    ['squeezed mid-window: the end moves on first', [5 * MIN, 5 * MIN], 60, [5 * MIN, 4 * MIN], true],
    ['longer than the window: held, the measure whole', [10 * MIN, 0], 15 * 60, [15 * MIN, 0], false],
  ])('%s', (_case, [startAgo, endAgo], reportedSeconds, [storedStartAgo, storedEndAgo], fits) => {
    const placed = { startedAt: ago(startAgo!), completedAt: ago(endAgo!) };
    expect(keepDeviceDuration(placed, reportedSeconds * 1000, window)).toEqual({ startedAt: ago(storedStartAgo!), completedAt: ago(storedEndAgo!), fits });
  });
});

describe('a completion\'s times, per channel (round-end.ts)', () => {
  const judged = (questionId: number, secondsAgo: number) => ({ questionId, answerId: questionId * 10, judgedAt: ago(secondsAgo * 1000).toISOString() });
  const dealt = (answers: ReturnType<typeof judged>[]): TimedRound => ({ started_at: ago(2 * MIN), window_start: ago(2 * MIN), dealt_by_server: true, question_ids: [1, 2, 3], answers });
  const offline: TimedRound = { started_at: ago(5 * MIN), window_start: ago(HOUR), dealt_by_server: false, question_ids: [1, 2, 3], answers: null };

  it.each([
    ['online, every verdict given: ends at the last verdict', timeOnlineCompletion(dealt([judged(1, 90), judged(2, 60), judged(3, 40)]), ago(0)), { startedAt: ago(2 * MIN), completedAt: ago(40_000), unanchored: false }],
    ['online, verdicts missing: ends at its arrival', timeOnlineCompletion(dealt([judged(1, 90)]), ago(0)), { startedAt: ago(2 * MIN), completedAt: ago(0), unanchored: false }],
    ['synced, every verdict given: the last verdict, the device\'s measure not asked', timeSyncedCompletion(dealt([judged(1, 90), judged(2, 60), judged(3, 40)]), { completedAt: ago(0), reportedSeconds: 9 }, push), { startedAt: ago(2 * MIN), completedAt: ago(40_000), unanchored: false }],
    ['synced, verdicts missing: the device\'s end, never before the last verdict', timeSyncedCompletion(dealt([judged(1, 30)]), { completedAt: ago(MIN), reportedSeconds: 60 }, push), { startedAt: ago(2 * MIN), completedAt: ago(30_000), unanchored: false }],
    ['synced, dealt offline: its end and its measure', timeSyncedCompletion(offline, { completedAt: ago(4 * MIN), reportedSeconds: 60 }, push), { startedAt: ago(5 * MIN), completedAt: ago(4 * MIN), unanchored: false, reportedSeconds: 60 }],
    ['synced, an end 10 min ahead: at the arrival, held', timeSyncedCompletion(offline, { completedAt: ago(-10 * MIN), reportedSeconds: 300 }, push), { startedAt: ago(5 * MIN), completedAt: ago(0), unanchored: true, reportedSeconds: 300 }],
    ['synced, a window opened 13 h ago: held', timeSyncedCompletion({ ...offline, window_start: ago(13 * HOUR) }, { completedAt: ago(4 * MIN), reportedSeconds: 60 }, push), { startedAt: ago(5 * MIN), completedAt: ago(4 * MIN), unanchored: true, reportedSeconds: 60 }],
  ])('%s', (_case, times, expected) => {
    expect(times).toEqual(expected);
  });
});
