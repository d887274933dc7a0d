import type { DataSource, EntityManager } from 'typeorm';
import type { CampaignRankingEntry, PublicNameStyle, TriviaRankingEntry } from '../../../contract';
import { createQueryLane, QueryLaneBusyError, type QueryLane } from '../../../db/data-source';
import type { CampaignEntity } from '../../../db/entities';
import { serviceUnavailable } from '../../platform/http/errors';
import {
  campaignRankingKey,
  campaignRankingOrder,
  campaignRankingPage,
  campaignRankingRequest,
  type CampaignRankingFilters,
  type CampaignRankingRequest,
} from './campaign-ranking';
import type { RankedOrder } from './id-list';
import { rankingCache } from './ranking-cache';
import { campaignStandingOrder, campaignStandingsHold, triviaStandingOrder, triviaStandingsHold } from './from-standings';
import { campaignStandingPage, campaignStandingPages, triviaStandingPage } from './standing-pages';
import { campaignDay, campaignDayOrder, campaignDayPage, triviaDayOrder, triviaDaysHold } from './from-day-standings';
import { triviaRankingKey, triviaRankingOrder, triviaRankingPage, triviaRankingRequest, type TriviaRankingFilters, type TriviaRankingRequest } from './trivia-ranking';

/** How fresh a ranking a request needs. */
export type Freshness =
  /** A public screen's: a ranking computed up to 5 s ago will do (docs/decisions.md, "Rankings and standings"). */
  | 'public'
  /** A first page: a new computation (or the one in flight). */
  | 'fresh'
  /** A later page: the computation its first page came from, while it is kept. */
  | 'next-page';

const PUBLIC_MAX_AGE_MS = 5_000;
/** How long a computed ranking is kept for its later pages ('Cargar más'). */
const KEEP_MS = 120_000;

export const MAX_AGE_MS: Record<Freshness, number> = { public: PUBLIC_MAX_AGE_MS, fresh: 0, 'next-page': KEEP_MS };

/**
 * How many rows a ranking's computation lists at first (ten screen pages of 100; a top-N sort when
 * recomputed, a range read of an index from the standings). A page past them lists twice as many,
 * as often as it needs: a deep page never waits for the whole ranking.
 */
export const HEAD_ROWS = 1_000;
const headRows = (rows: number) => {
  let head = HEAD_ROWS;
  while (head < rows) head *= 2;
  return head;
};

/** At most 100 rankings and 4 million ranked rows (16 MB of ids) are kept per process. */
const CACHE_BOUNDS = { keepMs: KEEP_MS, maxEntries: 100, maxSize: 4_000_000 };

/** Ranking computations (public and admin), page reads and exports hold at most this many connections each. */
export const RANKING_CONCURRENCY = 2;
export const PAGE_CONCURRENCY = 3;
export const EXPORT_CONCURRENCY = 2;

/** Lists a ranking's first `rows` rows (null: all of them) and its total: from the standings or from the attempts. */
type ComputeOrder = (em: EntityManager, rows: number | null) => Promise<RankedOrder>;

export interface RankingReadOptions {
  /** How long one ranking or export statement may run before PostgreSQL cancels it. */
  statementTimeoutMs: number;
}

/** A statement cancelled by its timeout, or a read that waited too long for its turn: 503, retry later. */
const QUERY_TIMEOUT_MESSAGE = 'La consulta tardó demasiado. Intenta de nuevo en unos momentos.';

function asQueryTimeout(error: unknown): never {
  const e = error as { code?: string; driverError?: { code?: string } };
  if (error instanceof QueryLaneBusyError || (e.driverError ?? e).code === '57014') {
    throw serviceUnavailable(QUERY_TIMEOUT_MESSAGE, { code: 'query_timeout' });
  }
  throw error;
}

const timed = (lane: QueryLane): QueryLane => ({ run: (work) => lane.run(work).catch(asQueryTimeout) });

/**
 * The ranking reads of the routes and the exports: one cached computation per ranking and filter
 * set (whatever the page), run in a lane of their own with a statement timeout, so no ranking or
 * export request, anonymous or not, can hold the pool the player routes need.
 */
