import type { EntityManager } from 'typeorm';
import type { ActivityFigures, ActivityQuery, TriviaActivity } from '../../../contract';
import { rankedAttempt } from '../../standings/counted-attempts';
import { completionRange } from '../../standings/date-range';
import { triviaTimeZone } from '../../standings/event-time-zone';
import { EVERY_SITE } from '../../standings/refresh';
import { dayPlayersPerScope } from '../../standings/day-players';
import { triviaSiteTotals } from '../ranking/standing-totals';
import { loggedScopeRounds, loggedTimeline } from './analysis-logs';
import { recomputedTimeline } from './recomputed-timeline';
import { readyTriviaLogs } from './trivia-analysis';
import { EVERY_DEVICE } from './trivia-figures';

/**
 * How a trivia's sites and kiosks went: counted rounds, players, average and median score per site
 * and per kiosk (phones and the public link in one row of their own), and its timeline. Results
 * played offline count by when they were completed, as everywhere.
 *
 * Read from the analysis logs (the rounds per score of each site and kiosk) and the standings (a
 * site's players are its ranking's); with a range of days, the players are the day standings'
 * (a distinct count cannot be summed from per-day counts, so each player is counted on their first
 * day in the range: api/standings/day-players.ts). The recomputation reads every round, as the check.
 */
type Queryable = Pick<EntityManager, 'query'>;
type Scores = Map<number, number>;

/** The rounds per score of each site (`EVERY_SITE`: all) and of each kiosk (`EVERY_DEVICE`: every device). */
interface ActivityCounts {
  sites: Map<number | null, Scores>;
  kiosks: Map<string | null, Scores>;
  sitePlayers: Map<number | null, number>;
  kioskPlayers: Map<string | null, number>;
}

/** The counted rounds of a trivia ($1) completed in [$2, $3). */
const COUNTED = `
  counted AS (
    SELECT a.player_id, a.location_id, a.kiosk_id, a.score
      FROM player_attempts a
     WHERE a.question_group_id = $1
       AND ${rankedAttempt('a')}
       AND ($2::timestamptz IS NULL OR a.completed_at >= $2)
       AND ($3::timestamptz IS NULL OR a.completed_at < $3)
  )`;
const PLAYERS_SQL = `
  WITH ${COUNTED}
  SELECT 'site' AS kind, location_id::text AS key, count(DISTINCT player_id)::int AS players FROM counted GROUP BY location_id
  UNION ALL
  SELECT 'kiosk', kiosk_id::text, count(DISTINCT player_id)::int FROM counted GROUP BY kiosk_id`;
const ROUNDS_SQL = `
  WITH ${COUNTED}
  SELECT 'site' AS kind, location_id::text AS key, score, count(*)::int AS n FROM counted GROUP BY location_id, score
  UNION ALL
  SELECT 'kiosk', kiosk_id::text, score, count(*)::int FROM counted GROUP BY kiosk_id, score`;

/**
 * The players of each kiosk ($2), and of the kiosks' players those with no counted round elsewhere
 * (key null): the phones' players are every player but those.
 */
const KIOSK_PLAYERS_SQL = `
  WITH on_kiosks AS (
    SELECT a.kiosk_id, a.player_id FROM player_attempts a
     WHERE a.device_id = ANY($2::uuid[]) AND a.kiosk_id = a.device_id AND a.question_group_id = $1 AND ${rankedAttempt('a')}
  )
  SELECT kiosk_id::text AS key, count(DISTINCT player_id)::int AS players FROM on_kiosks GROUP BY kiosk_id
  UNION ALL
  SELECT NULL, count(*)::int FROM (SELECT DISTINCT player_id FROM on_kiosks) k
   WHERE NOT EXISTS (SELECT 1 FROM player_attempts p WHERE p.player_id = k.player_id AND p.question_group_id = $1 AND p.kiosk_id IS NULL AND ${rankedAttempt('p')})`;

const NO_SITE_PLAYERS_SQL = `
  SELECT count(DISTINCT a.player_id)::int AS players FROM player_attempts a
   WHERE a.question_group_id = $1 AND a.location_id IS NULL AND ${rankedAttempt('a')}`;

const add = (map: Map<number, number>, score: number, n: number) => map.set(score, (map.get(score) ?? 0) + n);
const scoresOf = <K>(maps: Map<K, Scores>, key: K) => maps.get(key) ?? maps.set(key, new Map()).get(key)!;

