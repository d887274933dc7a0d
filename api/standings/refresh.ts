import type { EntityManager } from 'typeorm';
import { eventTimeZone, SELECTION_MODES, type SelectionMode } from '../../contract';
import { refreshAnalysedRounds, refreshEveryAnalysedRound, refreshTriviaAnalysedRounds } from './analysed-rounds';
import { rankedAttempt } from './counted-attempts';
import { completionRange } from './date-range';
import { serverTimeZone } from '../platform/lib/time-zone';
import { prepared } from '../../db/prepared-statements';
import { triviaSort } from './order-by';
import { selectedAttempts } from './campaign-selection';
import { campaignDayCtes, countedWithDay, DELETE_TRIVIA_DAYS, INSERT_TRIVIA_DAYS, PLAYER_DAY_CTES, syncPlayerRows } from './day-standings';
import { companyTimeZone, triviaTimeZone } from './event-time-zone';
import { rewriteTriviaStandings } from './place-recount';

/**
 * The one owner of the standings (trivia_standings, campaign_standings): every change that can
 * move a player in a ranking calls one of the functions below, in the transaction of that change.
 * They also bring the rounds the analysis holds up to date (api/standings/analysed-rounds.ts), which
 * follow the same changes.
 *
 * A standing is always recomputed from the attempts that decide it (a player's at one trivia, or a
 * whole trivia or campaign), never adjusted by a delta, so whatever reached the attempts (a
 * completion, a release, a deletion) the standing afterwards is what a full recomputation gives.
 * Which attempts count is the ranking's own rule (`rankedAttempt`): an exclusion added there (a
 * disqualified entry) leaves the standings once the changed player's standings are refreshed.
 *
 * Each player has a row for the whole trivia or campaign (site 0) and one per site where counted
 * attempts were played: a site's ranking is the trivia or campaign as played there. The same rows
 * are kept per day of the event's time zone (api/standings/day-standings.ts), for rankings and
 * "Sedes y kioscos" filtered by days. The counts kept from trivia_standings (each ranking's total,
 * the whole ranking per score and time for a completion's place) are their statement triggers'
 * work, whatever statement here changed it.
 */

/** What the standings need of a connection: raw statements (an EntityManager, or a bulk loader's client). */
export type Queryable = Pick<EntityManager, 'query'>;

/** Site 0 in a standing: every site. */
export const EVERY_SITE = 0;

/** The sites an attempt ranks at: every site, and its own (when it still has one). */
const SITES_OF_ATTEMPT = `CROSS JOIN LATERAL (VALUES (${EVERY_SITE}), (a.location_id)) AS s(site_id)`;

/** Each player's best counted attempt per site: the first in the trivia ranking's order (`triviaSort`). */
const triviaStandingsSql = (scope: string) => `
  INSERT INTO trivia_standings (question_group_id, site_id, player_id, attempt_id, score, completion_time, completed_at,
                                correct_answers, total_questions, location_id)
  SELECT DISTINCT ON (a.question_group_id, s.site_id, a.player_id)
         a.question_group_id, s.site_id, a.player_id, a.id, a.score, a.completion_time, a.completed_at,
         a.correct_answers, a.total_questions, a.location_id
    FROM player_attempts a ${SITES_OF_ATTEMPT}
   WHERE ${scope} AND ${rankedAttempt('a')} AND s.site_id IS NOT NULL
   ORDER BY a.question_group_id, s.site_id, a.player_id, ${triviaSort('a')}
  ON CONFLICT (question_group_id, site_id, player_id) DO UPDATE
     SET attempt_id = EXCLUDED.attempt_id, score = EXCLUDED.score, completion_time = EXCLUDED.completion_time, completed_at = EXCLUDED.completed_at,
         correct_answers = EXCLUDED.correct_answers, total_questions = EXCLUDED.total_questions, location_id = EXCLUDED.location_id`;

/**
 * The statements are built on first use: the attempts' module (which owns `rankedAttempt`) calls
 * this one, so its exports are not there yet while this module loads.
 */
const once = <T>(build: () => T) => {
  let built: T | undefined;
  return () => (built ??= build());
};

/**
 * One player's standings at one trivia ($1, player $2), whole and per day in zone $3, recomputed in
 * one statement from their counted attempts (read once, `counted`): rows that changed are written,
 * rows nothing decides any more deleted, the rest untouched. Answers the campaigns holding the
 * trivia (CAMPAIGNS_OF_TRIVIA).
 */
