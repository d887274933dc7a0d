import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { rankedAttempt } from '../../standings/counted-attempts';

/**
 * A ranking's stamp: what changes whenever a new counted completion (or a release, a discard, a
 * disqualification, a restoration or a deletion) could change the ranking, read from indexes
 * without computing anything: how many counted attempts there are, the newest id and the newest
 * completion time, and the newest moderation.
 */
export interface AttemptStamp {
  count: number;
  maxId: number | null;
  lastCompletedAt: string | null;
  /** The newest disqualification and restoration of the trivias: a moderation that swaps two entries leaves the count alone. */
  moderation: string;
}

const STAMP_COLUMNS = `count(*)::int AS count, max(a.id) AS max_id, max(a.completed_at) AS last_completed_at`;

/** $1 the trivias' ids. */
const MODERATION_STAMP_SQL = `
  SELECT max(d.id) AS max_id, max(d.restored_at) AS last_restored_at
    FROM ranking_disqualifications d
   WHERE d.question_group_id = ANY($1::int[])`;

const TRIVIA_STAMP_SQL = `
  SELECT ${STAMP_COLUMNS}
    FROM player_attempts a
   WHERE a.question_group_id = $1 AND ${rankedAttempt('a')}`;

const CAMPAIGN_STAMP_SQL = `
  SELECT ${STAMP_COLUMNS}
    FROM player_attempts a
   WHERE a.question_group_id = ANY($1::int[]) AND ${rankedAttempt('a')}
     AND a.completed_at >= $2 AND a.completed_at < $3`;

interface StampRow {
  count: number;
  max_id: number | null;
  last_completed_at: Date | null;
}

const NO_ROW: StampRow = { count: 0, max_id: null, last_completed_at: null };

async function moderationStamp(em: EntityManager, questionGroupIds: number[]): Promise<string> {
  const [row]: { max_id: number | null; last_restored_at: Date | null }[] = await em.query(MODERATION_STAMP_SQL, [questionGroupIds]);
  return `${row?.max_id ?? 0}:${row?.last_restored_at?.toISOString() ?? ''}`;
}

const asStamp = ([row = NO_ROW]: StampRow[], moderation: string): AttemptStamp => ({
  count: row.count,
  maxId: row.max_id === null ? null : Number(row.max_id),
  lastCompletedAt: row.last_completed_at?.toISOString() ?? null,
  moderation,
});

export async function triviaAttemptStamp(em: EntityManager, questionGroupId: number): Promise<AttemptStamp> {
  return asStamp(await em.query(TRIVIA_STAMP_SQL, [questionGroupId]), await moderationStamp(em, [questionGroupId]));
}

export async function campaignAttemptStamp(em: EntityManager, questionGroupIds: number[], from: Date, to: Date): Promise<AttemptStamp> {
  return asStamp(await em.query(CAMPAIGN_STAMP_SQL, [questionGroupIds, from, to]), await moderationStamp(em, questionGroupIds));
}

/**
 * What moves whenever a stored player's name changes without a new attempt (an erasure, an applied
 * name change): a screen's reply carries names, so its ETag must move with them. A primary-key
 * read and a read of a small table.
 */
export async function playerNamesStamp(em: EntityManager): Promise<string> {
  const [row]: { erased: number | null; renamed: Date | null }[] = await em.query(
    `SELECT (SELECT max(id) FROM player_erasures) AS erased, (SELECT max(applied_at) FROM player_name_changes) AS renamed`,
  );
  return `${row?.erased ?? 0}:${row?.renamed?.toISOString() ?? ''}`;
}

/** Bumped when the feed's shape changes, so no screen keeps a reply of the old shape. */
const FEED_VERSION = 4;

/** A strong ETag of everything a screen's reply depends on: the attempt stamp and the screen's settings. */
export function screenETag(parts: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify([FEED_VERSION, parts])).digest('base64url').slice(0, 27)}"`;
}
