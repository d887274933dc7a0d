import { COMPANY_ROLE_LABELS, INSTALLATION_ROLE_LABELS, type UserListItem } from '../../../contract';

const CHIP = 'inline-flex max-w-full flex-wrap items-baseline gap-x-1 rounded-lg px-2 py-0.5 text-xs ring-1 ring-inset';

/**
 * A user's "Acceso" in "Usuarios": "Propietario", or each company with the user's role there. A
 * member left with no company (theirs were deleted) reaches nothing, and it says so.
 */
export function AccessSummary({ user }: { user: UserListItem }) {
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1.5 text-sm" data-testid="user-access">
      <span className="text-slate-600 dark:text-slate-400">Acceso:</span>
      {user.role === 'owner' ? (
        <span className={`${CHIP} bg-brand-50 font-medium text-brand-800 ring-brand-600/20 dark:bg-brand-400/10 dark:text-brand-100 dark:ring-brand-400/30`}>
          {INSTALLATION_ROLE_LABELS.owner} · toda la instalación
        </span>
      ) : user.companies.length === 0 ? (
        <span className={`${CHIP} bg-amber-50 text-amber-900 ring-amber-600/20 dark:bg-amber-400/10 dark:text-amber-100 dark:ring-amber-400/30`}>Sin empresas: no ve nada</span>
      ) : (
        <ul className="contents">
          {user.companies.map((grant) => (
            <li key={grant.companyId} className={`${CHIP} bg-slate-50 text-slate-800 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-400/30`}>
              <span className="font-medium break-words">{grant.companyName}</span>
              <span className="text-slate-600 dark:text-slate-300">· {COMPANY_ROLE_LABELS[grant.role]}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