/** `whole` less every part: the rounds of no part (no site, no kiosk). */
function rest<K>(whole: Scores | undefined, parts: Map<K, Scores>): Scores {
  const left = new Map(whole ?? []);
  for (const part of parts.values()) for (const [score, n] of part) add(left, score, -n);
  for (const [score, n] of left) if (n === 0) left.delete(score);
  return left;
}

async function loggedCounts(em: Queryable, questionGroupId: number, query: ActivityQuery): Promise<ActivityCounts> {
  const rows = await loggedScopeRounds(em, questionGroupId, query.dateFrom ?? null, query.dateTo ?? null);
  const sites = new Map<number | null, Scores>();
  const kiosks = new Map<string | null, Scores>();
  let all: Scores | undefined;
  for (const row of rows) {
    if (row.kiosk_id === EVERY_DEVICE && row.site_id === EVERY_SITE) add((all ??= new Map()), row.score, row.n);
    else if (row.kiosk_id === EVERY_DEVICE) add(scoresOf(sites, row.site_id), row.score, row.n);
    else if (row.site_id === EVERY_SITE) add(scoresOf(kiosks, row.kiosk_id), row.score, row.n);
  }
  const noSite = rest(all, sites);
  const noKiosk = rest(all, kiosks);
  if (noSite.size > 0) sites.set(null, noSite);
  if (noKiosk.size > 0) kiosks.set(null, noKiosk);

  if (query.dateFrom || query.dateTo) return { sites, kiosks, ...(await dayPlayers(em, questionGroupId, query)) };
  const totals = await triviaSiteTotals(em, questionGroupId);
  const sitePlayers = new Map<number | null, number>([...sites.keys()].filter((site) => site !== null).map((site) => [site, totals.get(site!) ?? 0]));
  if (sites.has(null)) sitePlayers.set(null, ((await em.query(NO_SITE_PLAYERS_SQL, [questionGroupId])) as { players: number }[])[0]!.players);
  const kioskIds = [...kiosks.keys()].filter((kiosk) => kiosk !== null);
  const kioskRows = (await em.query(KIOSK_PLAYERS_SQL, [questionGroupId, kioskIds])) as { key: string | null; players: number }[];
  const kioskPlayers = new Map<string | null, number>(kioskRows.filter((row) => row.key !== null).map((row) => [row.key, row.players]));
  const onlyOnKiosks = kioskRows.find((row) => row.key === null)?.players ?? 0;
  if (kiosks.has(null)) kioskPlayers.set(null, (totals.get(EVERY_SITE) ?? 0) - onlyOnKiosks);
  return { sites, kiosks, sitePlayers, kioskPlayers };
}

/** The players of each site and kiosk over the query's days, from the day standings' count log (api/standings/day-players.ts). */
async function dayPlayers(em: Queryable, questionGroupId: number, query: ActivityQuery) {
  const scopes = await dayPlayersPerScope(em, questionGroupId, query.dateFrom ?? null, query.dateTo ?? null);
  const sitePlayers = new Map<number | null, number>();
  const kioskPlayers = new Map<string | null, number>();
  for (const [scope, players] of scopes) {
    const key = scope.slice(1);
    if (scope === 's0') continue;
    if (scope.startsWith('s')) sitePlayers.set(key === '' ? null : Number(key), players);
    else kioskPlayers.set(key === '' ? null : key, players);
  }
  return { sitePlayers, kioskPlayers };
}

async function countedPlayers(em: Queryable, questionGroupId: number, from: Date | null, to: Date | null) {
  const rows = (await em.query(PLAYERS_SQL, [questionGroupId, from, to])) as { kind: 'site' | 'kiosk'; key: string | null; players: number }[];
  return {
    sitePlayers: new Map(rows.filter((row) => row.kind === 'site').map((row) => [row.key === null ? null : Number(row.key), row.players])),
    kioskPlayers: new Map(rows.filter((row) => row.kind === 'kiosk').map((row) => [row.key, row.players])),
  };
}

async function recomputedCounts(em: Queryable, questionGroupId: number, from: Date | null, to: Date | null): Promise<ActivityCounts> {
  const rows = (await em.query(ROUNDS_SQL, [questionGroupId, from, to])) as { kind: 'site' | 'kiosk'; key: string | null; score: number; n: number }[];
  const sites = new Map<number | null, Scores>();
  const kiosks = new Map<string | null, Scores>();
  for (const row of rows) {
    if (row.kind === 'site') add(scoresOf(sites, row.key === null ? null : Number(row.key)), row.score, row.n);
    else add(scoresOf(kiosks, row.key), row.score, row.n);
  }
  return { sites, kiosks, ...(await countedPlayers(em, questionGroupId, from, to)) };
}