const TRIVIA_OF_PLAYER = once(() =>
  prepared(`
  WITH ${countedWithDay('a.question_group_id = $1 AND a.player_id = $2', '$3')},
  best AS (
    SELECT DISTINCT ON (s.site_id) c.question_group_id, s.site_id, c.player_id, c.id AS attempt_id, c.score, c.completion_time, c.completed_at,
           c.correct_answers, c.total_questions, c.location_id
      FROM counted c CROSS JOIN LATERAL (VALUES (${EVERY_SITE}), (c.location_id)) AS s(site_id)
     WHERE s.site_id IS NOT NULL
     ORDER BY s.site_id, ${triviaSort('c')}
  ),
  ${syncPlayerRows('best', 'trivia_standings', 'best', ['site_id'], ['attempt_id', 'score', 'completion_time', 'completed_at', 'correct_answers', 'total_questions', 'location_id'])},
  ${PLAYER_DAY_CTES}
  ${CAMPAIGNS_OF_TRIVIA}`),
);
const WHOLE_TRIVIA = once(() => triviaStandingsSql('a.question_group_id = $1'));
/** Every trivia's standings of the players in [$1, $2): a bulk rebuild writes them a slice of players at a time (`rebuildAllStandings`). */
const EVERY_TRIVIA_SLICE = once(() => triviaStandingsSql('a.player_id >= $1 AND a.player_id < $2'));
/** The players whose standings one statement of a bulk rebuild writes. */
const REBUILD_SLICE_PLAYERS = 2_000;

/**
 * Each player's selected attempt per site and trivia of the campaign (`selectedAttempts`, the
 * campaign's selection rule, partitioned by site). $2 the campaign's trivias, $4 / $5 its period
 * [from, to), $6 maxAttemptsPerTrivia; the scope may name $8, a player.
 */
const perTrivia = (mode: SelectionMode, scope: string) =>
  selectedAttempts(mode, {
    partition: ['site_id'],
    attempts: `FROM player_attempts a ${SITES_OF_ATTEMPT}
     WHERE a.question_group_id = ANY($2::int[]) AND ${rankedAttempt('a')} AND s.site_id IS NOT NULL
       AND a.completed_at >= $4 AND a.completed_at < $5${scope}`,
    maxAttempts: '$6',
    trivias: '$2::int[]',
  });

/**
 * Each player's campaign total (weighted sum of the selected scores) and mean time, per site, and
 * what a ranking page shows beside them: the selected correct answers, the site of the attempt
 * that placed the player, and per trivia the selected score (to two decimals) and the counted
 * attempts; the same per site and day in zone $7 (`campaignDayCtes`). The rows in scope are
 * deleted first, in the same statement.
 */
const campaignStandingsSql = (mode: SelectionMode, scope: string) => `
  WITH weights AS (
    SELECT * FROM unnest($2::int[], $3::int[]) AS w(question_group_id, weight)
  ),
  standings_gone AS (
    DELETE FROM campaign_standings WHERE campaign_id = $1${scope.replace('a.player_id', 'player_id')} RETURNING 1
  ),
  ${campaignDayCtes(mode, scope)}
  INSERT INTO campaign_standings (campaign_id, site_id, player_id, total_score, average_completion_time,
                                  total_correct_answers, location_id, best_scores, attempts_count)
  SELECT $1, t.site_id, t.player_id, sum(t.score * w.weight), avg(t.completion_time),
         sum(t.correct_answers), nullif((max(t.last_played))[3], 0),
         jsonb_object_agg(t.question_group_id, round(t.score::numeric, 2)), jsonb_object_agg(t.question_group_id, t.attempts)
    FROM (${perTrivia(mode, scope)}) t
    JOIN weights w USING (question_group_id)
   WHERE (SELECT count(*) FROM standings_gone) >= 0
   GROUP BY t.site_id, t.player_id
  ON CONFLICT (campaign_id, site_id, player_id) DO UPDATE
     SET total_score = EXCLUDED.total_score, average_completion_time = EXCLUDED.average_completion_time,
         total_correct_answers = EXCLUDED.total_correct_answers, location_id = EXCLUDED.location_id,
         best_scores = EXCLUDED.best_scores, attempts_count = EXCLUDED.attempts_count`;

const CAMPAIGN_SQL = once(
  () =>
    Object.fromEntries(
      // A player's: prepared, as a completion runs it for every campaign holding the trivia (planning it cost about as much as running it).
      SELECTION_MODES.map((mode) => [mode, { player: prepared(campaignStandingsSql(mode, `\n       AND a.player_id = $8`)), whole: campaignStandingsSql(mode, '') }]),
    ) as Record<SelectionMode, { player: string; whole: string }>,
);

/** A campaign's rules as its standings need them. */
export interface CampaignRules {
  id: number;
  start_date: string;
  end_date: string;
  /** The company's choice, null for the server's (`eventTimeZone`). */
  time_zone: string | null;
  max_attempts_per_trivia: number;
  attempt_selection_mode: SelectionMode;
  trivia_ids: number[];
  weights: number[];
}

