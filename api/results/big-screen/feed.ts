import type { DataSource, EntityManager } from 'typeorm';
import { eventTimeZone, publicName, SCREEN_DRAW_HISTORY_WINNERS, SCREEN_ROWS, type DrawEntry, type PublicNameStyle, type ScreenEntry, type ScreenFeed } from '../../../contract';
import { triviaLogo } from '../../../contract/trivia-logo';
import { CampaignEntity, CampaignQuestionGroupEntity, QuestionGroupEntity } from '../../../db/entities';
import { drawMark, drawOnScreen, drawScreenState, drawsOfTheDay, winnerNames, type DrawOnScreen, type DrawScreenState } from '../draws/on-screen';
import { notFound } from '../../platform/http/errors';
import { namesETag } from '../../platform/http/etag-match';
import { completionRange } from '../../standings/date-range';
import { serverTimeZone } from '../../platform/lib/time-zone';
import type { RankingReads } from '../ranking/reads';
import { rankingCache } from '../ranking/ranking-cache';
import { servedTheme } from '../../content/themes/served-theme';
import { campaignAttemptStamp, playerNamesStamp, screenETag, triviaAttemptStamp, type AttemptStamp } from './stamp';

export const SCREEN_TRIVIA_NOT_FOUND = 'La trivia de esta pantalla no existe o fue eliminada.';
export const SCREEN_CAMPAIGN_NOT_FOUND = 'La campaña de esta pantalla no existe o fue eliminada.';

/** A screen's answer: its ETag, and its data unless the caller already has it (304). */
export type ScreenReply = { etag: string; feed: ScreenFeed | null };

const NEWEST_SQL = `
  SELECT a.player_id, a.score, p.first_name, p.last_name
    FROM player_attempts a JOIN players p ON p.id = a.player_id
   WHERE a.id = $1`;

/** The player of the newest counted completion, with that round's score. */
async function newestFinisher(em: EntityManager, stamp: AttemptStamp, style: PublicNameStyle): Promise<ScreenFeed['newest']> {
  if (stamp.maxId === null) return null;
  const [row] = (await em.query(NEWEST_SQL, [stamp.maxId])) as { player_id: number; score: number; first_name: string; last_name: string }[];
  return row ? { playerId: row.player_id, name: fullName(row.first_name, row.last_name, style), score: row.score } : null;
}

/** Winners' names in the public style, a player erased since the draw left out. */
async function publicWinners(em: EntityManager, style: PublicNameStyle, lists: DrawEntry[][]): Promise<(winners: DrawEntry[]) => { name: string }[]> {
  const names = await winnerNames(em, lists.flat());
  return (winners) =>
    winners.flatMap((w) => {
      const name = names.get(w.playerId);
      return name ? [{ name: fullName(name.firstName, name.lastName, style) }] : [];
    });
}

async function presentDraw(em: EntityManager, kind: ScreenFeed['kind'], id: number, draw: DrawOnScreen | null, timeZone: string, style: PublicNameStyle): Promise<ScreenFeed['drawWinners']> {
  if (!draw) return null;
  const { repeatOf, earlierToday } = await drawMark(em, kind, id, draw, timeZone);
  const named = await publicWinners(em, style, [draw.winners, repeatOf?.winners ?? []]);
  return {
    drawId: draw.id,
    drawnAt: draw.createdAt.toISOString(),
    winners: named(draw.winners),
    repeatOf: repeatOf && { drawId: repeatOf.id, drawnAt: repeatOf.createdAt.toISOString(), winners: named(repeatOf.winners) },
    earlierToday,
  };
}

/** "Sorteos de hoy", when the organiser shows them on the screen (`draw_screen_settings`). */
async function presentHistory(em: EntityManager, kind: ScreenFeed['kind'], id: number, state: DrawScreenState, timeZone: string, style: PublicNameStyle): Promise<ScreenFeed['drawHistory']> {
  if (!state.showHistory) return null;
  const day = await drawsOfTheDay(em, kind, id, timeZone);
  const named = await publicWinners(em, style, day.draws.map((draw) => draw.winners.slice(0, SCREEN_DRAW_HISTORY_WINNERS)));
  return {
    total: day.total,
    draws: day.draws.map((draw) => ({
      drawId: draw.id,
      drawnAt: draw.createdAt.toISOString(),
      prizes: draw.prizes,
      winners: named(draw.winners.slice(0, SCREEN_DRAW_HISTORY_WINNERS)),
      moreWinners: Math.max(0, draw.winners.length - SCREEN_DRAW_HISTORY_WINNERS),
      repeatOf: draw.repeatOf && { drawId: draw.repeatOf.id, drawnAt: draw.repeatOf.createdAt.toISOString() },
    })),
  };
}

/** The draws' part of a screen's ETag: the draw on screen and, when the day's draws are shown, the day and the newest. */
const drawStamp = (draw: DrawOnScreen | null, state: DrawScreenState) => [draw?.id ?? null, state.showHistory ? [state.day, state.newestDrawId] : false];

function fullName(firstName: string, lastName: string, style: PublicNameStyle): string {
  const name = publicName(firstName, lastName, style);
  return `${name.firstName} ${name.lastName}`.trim();
}

/**
 * The big screens' feed: one conditional request per screen and poll. The ETag is derived from a
 * cheap stamp of the ranking (the counted attempts' count, newest id and time, and the screen's
 * settings), so a screen that already has the current data gets a 304 before any ranking work.
 * When the stamp moves, the reply is computed once per stamp and shared by every screen asking
 * for it (the ranking itself comes from the ranking reads' single-flight cache).
 */
