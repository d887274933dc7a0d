import { describe, expect, it } from 'vitest';
import { MAX_COMPLETION_SECONDS } from '../../contract/play-rules';
import { dealSizeFits } from '../../api/play/attempts/device-deal';
import { overlapsAnotherRound } from '../../api/play/attempts/overlap';
import { judgeTime } from '../../api/play/attempts/plausibility';
import { tooManyPlayersInAnHour } from '../../api/play/attempts/players-per-phone';

/** The fair-play decisions a completion and a start ask (docs/fair-play.md), each a pure rule, alone. */
const T0 = Date.parse('2026-05-01T10:00:00Z');
const MIN = 60_000;
const at = (seconds: number) => new Date(T0 + seconds * 1000);

describe('whether a round\'s time could have been played (judgeTime)', () => {
  it.each([
    ['5 questions at their floor of 9 s', { seconds: 9, questions: 5 }, { seconds: 9, plausible: true }],
    ['5 questions in 8 s, under the floor', { seconds: 8, questions: 5 }, { seconds: 8, plausible: false }],
    ['one question at the 24 h ceiling', { seconds: MAX_COMPLETION_SECONDS, questions: 1 }, { seconds: MAX_COMPLETION_SECONDS, plausible: true }],
    ['one question a second past the ceiling', { seconds: MAX_COMPLETION_SECONDS + 1, questions: 1 }, { seconds: MAX_COMPLETION_SECONDS + 1, plausible: false }],
    ['ending a minute before it started (0 s)', { seconds: -60, questions: 3 }, { seconds: 0, plausible: false }],
    ['the device measured 2 s more', { seconds: 60, questions: 3, reported: 62 }, { seconds: 60, plausible: true }],
    ['the device measured 3 s more', { seconds: 60, questions: 3, reported: 63 }, { seconds: 60, plausible: false }],
    ['the device measured 0 s of a 10 min round', { seconds: 600, questions: 3, reported: 0 }, { seconds: 600, plausible: false }],
  ])('%s', (_case, round, expected) => {
    const reported = 'reported' in round ? { reportedSeconds: round.reported } : {};
    expect(judgeTime({ startedAt: at(0), completedAt: at(round.seconds), totalQuestions: round.questions, ...reported })).toEqual(expected);
  });
});

describe('one round at a time on one device (overlapsAnotherRound, 5 s tolerance)', () => {
  /** The new round: 10:00:00 to 10:01:00. */
  const round = { startedAt: at(0), completedAt: at(60) };
  const other = (from: number, to: number) => ({ startedAt: at(from), completedAt: at(to) });
  it.each([
    ['no other round', [], false],
    ['one before it, ending as it starts', [other(-60, 0)], false],
    ['one after it, starting as it ends', [other(60, 120)], false],
    ['one ending 5 s into it (clock corrections)', [other(-60, 5)], false],
    ['one ending 6 s into it', [other(-60, 6)], true],
    ['one starting 5 s before it ends', [other(55, 120)], false],
    ['one starting 6 s before it ends', [other(54, 120)], true],
    ['one around it', [other(-30, 90)], true],
    ['a short one inside it', [other(10, 13)], true],
    ['one of two far away and one overlapping', [other(-600, -540), other(30, 90)], true],
  ])('%s', (_case, others, overlaps) => {
    expect(overlapsAnotherRound(round, others)).toBe(overlaps);
  });
});

describe('players per phone in any hour (tooManyPlayersInAnHour, a limit of 3)', () => {
  const played = (playerId: number, minutes: number) => ({ playerId, at: T0 + minutes * MIN });
  it.each([
    ['two other players in the hour', [played(1, -20), played(2, -10)], false],
    ['three other players in the hour before', [played(1, -50), played(2, -30), played(3, -10)], true],
    ['three other players in the hour after', [played(1, 10), played(2, 30), played(3, 50)], true],
    ['three around it within one hour', [played(1, -40), played(2, 5), played(3, 15)], true],
    ['three, but no hour holding the new round holds them all', [played(1, -59), played(2, -30), played(3, 30)], false],
    ['one player three times', [played(1, -30), played(1, -20), played(1, -10)], false],
    ['three an hour and more before', [played(1, -90), played(2, -75), played(3, -60)], false],
  ])('%s', (_case, others, tooMany) => {
    expect(tooManyPlayersInAnHour(others, T0, 3)).toBe(tooMany);
  });
});

describe('a round a device dealt offline, by its size (dealSizeFits, a round of 3)', () => {
  it.each([
    ['3 questions, size 3', { questionIds: [1, 2, 3], totalQuestions: 3 }, true],
    ['size 3 and no questions (devices before recorded rounds)', { totalQuestions: 3 }, true],
    ['2 questions, size 2', { questionIds: [1, 2], totalQuestions: 2 }, false],
    ['size 1 and no questions', { totalQuestions: 1 }, false],
    ['3 questions saying size 4', { questionIds: [1, 2, 3], totalQuestions: 4 }, false],
  ])('%s', (_case, deal, fits) => {
    expect(dealSizeFits(deal, 3)).toBe(fits);
  });
});
