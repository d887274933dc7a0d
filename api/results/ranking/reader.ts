import type { Access } from '../../platform/access/access';

/**
 * How a ranking of a company names its players to whoever reads it, and where it is read:
 * `whole`, an owner, or an organiser or staff of the company (they review and run its event), read
 * from the primary; `styled`, a viewer of the company (a client: names are personal data, so they
 * see them as the trivia's or campaign's public screens do), from the primary; `public`, anyone
 * else (signed out, or a member of other companies only), served as a public screen is: the
 * public reads, the public style.
 */
export type RankingReader = 'whole' | 'styled' | 'public';

export function rankingReader(access: Access | undefined, companyId: number | undefined): RankingReader {
  if (!access) return 'public';
  if (access.owner) return 'whole';
  if (companyId === undefined || !access.can('rankings.view', companyId)) return 'public';
  return access.roleIn(companyId) === 'viewer' ? 'styled' : 'whole';
}