const CAMPAIGN_RULES = `
  SELECT c.id, c.start_date::text AS start_date, c.end_date::text AS end_date, c.max_attempts_per_trivia, c.attempt_selection_mode,
         (SELECT co.time_zone FROM companies co WHERE co.id = c.company_id) AS time_zone,
         coalesce(array_agg(l.question_group_id ORDER BY l.id) FILTER (WHERE l.id IS NOT NULL), '{}') AS trivia_ids,
         coalesce(array_agg(l.weight ORDER BY l.id) FILTER (WHERE l.id IS NOT NULL), '{}') AS weights
    FROM campaigns c
    LEFT JOIN campaign_question_groups l ON l.campaign_id = c.id`;

/**
 * The campaigns holding trivia $1, in id order (so two transactions touch them in the same order):
 * the answer of a player's trivia standings' statement (TRIVIA_OF_PLAYER), so a completion reads
 * them without a round trip of its own.
 */
const CAMPAIGNS_OF_TRIVIA = prepared(`${CAMPAIGN_RULES}
      WHERE c.id IN (SELECT campaign_id FROM campaign_question_groups WHERE question_group_id = $1)
      GROUP BY c.id ORDER BY c.id`);
const campaignsOfTrivia = (em: Queryable, questionGroupId: number): Promise<CampaignRules[]> => em.query(CAMPAIGNS_OF_TRIVIA, [questionGroupId]);

/** The campaign's period as the ranking reads it: its first day's start to the end of its last, in the event's time zone. */
const campaignPeriod = (rules: CampaignRules) => {
  const zone = eventTimeZone(rules.time_zone, serverTimeZone());
  return { zone, ...(completionRange(rules.start_date, rules.end_date, zone) as { from: Date; to: Date }) };
};

const campaignParameters = (rules: CampaignRules): unknown[] => {
  const { zone, from, to } = campaignPeriod(rules);
  return [rules.id, rules.trivia_ids, rules.weights, from, to, rules.max_attempts_per_trivia, zone];
};

/**
 * After a player's attempts at a trivia changed (a completion, online or synced; a held attempt
 * released or discarded): the player's standings at the trivia and at every campaign holding it.
 * Answers those campaigns' rules, as read (a completion's places need them: `campaignIdsCounting`).
 * `keyedIn`: the caller holds the trivia's keying lock and keyed the one round it changed itself,
 * in this event zone (a completion's own update, `completionKeying`), so the player's rounds are
 * not keyed again.
 */
export async function refreshPlayerStandings(em: Queryable, playerId: number, questionGroupId: number, { keyedIn }: { keyedIn?: string } = {}): Promise<CampaignRules[]> {
  const zone = keyedIn ?? (await refreshAnalysedRounds(em, playerId, questionGroupId));
  const campaigns: CampaignRules[] = await em.query(TRIVIA_OF_PLAYER(), [questionGroupId, playerId, zone]);
  for (const rules of campaigns) {
    await em.query(CAMPAIGN_SQL()[rules.attempt_selection_mode].player, [...campaignParameters(rules), playerId]);
  }
  return campaigns;
}

/** Every standing of one campaign, recomputed: after its mode, limit, period or trivias (added, removed, reweighted) changed. */
export async function refreshCampaignStandings(em: Queryable, campaignId: number): Promise<void> {
  await em.query(`DELETE FROM campaign_standings WHERE campaign_id = $1`, [campaignId]);
  await em.query(`DELETE FROM campaign_day_standings WHERE campaign_id = $1`, [campaignId]);
  // Its analysis log starts again from the standings inserted below: the bands of its totals are
  // cut by its weights, which may have changed since its rows were logged.
  await em.query(`DELETE FROM campaign_analysis_log WHERE campaign_id = $1`, [campaignId]);
  const [rules]: CampaignRules[] = await em.query(`${CAMPAIGN_RULES} WHERE c.id = $1 GROUP BY c.id`, [campaignId]);
  if (!rules || rules.trivia_ids.length === 0) return;
  await em.query(CAMPAIGN_SQL()[rules.attempt_selection_mode].whole, campaignParameters(rules));
}

/**
 * Every standing of one trivia, recomputed, and of the campaigns holding it: after its attempts
 * were cleared ("clear player data"). A deleted trivia takes its own standings with it (foreign
 * keys); its campaigns are refreshed by `refreshCampaigns` with the ids read before the deletion.
 */
export async function refreshTriviaStandings(em: Queryable, questionGroupId: number): Promise<void> {
  const zone = await rewriteTriviaStandings(em, questionGroupId, async () => {
    const triviaZone = await refreshTriviaAnalysedRounds(em, questionGroupId);
    await em.query(`DELETE FROM trivia_standings WHERE question_group_id = $1`, [questionGroupId]);
    await em.query(WHOLE_TRIVIA(), [questionGroupId]);
    return triviaZone;
  });
  await refreshTriviaDays(em, questionGroupId, zone);
  await refreshCampaigns(em, (await campaignsOfTrivia(em, questionGroupId)).map((c) => c.id));
}