/** Rounds, average and median (PostgreSQL's percentile_cont(0.5)) of rounds per score. */
function figuresOf(scores: Scores, players: number): ActivityFigures {
  const ordered = [...scores].sort(([a], [b]) => a - b);
  const rounds = ordered.reduce((sum, [, n]) => sum + n, 0);
  const at = (index: number) => {
    let seen = 0;
    for (const [score, n] of ordered) {
      seen += n;
      if (index < seen) return score;
    }
    return ordered[ordered.length - 1]![0];
  };
  const position = 0.5 * (rounds - 1);
  const [low, high] = [at(Math.floor(position)), at(Math.ceil(position))];
  return {
    players,
    rounds,
    averageScore: ordered.reduce((sum, [score, n]) => sum + score * n, 0) / rounds,
    medianScore: low + (high - low) * (position - Math.floor(position)),
  };
}

/** Sites by name (no site last), kiosks by name (the phones' row last), as the database orders names. */
async function activityOf(em: Queryable, questionGroupId: number, timeZone: string, counts: ActivityCounts, timeline: TriviaActivity['timeline']): Promise<TriviaActivity> {
  const siteIds = [...counts.sites.keys()].filter((site) => site !== null);
  const kioskIds = [...counts.kiosks.keys()].filter((kiosk) => kiosk !== null);
  const sites = (await em.query(`SELECT id, name FROM locations WHERE id = ANY($1::int[]) ORDER BY name, id`, [siteIds])) as { id: number; name: string }[];
  const kiosks = (await em.query(
    `SELECT k.id::text AS id, d.kiosk_name AS name FROM unnest($1::uuid[]) k(id) LEFT JOIN devices d ON d.id = k.id ORDER BY d.kiosk_name, k.id`,
    [kioskIds],
  )) as { id: string; name: string | null }[];
  const named = new Set(sites.map((site) => site.id));
  return {
    questionGroupId,
    timeZone,
    sites: [
      ...sites.map((site) => ({ locationId: site.id, name: site.name, ...figuresOf(counts.sites.get(site.id)!, counts.sitePlayers.get(site.id) ?? 0) })),
      // A site deleted while the read ran leaves its rounds with no name: listed as no site.
      ...siteIds.filter((id) => !named.has(id!)).map((id) => ({ locationId: id, name: null, ...figuresOf(counts.sites.get(id)!, counts.sitePlayers.get(id) ?? 0) })),
      ...(counts.sites.has(null) ? [{ locationId: null, name: null, ...figuresOf(counts.sites.get(null)!, counts.sitePlayers.get(null) ?? 0) }] : []),
    ],
    kiosks: [
      ...kiosks.map((kiosk) => ({ deviceId: kiosk.id, name: kiosk.name, ...figuresOf(counts.kiosks.get(kiosk.id)!, counts.kioskPlayers.get(kiosk.id) ?? 0) })),
      ...(counts.kiosks.has(null) ? [{ deviceId: null, name: null, ...figuresOf(counts.kiosks.get(null)!, counts.kioskPlayers.get(null) ?? 0) }] : []),
    ],
    timeline,
  };
}

export async function triviaActivity(em: EntityManager, questionGroupId: number, query: ActivityQuery): Promise<TriviaActivity> {
  const timeZone = await readyTriviaLogs(em, questionGroupId);
  return em.transaction('REPEATABLE READ', async (tx) =>
    activityOf(
      tx,
      questionGroupId,
      timeZone,
      await loggedCounts(tx, questionGroupId, query),
      await loggedTimeline(tx, { questionGroupIds: [questionGroupId], fromDay: query.dateFrom ?? null, toDay: query.dateTo ?? null }),
    ),
  );
}

/** The same activity recomputed from every counted round: the logs' check. */
export async function recomputedTriviaActivity(em: EntityManager, questionGroupId: number, query: ActivityQuery): Promise<TriviaActivity> {
  const timeZone = await triviaTimeZone(em, questionGroupId);
  const { from, to } = completionRange(query.dateFrom, query.dateTo, timeZone);
  return em.transaction('REPEATABLE READ', async (tx) =>
    activityOf(tx, questionGroupId, timeZone, await recomputedCounts(tx, questionGroupId, from, to), await recomputedTimeline(tx, { questionGroupIds: [questionGroupId], from, to, timeZone })),
  );
}
