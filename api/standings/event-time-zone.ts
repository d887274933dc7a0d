import type { EntityManager } from 'typeorm';
import { eventTimeZone } from '../../contract';
import { serverTimeZone } from '../platform/lib/time-zone';

/**
 * The event time zone of a company, a trivia or a campaign, read from the database: the contract's
 * `eventTimeZone` (its company's choice, else the server's).
 */
type Queryable = Pick<EntityManager, 'query'>;

/** A company's event time zone. */
export async function companyTimeZone(em: Queryable, companyId: number): Promise<string> {
  const [row]: { time_zone: string | null }[] = await em.query(`SELECT time_zone FROM companies WHERE id = $1`, [companyId]);
  return eventTimeZone(row?.time_zone, serverTimeZone());
}

/** A trivia's event time zone (its company's); the server's for no trivia (a ranking across trivias). */
export async function triviaTimeZone(em: Queryable, questionGroupId: number | undefined): Promise<string> {
  if (questionGroupId === undefined) return serverTimeZone();
  const [row]: { time_zone: string | null }[] = await em.query(
    `SELECT c.time_zone FROM question_groups g JOIN companies c ON c.id = g.company_id WHERE g.id = $1`,
    [questionGroupId],
  );
  return eventTimeZone(row?.time_zone, serverTimeZone());
}

/** A campaign's event time zone (its company's). */
export async function campaignTimeZone(em: Queryable, campaignId: number): Promise<string> {
  const [row]: { time_zone: string | null }[] = await em.query(
    `SELECT c.time_zone FROM campaigns k JOIN companies c ON c.id = k.company_id WHERE k.id = $1`,
    [campaignId],
  );
  return eventTimeZone(row?.time_zone, serverTimeZone());
}
