import Router from '@koa/router';
import type { Context } from 'koa';
import type { DataSource } from 'typeorm';
import type { PublicReads } from '../../../db/read-replica';
import { campaignRankingQuery, idParamsSchema, publicName, triviaRankingQuery, type PublicNameStyle } from '../../../contract';
import { presentPublicCampaign } from '../../content/campaigns/presenter';
import { findCampaign } from '../../content/campaigns/service';
import { accessOf, allow, inParams, publicRoute } from '../../platform/access/route-access';
import { companiesOf } from '../../platform/access/object-companies';
import { parse } from '../../platform/http/validate';
import { withExtraTime } from './extra-time';
import type { Freshness, RankingReads } from './reads';
import { rankingReader, type RankingReader } from './reader';

/** A ranking's entries with their names in a public screen's style. */
const withPublicNames = <E extends { firstName: string; lastName: string }>(entries: E[], style: PublicNameStyle): E[] =>
  style === 'full' ? entries : entries.map((entry) => ({ ...entry, ...publicName(entry.firstName, entry.lastName, style) }));

/**
 * A ranking page as JSON, stringified once: an object body would be stringified twice (the
 * compression middleware asks Koa for its length, which stringifies it, before Koa sends it).
 */
const sendJson = (ctx: Context, value: unknown) => {
  ctx.type = 'json';
  ctx.body = JSON.stringify(value);
};

/** A first page asks for a new computation; a later page is a slice of the one its first page came from. */
const pageFreshness = (offset: number): Freshness => (offset === 0 ? 'fresh' : 'next-page');

/**
 * The rankings, one page at a time with the full count in X-Total-Count: the trivia ranking and
 * the public campaign ranking for anyone, the campaign ranking of the admin screens for those who
 * may `rankings.view` its company. Every page of a ranking is a slice of one computation
 * (api/results/ranking/reads.ts). Names are shown as `rankingReader` says: what a public reader
 * asks is read where `publicReads` says (the read replica when there is one); the company's own
 * readers' reads always come from the primary.
 */
export function rankingRoutes(dataSource: DataSource, publicReads: PublicReads, rankingsOn: (dataSource: DataSource) => RankingReads) {
  const router = new Router({ prefix: '/api' });
  /** The primary for the company's own readers, the public reads' choice for anyone else. */
  const readFor = <T>(reader: RankingReader, read: (source: DataSource) => Promise<T>) => (reader === 'public' ? publicReads.read(read) : read(dataSource));
  /** A trivia ranking's reader; a member's needs the trivia's company (an owner's and a signed-out reader's do not). */
  const triviaReader = async (ctx: Context, groupId: number): Promise<RankingReader> => {
    const access = accessOf(ctx);
    if (!access || access.owner) return rankingReader(access, undefined);
    const [companyId] = (await companiesOf(dataSource.manager, 'group', groupId)) ?? [];
    return rankingReader(access, companyId);
  };

  router.get('/ranking', publicRoute, async (ctx) => {
    const query = parse(triviaRankingQuery, ctx.query);
    const reader = await triviaReader(ctx, query.questionGroupId);
    // Anyone may read a trivia ranking; unless shown whole, its names are styled as the trivia says.
    const { total, entries, publicNames } = await readFor(reader, (source) => rankingsOn(source).triviaRanking(query, pageFreshness(query.offset)));
    ctx.set('X-Total-Count', String(total));
    // The company's own readers also see which results were played with more time.
    const marked = reader === 'public' ? entries : await withExtraTime(dataSource.manager, entries);
    sendJson(ctx, reader === 'whole' ? marked : withPublicNames(marked, publicNames));
  });

  const campaignRanking = async (ctx: Context, freshness: (offset: number) => Freshness, audience: 'admin' | 'public') => {
    const { id } = parse(idParamsSchema, ctx.params);
    const query = parse(campaignRankingQuery, ctx.query);
    const read = async (source: DataSource) => {
      const campaign = await findCampaign(source.manager, id);
      return { campaign, ...(await rankingsOn(source).campaignRanking(campaign, query, freshness(query.offset))) };
    };
    const { campaign, total, entries } = audience === 'admin' ? await read(dataSource) : await publicReads.read(read);
    const whole = audience === 'admin' && rankingReader(accessOf(ctx), campaign.companyId) === 'whole';
    ctx.set('X-Total-Count', String(total));
    sendJson(ctx, whole ? entries : withPublicNames(entries, campaign.publicNames));
  };

  router.get('/campaigns/:id/ranking', allow(dataSource, 'rankings.view', inParams('campaign')), (ctx) => campaignRanking(ctx, pageFreshness, 'admin'));

  // Public: an answer may be up to 5 s old (docs/decisions.md, "Rankings and standings"), plus the replica's lag (docs/scale-out.md).
  router.get('/public/campaigns/:id/ranking', publicRoute, (ctx) => campaignRanking(ctx, () => 'public', 'public'));

  router.get('/public/campaigns/:id', publicRoute, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = presentPublicCampaign(await publicReads.read((source) => findCampaign(source.manager, id)));
  });

  return router;
}
