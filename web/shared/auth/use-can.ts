import { useCallback } from 'react';
import { userCan, userCanSomewhere, type CompanyAction } from '../../../contract';
import { useUser } from './api/get-user';

/** What the signed-in user may do, read from the session; while it loads (or nobody is signed in) nothing is allowed. */
export interface Can {
  /** An owner of the installation: "Usuarios", creating and deleting companies. */
  owner: boolean;
  /** The action on a company (the company of the object a control touches). */
  can: (action: CompanyAction, companyId: number | null | undefined) => boolean;
  /** The action on at least one company: a header link, a screen that lists several companies. */
  canSomewhere: (action: CompanyAction) => boolean;
  /** Whether the company is in the user's reach at all (an object of any other company is shown as missing). */
  reaches: (companyId: number | null | undefined) => boolean;
}

/**
 * The screens' reading of contract/permissions.ts for the signed-in user, so that they hide what a
 * role cannot do. The server decides; this only spares a person controls that would be refused.
 */
export function useCan(): Can {
  const { data: user } = useUser();
  const can = useCallback(
    (action: CompanyAction, companyId: number | null | undefined) => !!user && companyId != null && userCan(user, action, companyId),
    [user],
  );
  const canSomewhere = useCallback((action: CompanyAction) => !!user && userCanSomewhere(user, action), [user]);
  const reaches = useCallback((companyId: number | null | undefined) => can('content.view', companyId), [can]);
  return { owner: user?.role === 'owner', can, canSomewhere, reaches };
}
