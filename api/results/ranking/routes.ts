import Router from '@koa/router';
import type { Context } from 'koa';
import type { DataSource } from 'typeorm';
import type { PublicReads } from '../../../db/read-replica';
import { campaignRankingQuery, idParamsSchema, publicName, triviaRankingQuery, type PublicNameStyle } from '../../../contract';
import { QuestionGroupEntity } from '../../../db/entities';
import { presentPublicCampaign } from '../../content/campaigns/presenter';
import { findCampaign } from '../../content/campaigns/service';
import { signedIn } from '../../platform/access/route-access';
import { parse } from '../../platform/http/validate';
import type { Freshness, RankingReads } from './reads';

/** A ranking's entries with their names in a public screen's style (admin screens always see them whole). */
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
 * the public campaign ranking for anyone, the campaign ranking of the admin screens behind a
 * session. Every page of a ranking is a slice of one computation (api/results/ranking/reads.ts). What an
 * anonymous reader asks is read where `publicReads` says (the read replica when there is one); a
 * signed-in admin's reads always come from the primary.
 */
export function rankingRoutes(dataSource: DataSource, publicReads: PublicReads, rankingsOn: (dataSource: DataSource) => RankingReads) {
  const router = new Router({ prefix: '/api' });
  const signedIn = (ctx: Context) => Boolean(ctx.state.user);
  /** The primary for an admin, the public reads' choice for anyone else. */
  const readFor = <T>(ctx: Context, read: (source: DataSource) => Promise<T>) => (signedIn(ctx) ? read(dataSource) : publicReads.read(read));

  router.get('/ranking', async (ctx) => {
    const query = parse(triviaRankingQuery, ctx.query);
    // Anyone may read a trivia ranking: without a session it is a public screen's, its names styled as the trivia says (read meanwhile).
    const [{ total, entries }, trivia] = await readFor(ctx, (source) =>
      Promise.all([
        rankingsOn(source).triviaRanking(query, pageFreshness(query.offset)),
        signedIn(ctx) ? null : source.manager.findOne(QuestionGroupEntity, { where: { id: query.questionGroupId }, select: { id: true, publicNames: true } }),
      ]),
    );
    ctx.set('X-Total-Count', String(total));
    sendJson(ctx, withPublicNames(entries, trivia?.publicNames ?? 'full'));
  });

  const campaignRanking = async (ctx: Context, freshness: (offset: number) => Freshness, audience: 'admin' | 'public') => {
    const { id } = parse(idParamsSchema, ctx.params);
    const query = parse(campaignRankingQuery, ctx.query);
    const read = async (source: DataSource) => {
      const campaign = await findCampaign(source.manager, id);
      return { campaign, ...(await rankingsOn(source).campaignRanking(campaign, query, freshness(query.offset))) };
    };
    const { campaign, total, entries } = audience === 'admin' ? await read(dataSource) : await publicReads.read(read);
    ctx.set('X-Total-Count', String(total));
    sendJson(ctx, audience === 'admin' ? entries : withPublicNames(entries, campaign.publicNames));
  };

  router.get('/campaigns/:id/ranking', signedIn, (ctx) => campaignRanking(ctx, pageFreshness, 'admin'));

  // Public: an answer may be up to 5 s old (docs/decisions.md, "Rankings and standings"), plus the replica's lag (docs/scale-out.md).
  router.get('/public/campaigns/:id/ranking', (ctx) => campaignRanking(ctx, () => 'public', 'public'));

  router.get('/public/campaigns/:id', async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = presentPublicCampaign(await publicReads.read((source) => findCampaign(source.manager, id)));
  });

  return router;
}