export function createRankingReads(dataSource: DataSource, { statementTimeoutMs }: RankingReadOptions) {
  const lanes = {
    /** Whole-ranking computations: the expensive statements. */
    rankings: timed(createQueryLane(dataSource, { concurrency: RANKING_CONCURRENCY, statementTimeoutMs })),
    /** One page's rows: a few primary-key reads, under the same timeout. */
    pages: timed(createQueryLane(dataSource, { concurrency: PAGE_CONCURRENCY, statementTimeoutMs })),
    /** Admin CSV exports: their computation and their pages. */
    exports: timed(createQueryLane(dataSource, { concurrency: EXPORT_CONCURRENCY, statementTimeoutMs })),
  };
  const orders = rankingCache<RankedOrder>(CACHE_BOUNDS, (order) => order.ids.length);

  /** The ranking's order as far as `rows` reach (all of it when they are infinite): its first `headRows(rows)` rows, one cached computation. */
  const order = (key: string, freshness: Freshness, rows: number, lane: QueryLane, compute: ComputeOrder) => {
    const head = Number.isFinite(rows) ? headRows(rows) : null;
    return orders(`${key}+${head ?? 'all'}`, MAX_AGE_MS[freshness], () => lane.run((em) => compute(em, head)));
  };
  // Read from the standings when they hold the ranking, or from the day standings (whole days),
  // otherwise recomputed from the attempts.
  const triviaCompute = (request: TriviaRankingRequest): ComputeOrder => (em, limit) =>
    triviaStandingsHold(request)
      ? triviaStandingOrder(em, request, limit)
      : triviaDaysHold(request)
        ? triviaDayOrder(em, request, limit)
        : triviaRankingOrder(em, request, limit);
  const campaignCompute = (request: CampaignRankingRequest): ComputeOrder => (em, limit) => {
    const day = campaignDay(request);
    if (campaignStandingsHold(request)) return campaignStandingOrder(em, request, limit);
    return day === null ? campaignRankingOrder(em, request, limit) : campaignDayOrder(em, request, day, limit);
  };
  const campaignOrder = (request: CampaignRankingRequest, freshness: Freshness, rows: number, lane = lanes.rankings) =>
    order(campaignRankingKey(request), freshness, rows, lane, campaignCompute(request));

  const campaignPage = (em: EntityManager, request: CampaignRankingRequest, ranked: RankedOrder, offset: number, limit: number) => {
    const day = campaignDay(request);
    if (campaignStandingsHold(request)) return campaignStandingPage(em, request, ranked, offset, limit);
    return day === null ? campaignRankingPage(em, request, ranked, offset, limit) : campaignDayPage(em, request, day, ranked, offset, limit);
  };

  /**
   * One page of a ranking: its order (one cached computation, `order`) and the page's entries.
   * When this request computes the order itself (a first page, usually), the page is read in the
   * same transaction, one turn in the ranking lane; otherwise it is read in the page lane.
   */
  const rankedPage = async <E>(
    key: string,
    freshness: Freshness,
    rows: number,
    compute: ComputeOrder,
    page: (em: EntityManager, ranked: RankedOrder) => Promise<E[]>,
  ): Promise<{ total: number; entries: E[] }> => {
    let entries: E[] | undefined;
    const computeWithPage: ComputeOrder = async (em, limit) => {
      const ranked = await compute(em, limit);
      entries = await page(em, ranked);
      return ranked;
    };
    const ranked = await order(key, freshness, rows, lanes.rankings, computeWithPage);
    return { total: ranked.total, entries: entries ?? (await lanes.pages.run((em) => page(em, ranked))) };
  };

  return {
    /** The export lane, for exports that read through it page by page (the score export). */
    exportLane: lanes.exports,

    async triviaRanking(
      query: TriviaRankingFilters & { offset: number; limit: number },
      freshness: Freshness,
    ): Promise<{ total: number; entries: TriviaRankingEntry[]; publicNames: PublicNameStyle }> {
      const page = (em: EntityManager, ranked: RankedOrder) =>
        triviaStandingsHold(query) ? triviaStandingPage(em, query, ranked, query.offset, query.limit) : triviaRankingPage(em, ranked, query.offset, query.limit);
      const request = await triviaRankingRequest(dataSource.manager, query);
      const ranking = await rankedPage(triviaRankingKey(request), freshness, query.offset + query.limit, triviaCompute(request), page);
      return { ...ranking, publicNames: request.publicNames };
    },

    async campaignRanking(
      campaign: CampaignEntity,
      query: CampaignRankingFilters & { offset: number; limit: number },
      freshness: Freshness,
    ): Promise<{ total: number; entries: CampaignRankingEntry[] }> {
      const request = await campaignRankingRequest(dataSource.manager, campaign, query);
      const page = (em: EntityManager, ranked: RankedOrder) => campaignPage(em, request, ranked, query.offset, query.limit);
      return rankedPage(campaignRankingKey(request), freshness, query.offset + query.limit, campaignCompute(request), page);
    },

    /**
     * One player's row of the campaign ranking (the figures the ranking lists for them: their
     * total, mean time, best scores), read as a page of that one player; null when they are not
     * ranked. No position: it is not computed for a lone row.
     */
    async campaignFiguresOf(campaign: CampaignEntity, playerId: number, filters: CampaignRankingFilters = {}): Promise<Omit<CampaignRankingEntry, 'position'> | null> {
      const request = await campaignRankingRequest(dataSource.manager, campaign, filters);
      const [entry] = await lanes.pages.run((em) => campaignPage(em, request, { ids: Int32Array.of(playerId), total: 1 }, 0, 1));
      if (!entry) return null;
      const { position: _position, ...figures } = entry;
      return figures;
    },

    /**
     * The whole campaign ranking for an export. Held by the standings (unfiltered or one site): read
     * in keyset pages of `pageSize` from them (`campaignStandingPages`), the first before the reply
     * starts (so a timeout is still a clean 503). Otherwise computed fresh in the export lane before
     * the reply starts, then read a page at a time as the download needs them. Either way a slow
     * download holds no connection between pages.
     */
    async campaignRankingExport(campaign: CampaignEntity, filters: CampaignRankingFilters, pageSize = 1000): Promise<AsyncIterable<CampaignRankingEntry>> {
      const request = await campaignRankingRequest(dataSource.manager, campaign, filters);
      if (campaignStandingsHold(request)) {
        const pages = campaignStandingPages(lanes.exports.run, request, pageSize);
        const first = await pages.next();
        return (async function* () {
          if (first.done) return;
          yield* first.value;
          for await (const page of pages) yield* page;
        })();
      }
      const ranked = await campaignOrder(request, 'fresh', Number.POSITIVE_INFINITY, lanes.exports);
      return (async function* () {
        for (let offset = 0; offset < ranked.ids.length; offset += pageSize) {
          yield* await lanes.exports.run((em) => campaignPage(em, request, ranked, offset, pageSize));
        }
      })();
    },
  };
}

export type RankingReads = ReturnType<typeof createRankingReads>;