/**
 * The campaigns holding a trivia whose period holds the instant `at` (a completion's): those it
 * counts in, by id. From `campaigns` when the caller has them (`refreshPlayerStandings` read them).
 */
export async function campaignIdsCounting(em: Queryable, questionGroupId: number, at: Date, campaigns?: CampaignRules[]): Promise<number[]> {
  return (campaigns ?? (await campaignsOfTrivia(em, questionGroupId))).flatMap((rules) => {
    const { from, to } = campaignPeriod(rules);
    return at >= from && at < to ? [rules.id] : [];
  });
}

/** The campaigns holding a trivia, to refresh after the trivia is gone (`refreshCampaigns`). */
export async function campaignIdsOfTrivia(em: Queryable, questionGroupId: number): Promise<number[]> {
  return (await campaignsOfTrivia(em, questionGroupId)).map((c) => c.id);
}

export async function refreshCampaigns(em: Queryable, campaignIds: number[]): Promise<void> {
  for (const id of campaignIds) await refreshCampaignStandings(em, id);
}

/** Every day row of one trivia, recomputed with its days in `zone` (its event's). */
async function refreshTriviaDays(em: Queryable, questionGroupId: number, zone: string): Promise<void> {
  for (const sql of DELETE_TRIVIA_DAYS) await em.query(sql, [questionGroupId]);
  for (const sql of INSERT_TRIVIA_DAYS) await em.query(sql, [questionGroupId, zone]);
}

/**
 * After a company's time zone changed: its days moved, so the day standings of its trivias and
 * campaigns are recomputed (the campaigns' periods moved with them), in the change's transaction.
 */
export async function refreshCompanyDays(em: Queryable, companyId: number): Promise<void> {
  const zone = await companyTimeZone(em, companyId);
  for (const { id } of (await em.query(`SELECT id FROM question_groups WHERE company_id = $1 ORDER BY id`, [companyId])) as { id: number }[]) {
    await refreshTriviaDays(em, id, zone);
  }
  await refreshCampaigns(em, ((await em.query(`SELECT id FROM campaigns WHERE company_id = $1 ORDER BY id`, [companyId])) as { id: number }[]).map((c) => c.id));
}

/**
 * After a site was deleted: its attempts lost their site (foreign key), so its standings go. The
 * every-site standings stay as they were (they never depended on where an attempt was played).
 */
export async function forgetSiteStandings(em: Queryable, locationId: number): Promise<void> {
  await em.query(`DELETE FROM trivia_standings WHERE site_id = $1`, [locationId]);
  await em.query(`DELETE FROM campaign_standings WHERE site_id = $1`, [locationId]);
  await em.query(`DELETE FROM trivia_day_standings WHERE site_id = $1`, [locationId]);
  await em.query(`DELETE FROM campaign_day_standings WHERE site_id = $1`, [locationId]);
  // Its players' rounds are now of no site: the players of its trivias' scopes recomputed.
  const trivias = (await em.query(`SELECT DISTINCT question_group_id FROM trivia_day_players WHERE scope = 's' || $1::text ORDER BY 1`, [locationId])) as {
    question_group_id: number;
  }[];
  for (const { question_group_id } of trivias) await refreshTriviaDays(em, question_group_id, await triviaTimeZone(em, question_group_id));
}

/** Every standing recomputed from the attempts: for data written around the application (seeding, restores). */
export async function rebuildAllStandings(em: Queryable): Promise<void> {
  await refreshEveryAnalysedRound(em);
  // Its triggers clear the counts kept beside the standings at once; a DELETE counts each row out.
  await em.query(`TRUNCATE trivia_standings`);
  // The place counts' row trigger (db/migrations/1797520000000-place-counts.ts) sums its key's rows
  // once per standing, and within one transaction a key's dead versions pile up in its index range:
  // one statement of every standing is quadratic in a key's rows. A slice of players a statement,
  // each committed on its own, keeps the rebuild linear.
  const [players]: { low: number; high: number }[] = await em.query(`SELECT coalesce(min(player_id), 0) AS low, coalesce(max(player_id), -1) AS high FROM player_attempts`);
  for (let from = players!.low; from <= players!.high; from += REBUILD_SLICE_PLAYERS) await em.query(EVERY_TRIVIA_SLICE(), [from, from + REBUILD_SLICE_PLAYERS]);
  for (const { id } of (await em.query(`SELECT id FROM question_groups ORDER BY id`)) as { id: number }[]) await refreshTriviaDays(em, id, await triviaTimeZone(em, id));
  for (const { id } of (await em.query(`SELECT id FROM campaigns ORDER BY id`)) as { id: number }[]) await refreshCampaignStandings(em, id);
}
