import { CircleUserRound, History, House, ListChecks, Menu as MenuIcon, MonitorSmartphone, UserRoundSearch, UsersRound, X } from 'lucide-react';
import { Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import type { CompanyAction } from '../../../contract';
import { useCan } from '../../shared/auth/use-can';
import { FullPageSpinner } from '../ui/spinner';
import { ThemeToggle } from './theme-toggle';
import { BackupBanner } from './backup-banner';

/** Each link shows for whoever may do `needs` on some company ('owner': owners only; none: everyone signed in). */
const LINKS: readonly { to: string; label: string; icon: typeof House; end: boolean; needs?: CompanyAction | 'owner' }[] = [
  { to: '/', label: 'Inicio', icon: House, end: true },
  { to: '/packages', label: 'Trivias', icon: ListChecks, end: false, needs: 'content.view' },
  { to: '/devices', label: 'Dispositivos', icon: MonitorSmartphone, end: false, needs: 'devices.manage' },
  { to: '/player-data', label: 'Datos personales', icon: UserRoundSearch, end: false, needs: 'players.manage' },
  { to: '/usuarios', label: 'Usuarios', icon: UsersRound, end: false, needs: 'owner' },
  { to: '/actividad', label: 'Actividad', icon: History, end: false, needs: 'activity.view' },
];

const navClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors pointer-coarse:min-h-11 ${
    isActive
      ? 'bg-brand-50 text-brand-700 dark:bg-brand-900/40 dark:text-brand-200'
      : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
  }`;

/**
 * Header with the product name, the main links ("Inicio", "Trivias" to /packages, "Dispositivos",
 * "Datos personales", "Usuarios" for owners, "Actividad"; each only for the roles that may use its screen), "Mi cuenta" (an icon) and the theme toggle. Where the links
 * do not fit in one row (below 1024 px: a small tablet, a 390 px phone, and a phone at 200 % zoom,
 * 195 px) they fold behind "Menú", "Mi cuenta" with them: a disclosure button
 * (aria-expanded) that shows them as a list under the header; Escape or choosing a link folds
 * them again and the focus goes back to "Menú". The header never scrolls sideways. Under it,
 * owners see what is wrong with the backups, while something is (`BackupBanner`).
 */
export function AdminShell() {
  const { owner, canSomewhere } = useCan();
  const links = LINKS.filter(({ needs }) => !needs || (needs === 'owner' ? owner : canSomewhere(needs)));
  const [open, setOpen] = useState(false);
  const navId = useId();
  const toggle = useRef<HTMLButtonElement>(null);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <div className="min-h-dvh">
      <header
        className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90"
        onKeyDown={closeOnEscape}
      >
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-1.5 px-3 sm:px-6 lg:h-16 lg:flex-nowrap lg:gap-x-2">
          <Link to="/" className="mr-auto flex h-16 min-w-0 items-center gap-2.5 font-bold tracking-tight lg:mr-2">
            <img src="/icons/icon-192.png" alt="" className="size-8 shrink-0 rounded-lg" />
            <span className="text-lg max-[420px]:sr-only">Triviando</span>
          </Link>
          {/* Before the links, so that Tab goes from "Menú" into the list it opens. */}
          <button
            ref={toggle}
            type="button"
            aria-expanded={open}
            aria-controls={navId}
            onClick={() => setOpen((value) => !value)}
            className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 pointer-coarse:h-11 lg:hidden dark:text-slate-200 dark:hover:bg-slate-800"
          >
            {open ? <X className="size-5" aria-hidden /> : <MenuIcon className="size-5" aria-hidden />}
            Menú
          </button>
          <nav
            id={navId}
            aria-label="Principal"
            className={`${open ? 'flex' : 'hidden'} order-last basis-full flex-col gap-1 pb-3 lg:order-none lg:flex lg:flex-1 lg:basis-auto lg:flex-row lg:items-center lg:pb-0`}
          >
            {links.map(({ to, label, icon: Icon, end }) => (
              <NavLink key={to} to={to} end={end} className={navClass} onClick={() => setOpen(false)}>
                <Icon className="size-4 shrink-0" aria-hidden />
                {label}
              </NavLink>
            ))}
            {/* Folded, "Mi cuenta" is one more link of the list; in the row it is the icon beside the theme toggle. */}
            <NavLink to="/mi-cuenta" className={(state) => `${navClass(state)} lg:hidden`} onClick={() => setOpen(false)}>
              <CircleUserRound className="size-4 shrink-0" aria-hidden />
              Mi cuenta
            </NavLink>
          </nav>
          <NavLink
            to="/mi-cuenta"
            aria-label="Mi cuenta"
            title="Mi cuenta"
            className={({ isActive }) =>
              `hidden size-10 shrink-0 items-center justify-center rounded-lg transition-colors pointer-coarse:size-11 lg:inline-flex ${
                isActive ? 'bg-brand-50 text-brand-700 dark:bg-brand-900/40 dark:text-brand-200' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
              }`
            }
          >
            <CircleUserRound className="size-5" aria-hidden />
          </NavLink>
          <ThemeToggle />
        </div>
      </header>
      {owner && <BackupBanner />}
      <main className="mx-auto max-w-7xl px-3 py-8 min-[400px]:px-4 sm:px-6">
        {/* The header stays while a screen's chunk loads. */}
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