export function createScreenFeeds(dataSource: DataSource, rankings: RankingReads) {
  const em = dataSource.manager;
  const feeds = rankingCache<ScreenFeed>({ keepMs: 60_000, maxEntries: 200, maxSize: 200 }, () => 1);

  const answer = (key: string, etag: string, ifNoneMatch: string | undefined, build: () => Promise<ScreenFeed>): Promise<ScreenReply> | ScreenReply =>
    namesETag(ifNoneMatch, etag) ? { etag, feed: null } : feeds(`${key}@${etag}`, Number.POSITIVE_INFINITY, build).then((feed) => ({ etag, feed }));

  return {
    async trivia(id: number, ifNoneMatch?: string): Promise<ScreenReply> {
      const trivia = await em.findOne(QuestionGroupEntity, { where: { id }, relations: { company: true } });
      if (!trivia) throw notFound(SCREEN_TRIVIA_NOT_FOUND);
      const stamp = await triviaAttemptStamp(em, id);
      const timeZone = eventTimeZone(trivia.company.timeZone, serverTimeZone());
      const draw = await drawOnScreen(em, 'trivia', id);
      const draws = await drawScreenState(em, 'trivia', id, timeZone);
      const etag = screenETag(['trivia', id, stamp, drawStamp(draw, draws), await playerNamesStamp(em), trivia.updatedAt.toISOString(), trivia.publicNames, trivia.company.logoUrl, trivia.company.timeZone]);
      return answer(`trivia:${id}`, etag, ifNoneMatch, async () => {
        const style = trivia.publicNames;
        const { total, entries } = await rankings.triviaRanking({ questionGroupId: id, offset: 0, limit: SCREEN_ROWS, includeDuplicates: false }, 'fresh');
        return {
          kind: 'trivia',
          scoring: trivia.scoring,
          id,
          title: trivia.name,
          logoUrl: triviaLogo(trivia),
          theme: servedTheme(trivia.theme),
          playPath: `/play-trivia/${id}`,
          timeZone,
          total,
          entries: entries.map(
            (e): ScreenEntry => ({ position: e.position, playerId: e.playerId, name: fullName(e.firstName, e.lastName, style), location: e.location?.name ?? null, score: e.score, time: e.completionTime }),
          ),
          newest: await newestFinisher(em, stamp, style),
          drawWinners: await presentDraw(em, 'trivia', id, draw, timeZone, style),
          drawHistory: await presentHistory(em, 'trivia', id, draws, timeZone, style),
          generatedAt: new Date().toISOString(),
        };
      });
    },

    async campaign(id: number, ifNoneMatch?: string): Promise<ScreenReply> {
      const campaign = await em.findOne(CampaignEntity, { where: { id }, relations: { company: true } });
      if (!campaign) throw notFound(SCREEN_CAMPAIGN_NOT_FOUND);
      const links = await em.find(CampaignQuestionGroupEntity, { where: { campaignId: id }, relations: { questionGroup: { company: true } }, order: { order: 'ASC', id: 'ASC' } });
      const timeZone = eventTimeZone(campaign.company.timeZone, serverTimeZone());
      const { from, to } = completionRange(campaign.startDate, campaign.endDate, timeZone);
      const stamp = await campaignAttemptStamp(em, links.map((link) => link.questionGroupId), from!, to!);
      const draw = await drawOnScreen(em, 'campaign', id);
      const draws = await drawScreenState(em, 'campaign', id, timeZone);
      const first = links[0]?.questionGroup;
      const etag = screenETag([
        'campaign',
        campaign,
        timeZone,
        links.map((link) => [link.questionGroupId, link.weight]),
        stamp,
        drawStamp(draw, draws),
        await playerNamesStamp(em),
        first ? [first.id, first.updatedAt.toISOString(), first.company.logoUrl] : null,
      ]);
      return answer(`campaign:${id}`, etag, ifNoneMatch, async () => {
        const style = campaign.publicNames;
        const { total, entries } = await rankings.campaignRanking(campaign, { offset: 0, limit: SCREEN_ROWS }, 'fresh');
        const finisher = await newestFinisher(em, stamp, style);
        // The newest finisher with the figure the screen ranks her by: her campaign total, as the ranking computes it (not the round's score).
        const finisherTotal = finisher && (entries.find((e) => e.playerId === finisher.playerId) ?? (await rankings.campaignFiguresOf(campaign, finisher.playerId)));
        return {
          kind: 'campaign',
          id,
          title: campaign.name,
          logoUrl: first ? triviaLogo(first) : null,
          theme: servedTheme(first?.theme ?? null),
          playPath: `/public/campaigns/${id}/ranking`,
          timeZone,
          total,
          entries: entries.map(
            (e): ScreenEntry => ({
              position: e.position,
              playerId: e.playerId,
              name: fullName(e.firstName, e.lastName, style),
              location: e.location?.name ?? null,
              score: e.totalScore,
              time: e.averageCompletionTime,
            }),
          ),
          newest: finisher && finisherTotal ? { ...finisher, score: finisherTotal.totalScore } : null,
          drawWinners: await presentDraw(em, 'campaign', id, draw, timeZone, style),
          drawHistory: await presentHistory(em, 'campaign', id, draws, timeZone, style),
          generatedAt: new Date().toISOString(),
        };
      });
    },
  };
}

export type ScreenFeeds = ReturnType<typeof createScreenFeeds>;
