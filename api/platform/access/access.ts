import { roleCan, type CompanyAction, type CompanyGrant, type CompanyRole } from '../../../contract';
import type { UserEntity } from '../../../db/entities';

/**
 * What the signed-in user may reach, read on every request with the user (a role change takes
 * effect on their next request): an owner everything, a member the companies of their grants.
 */
export class Access {
  readonly owner: boolean;
  private readonly roles: Map<number, CompanyRole>;

  constructor(
    readonly user: UserEntity,
    readonly grants: CompanyGrant[],
  ) {
    this.owner = user.role === 'owner';
    this.roles = new Map(grants.map((grant) => [grant.companyId, grant.role]));
  }

  /** The user's role in a company; undefined when the company is beyond their reach (or they own everything). */
  roleIn(companyId: number): CompanyRole | undefined {
    return this.roles.get(companyId);
  }

  /** Whether the company is within the user's reach at all. */
  reaches(companyId: number): boolean {
    return this.owner || this.roles.has(companyId);
  }

  can(action: CompanyAction, companyId: number): boolean {
    if (this.owner) return true;
    const role = this.roles.get(companyId);
    return role !== undefined && roleCan(role, action);
  }

  /**
   * The companies where the user may do an action, for a list's query: null for an owner (every
   * company, no filter), otherwise their ids (possibly none).
   */
  companiesFor(action: CompanyAction): number[] | null {
    if (this.owner) return null;
    return this.grants.filter((grant) => roleCan(grant.role, action)).map((grant) => grant.companyId);
  }

  /** The companies within reach, whatever the role: null for an owner. */
  reachableCompanies(): number[] | null {
    return this.owner ? null : this.grants.map((grant) => grant.companyId);
  }
}
